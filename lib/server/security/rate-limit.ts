import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { hitBucket, unhitBucket } from "./sql/rate-limit-buckets";

// Fixed-window counters in PostgreSQL, so every app process shares them (docs/architecture.md).

export type RateLimitRule = { name: string; limit: number; windowSec: number };
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSec: number };

export async function hitRateLimit(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
  const key = `${rule.name}:${subject}`.slice(0, 300);
  const row = await hitBucket(key, rule.windowSec);
  const retryAfterSec = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
  return { allowed: row.count <= rule.limit, count: row.count, retryAfterSec };
}

/** Throws the 429 of docs/product.md §8 when the subject is over the limit. */
export async function enforceRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  const r = await hitRateLimit(rule, subject);
  if (!r.allowed) throw new AppError("RATE_LIMITED", { headers: { "Retry-After": String(r.retryAfterSec) } });
}

/** Clears a subject's counter, e.g. after a successful login. */
export async function clearRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  await db.rateLimitBucket.deleteMany({ where: { key: `${rule.name}:${subject}`.slice(0, 300) } });
}

/**
 * Takes back one hit counted before an outcome was known (e.g. a login that turned out to be
 * the owner's), without clearing what others added to the same window.
 */
export async function undoRateLimitHit(rule: RateLimitRule, subject: string): Promise<void> {
  const key = `${rule.name}:${subject}`.slice(0, 300);
  await unhitBucket(key);
}
