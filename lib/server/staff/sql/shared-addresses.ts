import "server-only";
import { db } from "../../db";

// Which other accounts used the addresses a player used, over a period. An address is the one a
// browser session or an API login (refresh-token family) was made from; a session counts in the
// period when it was used in it (its last use is inside). Addresses are stored as they came
// (docs/accounts.md, "Sessions"), so equal text is the same address. Timestamp columns hold UTC
// without a zone, so the bound comes as ISO text turned into the same kind of value.

export type SharedAddressRow = { userId: number; ip: string; lastSeenAt: Date };

export function sharedAddressRows(userId: number, since: Date): Promise<SharedAddressRow[]> {
  const from = since.toISOString();
  return db.$queryRaw<SharedAddressRow[]>`
    WITH used AS (
      SELECT "userId", ip, "lastSeenAt" AS at FROM sessions
       WHERE ip IS NOT NULL AND "lastSeenAt" >= (${from}::timestamptz AT TIME ZONE 'UTC')
      UNION ALL
      SELECT "userId", ip, "lastUsedAt" AS at FROM refresh_token_families
       WHERE ip IS NOT NULL AND "lastUsedAt" >= (${from}::timestamptz AT TIME ZONE 'UTC')
    ), mine AS (
      SELECT DISTINCT ip FROM used WHERE "userId" = ${userId}
    )
    SELECT u."userId", u.ip, max(u.at) AS "lastSeenAt"
      FROM used u JOIN mine m ON m.ip = u.ip
     GROUP BY u."userId", u.ip
     ORDER BY u."userId", u.ip`;
}
