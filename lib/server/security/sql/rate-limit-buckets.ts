import "server-only";
import { db } from "../../db";

/** A bucket after a hit: the hits in its window and when the window ends. */
export type RateLimitBucketRow = { count: number; resetAt: Date };

/** Counts one hit in the key's fixed window (a window that has ended starts again at 1). */
export async function hitBucket(key: string, windowSec: number): Promise<RateLimitBucketRow> {
  const rows = await db.$queryRaw<RateLimitBucketRow[]>`
    INSERT INTO rate_limit_buckets (key, count, "resetAt")
    VALUES (${key}, 1, now() + make_interval(secs => ${windowSec}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_buckets."resetAt" <= now() THEN 1 ELSE rate_limit_buckets.count + 1 END,
      "resetAt" = CASE WHEN rate_limit_buckets."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE rate_limit_buckets."resetAt" END
    RETURNING count, "resetAt"`;
  return rows[0]!;
}

/** Takes one hit back from the key's current window, never below zero. */
export async function unhitBucket(key: string): Promise<void> {
  await db.$executeRaw`UPDATE rate_limit_buckets SET count = GREATEST(count - 1, 0) WHERE key = ${key} AND "resetAt" > now()`;
}
