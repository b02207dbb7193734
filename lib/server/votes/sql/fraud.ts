import "server-only";
import { db, Prisma } from "../../db";

// The vote fraud signals' queries (lib/server/votes/fraud-signals.ts says what each means).

export type FraudWindow = { from: Date; to: Date; days: number };
export type AddressRow = { address: string; accounts: number; votes: number };
export type BurstRow = { siteId: number; start: Date; count: number; usual: number };

/** Voter addresses (votes.ip) counted for at least `minAccounts` accounts in the window, most accounts first. */
export function sharedAddresses(w: FraudWindow, minAccounts: number): Promise<AddressRow[]> {
  return db.$queryRaw<AddressRow[]>`
    SELECT v.ip AS address, count(DISTINCT v."userId")::int AS accounts, count(*)::int AS votes
    FROM votes v
    WHERE v."createdAt" > ${w.from} AND v."createdAt" <= ${w.to} AND v.ip IS NOT NULL
    GROUP BY v.ip
    HAVING count(DISTINCT v."userId") >= ${minAccounts}::int
    ORDER BY accounts DESC, votes DESC, address`;
}

/** Counted callbacks in the window with no open of that site's link within the site's cooldown before them. */
export function noOpenIds(w: FraudWindow, sites: readonly { id: number; cooldownHours: number }[]): Promise<{ id: number }[]> {
  if (!sites.length) return Promise.resolve([]);
  return db.$queryRaw<{ id: number }[]>`
    SELECT vc.id
    FROM vote_callbacks vc
    JOIN votes v ON v."callbackId" = vc.id
    JOIN unnest(${sites.map((s) => s.id)}::int[], ${sites.map((s) => s.cooldownHours)}::int[]) AS s(id, hours) ON s.id = vc."siteId"
    WHERE vc.accepted AND vc."receivedAt" > ${w.from} AND vc."receivedAt" <= ${w.to}
      AND NOT EXISTS (
        SELECT 1 FROM vote_link_opens o
        WHERE o."userId" = v."userId" AND o."siteId" = vc."siteId"
          AND o."openedAt" <= vc."receivedAt" AND o."openedAt" > vc."receivedAt" - make_interval(hours => s.hours)
      )`;
}

/**
 * A site's counted callbacks per bucket (aligned on a fixed origin, so a bucket is the same
 * whatever the window), over the baseline; the buckets in the window above
 * max(multiple × the site's median bucket, minCallbacks), largest first.
 */
export function burstBuckets(w: FraudWindow, o: { baselineFrom: Date; bucketMinutes: number; multiple: number; minCallbacks: number }): Promise<BurstRow[]> {
  const bucket = Prisma.sql`make_interval(mins => ${o.bucketMinutes}::int)`;
  return db.$queryRaw<BurstRow[]>`
    WITH b AS (
      SELECT vc."siteId", date_bin(${bucket}, vc."receivedAt", TIMESTAMP '2000-01-01') AS start, count(*)::int AS n
      FROM vote_callbacks vc
      WHERE vc.accepted AND vc."siteId" IS NOT NULL AND vc."receivedAt" > ${o.baselineFrom} AND vc."receivedAt" <= ${w.to}
      GROUP BY 1, 2
    ), usual AS (
      SELECT "siteId", percentile_cont(0.5) WITHIN GROUP (ORDER BY n) AS median FROM b GROUP BY "siteId"
    )
    SELECT b."siteId", b.start, b.n AS count, u.median::float8 AS usual
    FROM b JOIN usual u USING ("siteId")
    WHERE b.start + ${bucket} > ${w.from}
      AND b.n > GREATEST(${o.multiple}::float8 * u.median, ${o.minCallbacks}::int)
    ORDER BY b.n DESC, b.start DESC`;
}
