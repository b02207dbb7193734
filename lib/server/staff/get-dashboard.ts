import "server-only";
import { atLeast } from "@/lib/privileges";
import type { PrivilegeName } from "@/lib/ranks";
import { DASHBOARD_CACHE_SEC, type TDashboardFigures, type TDashboardRange, type TStaffDashboard, ZDashboardFigures } from "@/lib/schemas/staff-dashboard";
import { STAFF_AREAS } from "@/lib/staff-areas";
import { db } from "../db";
import { computeDashboard } from "./dashboard-figures";

// GET /api/v1/staff/dashboard and the /staff page: the dashboard's figures, at most a minute old.
//
// The cache is the shared cached_values table, not a per-process memory: `npm start` runs one
// worker per core and production may run several machines, so a per-process cache would run the
// six aggregate queries once per process and show two moderators different figures depending on
// which process answered. One primary-key read is all a fresh answer costs; when the entry is a
// minute old, the next reader recomputes it. No job refreshes it ahead of time: the dashboard is
// read a few times an hour, and a job would run the queries every minute for nobody. Two readers
// that find it stale at once both compute, and the later write wins: same figures, harmless.

export const dashboardCacheKey = (range: TDashboardRange) => `staff-dashboard:${range}`;

/** The cached figures when they are younger than DASHBOARD_CACHE_SEC at `now`, else fresh ones (then cached). */
export async function getDashboard(range: TDashboardRange, now = new Date()): Promise<TDashboardFigures> {
  const key = dashboardCacheKey(range);
  const row = await db.cachedValue.findUnique({ where: { key } });
  const age = row ? now.getTime() - row.refreshedAt.getTime() : Infinity;
  // An entry from "the future" (another machine's clock ahead of ours) is not trusted either.
  if (row && age >= 0 && age < DASHBOARD_CACHE_SEC * 1000) {
    const cached = ZDashboardFigures.safeParse(row.value);
    if (cached.success) return cached.data;
  }
  const fresh = await computeDashboard(range, now);
  await db.cachedValue.upsert({ where: { key }, create: { key, value: fresh, refreshedAt: now }, update: { value: fresh, refreshedAt: now } });
  return fresh;
}

/** May this rank use the staff area at `href` (lib/staff-areas.ts)? */
function mayUse(privilege: PrivilegeName, href: string): boolean {
  const area = STAFF_AREAS.find((a) => a.href === href);
  return area !== undefined && atLeast(privilege, area.min);
}

/**
 * The dashboard as `privilege` may read it: each rank sees the figures of the areas it may use.
 * Revenue is money, as the payments area is; the failed-jobs and unapplied-events counters
 * belong to the jobs and payments areas. A moderator's answer has none of the three.
 */
export function dashboardFor(privilege: PrivilegeName, d: TDashboardFigures): TStaffDashboard {
  const money = mayUse(privilege, "/staff/payments");
  const jobs = mayUse(privilege, "/staff/jobs");
  const { revenue, counters, ...rest } = d;
  const { failedJobs, unappliedEvents, ...waiting } = counters;
  return {
    ...rest,
    ...(money ? { revenue } : {}),
    counters: { ...waiting, ...(jobs ? { failedJobs } : {}), ...(money ? { unappliedEvents } : {}) },
  };
}

/** GET /api/v1/staff/dashboard and the /staff page: the figures (at most a minute old) this rank may read. */
export async function getDashboardFor(range: TDashboardRange, privilege: PrivilegeName): Promise<TStaffDashboard> {
  return dashboardFor(privilege, await getDashboard(range));
}
