import "server-only";
import { db } from "../db";
import { AppError } from "../errors";

// Fixed-window counters in PostgreSQL, so every app process shares them (DESIGN.md §1).

export type RateLimitRule = { name: string; limit: number; windowSec: number };
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSec: number };

export async function hitRateLimit(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`.slice(0, 300);
  const rows = await db.$queryRaw<{ count: number; resetAt: Date }[]>`
    INSERT INTO rate_limit_buckets (key, count, "resetAt")
    VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowSec}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limit_buckets."resetAt" <= now() THEN 1 ELSE rate_limit_buckets.count + 1 END,
      "resetAt" = CASE WHEN rate_limit_buckets."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE rate_limit_buckets."resetAt" END
    RETURNING count, "resetAt"`;
  const row = rows[0]!;
  const retryAfterSec = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSec };
}

/** Throws the spec's 429 when the subject is over the limit. */
export async function enforceRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  const r = await hitRateLimit(rule, subject);
  if (!r.allowed) throw new AppError("RATE_LIMITED", { headers: { "Retry-After": String(r.retryAfterSec) } });
}

/** Clears a subject's counter, e.g. after a successful login. */
export async function clearRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  await db.rateLimitBucket.deleteMany({ where: { key: `${rule.name}:${subject}`.slice(0, 300) } });
}

/** True when the subject has already used up the rule in the current window (does not count). */
export async function isRateLimited(rule: RateLimitRule, subject: string): Promise<boolean> {
  const row = await db.rateLimitBucket.findUnique({ where: { key: `${rule.name}:${subject}`.slice(0, 300) } });
  return Boolean(row && row.resetAt > new Date() && row.count >= rule.limit);
}

/**
 * Takes back one hit counted before an outcome was known (e.g. a login that turned out to be
 * the owner's), without clearing what others added to the same window.
 */
export async function undoRateLimitHit(rule: RateLimitRule, subject: string): Promise<void> {
  const key = `${rule.name}:${subject}`.slice(0, 300);
  await db.$executeRaw`UPDATE rate_limit_buckets SET count = GREATEST(count - 1, 0) WHERE key = ${key} AND "resetAt" > now()`;
}
