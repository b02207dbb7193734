import "server-only";
import { db } from "../../db";

/** Stamps the key's lastUsedAt now, unless it was stamped less than `everySec` seconds ago. */
export async function touchGameKeyLastUsed(keyId: number, everySec: number): Promise<void> {
  await db.$executeRaw`UPDATE game_api_keys SET "lastUsedAt" = now()
    WHERE id = ${keyId} AND ("lastUsedAt" IS NULL OR "lastUsedAt" < now() - make_interval(secs => ${everySec}))`;
}
