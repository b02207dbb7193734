// The staff dashboard's figures. The figures are sums over the whole site, so this
// file runs in a database of its own (as every integration file does, tests/setup/integration-env.ts): every row in it was
// made here, and each figure must equal the sum worked out in this file from the rows it made.
// Purchases are paid, refunded and charged back through the real settlement (settleEvent), then
// moved to earlier days; votes, callbacks, ledger entries and samples are rows stamped on chosen
// days. Also: the silent-vote-site warning (and its twin), the sampling job, the one-minute cache
// driven by the `now` parameter, and who may call the API.
import { describe, expect, it } from "vitest";
import { GET as dashboardRoute } from "@/app/api/v1/staff/dashboard/route";
import { type TDashboardFigures, ZStaffDashboard } from "@/lib/schemas/staff-dashboard";
import { db } from "@/lib/server/db";
import { SAMPLE_RETENTION_DAYS, samplePlayersOnline } from "@/lib/server/game/sample-players-online";
import { enqueue } from "@/lib/server/jobs/enqueue";
import { crontab } from "@/lib/server/worker/task-list";
import { settleEvent } from "@/lib/server/payments/settle";
import type { PaymentEffect } from "@/lib/server/payments/types";
import { dashboardCacheKey, getDashboard } from "@/lib/server/staff/get-dashboard";
import { syncVoteSiteRows } from "@/lib/server/votes/vote-sites";
import { createSessionToken, createUser } from "../factories/users";
import { createPackage } from "../support/fake-payment-data";
import { runJobsUntilIdle } from "../support/jobs";
import { call } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;
/**
 * The figures' clock (getDashboard's `now`): one fixed instant, noon UTC. Taken from the real
 * clock, "today" moved when a run crossed midnight UTC, and in a day's first minutes some of
 * today's stamps below were still in the future (not counted yet). Rows stamped with the real
 * time (the factories' users, the settlement's own rows) come after it, outside every window.
 */
const NOW = new Date("2026-06-15T12:00:00.000Z");
const TODAY = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth(), NOW.getUTCDate());
/** `hour` (UTC, noon by default) of the day `ago` days before NOW's, and that day's key. */
const at = (ago: number, hour = 12) => new Date(TODAY - ago * DAY + hour * 60 * 60 * 1000);
const dayKey = (ago: number) => new Date(TODAY - ago * DAY).toISOString().slice(0, 10);

/** Fresh figures (the cache entry dropped first), as of NOW. */
async function dashboard(range: 30 | 90): Promise<TDashboardFigures> {
  await db.cachedValue.deleteMany({ where: { key: dashboardCacheKey(range) } });
  return getDashboard(range, NOW);
}
/** A series' figure on the day `ago` days back. */
const onDay = <T>(d: TDashboardFigures, series: readonly T[], ago: number): T | undefined => series[d.days.indexOf(dayKey(ago))];

// ── payments through the real settlement ──

type Method = "stripe" | "paypal" | "coinbase";
let purchaseNo = 0;
let eventNo = 0;

async function paidPurchase(method: Method, cents: number, paidAgo: number, opts: { deliverInGame?: boolean; currency?: string } = {}) {
  const buyer = await createUser();
  const pkg = await createPackage({ credits: cents, bonusCredits: 10, priceCents: cents });
  purchaseNo += 1;
  const p = await db.creditPurchase.create({
    data: {
      userId: buyer.id,
      creditPackageId: pkg.id,
      method: method.toUpperCase() as "STRIPE",
      providerRef: `dash_${method}_${purchaseNo}`,
      credits: cents,
      bonusCredits: 10,
      amountCents: cents,
      currency: opts.currency ?? "USD",
      deliverInGame: opts.deliverInGame ?? false,
    },
  });
  await settle(method, p, {
    kind: "paid",
    providerRef: p.providerRef!,
    purchaseId: p.id,
    amountCents: cents,
    currency: (opts.currency ?? "USD").toLowerCase(),
  });
  await db.creditPurchase.update({ where: { id: p.id }, data: { paidAt: at(paidAgo) } });
  return p;
}

async function settle(method: Method, p: { id: number; providerRef: string | null }, effect: PaymentEffect) {
  eventNo += 1;
  const r = await settleEvent(method, { eventId: `evt_dash_${eventNo}`, type: `test.${effect.kind}`, payload: { n: eventNo }, effect });
  expect(r.outcome, r.error).toBe("applied");
}
const claw = (method: Method, p: { id: number; providerRef: string | null }, kind: "refunded" | "dispute-opened" | "dispute-lost" | "dispute-won") =>
  settle(method, p, { kind, providerRef: p.providerRef!, purchaseId: p.id });

/** Moves the ledger entry the settlement wrote for a purchase to `ago` days back. */
const backdateEntry = (purchaseId: number, kind: "REFUND" | "CHARGEBACK" | "ADJUSTMENT", ago: number, hour = 12) =>
  db.creditLedgerEntry.updateMany({ where: { creditPurchaseId: purchaseId, kind }, data: { createdAt: at(ago, hour) } });

describe("staff dashboard figures", () => {
  it("revenue per day and provider: payments on the day paid, refunds and chargebacks netted on the day they happened", async () => {
    // What this test does with money, by provider and day: [provider, days ago, gross, refunded, charged back].
    const moves: Array<[string, number, number, number, number]> = [];

    const a = await paidPurchase("stripe", 5000, 3);
    moves.push(["stripe", 3, 5000, 0, 0]);

    const b = await paidPurchase("paypal", 2000, 10);
    await claw("paypal", b, "refunded");
    await backdateEntry(b.id, "REFUND", 2);
    moves.push(["paypal", 10, 2000, 0, 0], ["paypal", 2, 0, 2000, 0]);

    const c = await paidPurchase("stripe", 10_000, 5);
    await claw("stripe", c, "dispute-opened"); // nothing taken yet
    await claw("stripe", c, "dispute-lost");
    await backdateEntry(c.id, "CHARGEBACK", 1);
    moves.push(["stripe", 5, 10_000, 0, 0], ["stripe", 1, 0, 0, 10_000]);

    // Lost, then won back: out on one day, in again on the next.
    const g = await paidPurchase("stripe", 2500, 8);
    await claw("stripe", g, "dispute-lost");
    await backdateEntry(g.id, "CHARGEBACK", 7);
    await claw("stripe", g, "dispute-won");
    await backdateEntry(g.id, "ADJUSTMENT", 6);
    moves.push(["stripe", 8, 2500, 0, 0], ["stripe", 7, 0, 0, 2500], ["stripe", 6, 0, 0, -2500]);

    // Credits for the game, refunded before the game had them: the delivery is canceled and no
    // ledger entry is written; the purchase's own change dates the refund.
    const f = await paidPurchase("stripe", 1500, 6, { deliverInGame: true });
    await claw("stripe", f, "refunded");
    expect((await db.gameDelivery.findUniqueOrThrow({ where: { creditPurchaseId: f.id } })).status).toBe("CANCELED");
    expect(await db.creditLedgerEntry.count({ where: { creditPurchaseId: f.id } })).toBe(0);
    await db.$executeRaw`UPDATE credit_purchases SET "updatedAt" = ${at(4)} WHERE id = ${f.id}`;
    moves.push(["stripe", 6, 1500, 0, 0], ["stripe", 4, 0, 1500, 0]);

    // Inside 90 days but not 30; older than 90 days; another currency; never paid: only the first counts, in the 90-day view.
    await paidPurchase("coinbase", 3000, 40);
    moves.push(["coinbase", 40, 3000, 0, 0]);
    await paidPurchase("coinbase", 7000, 100);
    await paidPurchase("stripe", 900, 2, { currency: "EUR" });
    const pkg = await createPackage();
    await db.creditPurchase.create({
      data: { userId: a.userId, creditPackageId: pkg.id, method: "STRIPE", providerRef: "dash_pending", credits: 1, bonusCredits: 0, amountCents: 4200 },
    });
    // A store order refunded in credits is not money: it has no purchase.
    await db.creditLedgerEntry.create({
      data: { userId: a.userId, delta: 50, balanceAfter: 50, kind: "REFUND", idempotencyKey: `dash-order-refund-${a.id}`, createdAt: at(3) },
    });

    for (const range of [30, 90] as const) {
      const d = await dashboard(range);
      const inRange = moves.filter(([, ago]) => ago < range);
      const expectDay = (ago: number, pick: (m: (typeof moves)[number]) => number, provider?: string) =>
        inRange.filter((m) => m[1] === ago && (!provider || m[0] === provider)).reduce((s, m) => s + pick(m), 0);
      const net = (m: (typeof moves)[number]) => m[2] - m[3] - m[4];
      for (let ago = 0; ago < range; ago++) {
        expect(onDay(d, d.revenue.grossCents, ago), `gross ${dayKey(ago)}`).toBe(expectDay(ago, (m) => m[2]));
        expect(onDay(d, d.revenue.refundedCents, ago), `refunded ${dayKey(ago)}`).toBe(expectDay(ago, (m) => m[3]));
        expect(onDay(d, d.revenue.chargedBackCents, ago), `charged back ${dayKey(ago)}`).toBe(expectDay(ago, (m) => m[4]));
        expect(onDay(d, d.revenue.netCents, ago), `net ${dayKey(ago)}`).toBe(expectDay(ago, net));
      }
      const providers = [...new Set(inRange.map((m) => m[0]))];
      expect(d.revenue.byProvider.map((p) => p.provider).sort()).toEqual(providers.sort());
      for (const p of d.revenue.byProvider) {
        for (let ago = 0; ago < range; ago++) expect(onDay(d, p.netCents, ago), `${p.provider} ${dayKey(ago)}`).toBe(expectDay(ago, net, p.provider));
        expect(p.totalCents).toBe(inRange.filter((m) => m[0] === p.provider).reduce((s, m) => s + net(m), 0));
      }
      expect(d.revenue.totals).toEqual({
        grossCents: inRange.reduce((s, m) => s + m[2], 0),
        refundedCents: inRange.reduce((s, m) => s + m[3], 0),
        chargedBackCents: inRange.reduce((s, m) => s + m[4], 0),
        netCents: inRange.reduce((s, m) => s + net(m), 0),
      });
    }
    // The figures by hand, once: 30 days hold 5000 + 2000 + 10000 + 2500 + 1500 received, and
    // 2000 + 1500 refunded, 10000 + 2500 − 2500 charged back.
    const d30 = await dashboard(30);
    expect(d30.revenue.totals).toEqual({ grossCents: 21_000, refundedCents: 3500, chargedBackCents: 10_000, netCents: 7500 });
    expect(d30.currency).toBe("USD");
  });

  it("credits spent per day are the store's SPEND entries, nothing else", async () => {
    const u = await createUser();
    const spends: Array<[number, number]> = [
      [0, 120],
      [0, 30],
      [2, 500],
      [29, 75],
      [45, 1000],
      [95, 9999],
    ];
    for (const [i, [ago, credits]] of spends.entries())
      await db.creditLedgerEntry.create({
        data: { userId: u.id, delta: -credits, balanceAfter: 0, kind: "SPEND", idempotencyKey: `dash-spend-${u.id}-${i}`, createdAt: at(ago, 0) },
      });
    await db.creditLedgerEntry.create({
      data: { userId: u.id, delta: -40, balanceAfter: 0, kind: "ADJUSTMENT", idempotencyKey: `dash-grant-${u.id}`, createdAt: at(2) },
    });

    for (const range of [30, 90] as const) {
      const d = await dashboard(range);
      for (let ago = 0; ago < range; ago++)
        expect(onDay(d, d.creditsSpent.perDay, ago), dayKey(ago)).toBe(spends.filter(([a]) => a === ago).reduce((s, [, c]) => s + c, 0));
      expect(d.creditsSpent.total).toBe(spends.filter(([a]) => a < range).reduce((s, [, c]) => s + c, 0));
    }
  });

  it("votes per day per site, and a warning for a site that called before but not in the last 24 hours", async () => {
    const sites = await syncVoteSiteRows();
    const voter = await createUser();
    const votes: Array<["runelocus" | "rsps_list" | "runelist", number]> = [
      ["runelocus", 0],
      ["runelocus", 0],
      ["runelocus", 3],
      ["rsps_list", 3],
      ["rsps_list", 12],
      ["runelist", 29],
      ["runelist", 60],
      ["rsps_list", 91],
    ];
    for (const [site, ago] of votes) await db.vote.create({ data: { userId: voter.id, siteId: sites[site], createdAt: at(ago, 0) } });
    // RuneLocus called 25 hours ago and never since; RSPS-List an hour ago (and long before); Runelist never.
    const callback = (site: keyof typeof sites, hoursAgo: number) =>
      db.voteCallback.create({
        data: { siteId: sites[site], receivedAt: new Date(NOW.getTime() - hoursAgo * 3_600_000), query: {}, accepted: false, reason: "test" },
      });
    await callback("runelocus", 40);
    await callback("runelocus", 25);
    await callback("rsps_list", 300);
    await callback("rsps_list", 1);

    for (const range of [30, 90] as const) {
      const d = await dashboard(range);
      for (const site of d.votes.sites) {
        for (let ago = 0; ago < range; ago++)
          expect(onDay(d, site.perDay, ago), `${site.key} ${dayKey(ago)}`).toBe(votes.filter(([s, a]) => s === site.key && a === ago).length);
        expect(site.total).toBe(votes.filter(([s, a]) => s === site.key && a < range).length);
      }
      expect(d.votes.total).toBe(votes.filter(([, a]) => a < range).length);
      for (let ago = 0; ago < range; ago++) expect(onDay(d, d.votes.perDay, ago)).toBe(votes.filter(([, a]) => a === ago).length);
    }

    const d = await dashboard(30);
    const site = (key: string) => d.votes.sites.find((s) => s.key === key)!;
    expect(site("runelocus")).toMatchObject({ silent: true, lastCallbackAt: expect.any(String) });
    expect(NOW.getTime() - Date.parse(site("runelocus").lastCallbackAt!)).toBeGreaterThan(24 * 3_600_000);
    expect(site("rsps_list")).toMatchObject({ silent: false });
    expect(NOW.getTime() - Date.parse(site("rsps_list").lastCallbackAt!)).toBeLessThan(2 * 3_600_000);
    expect(site("runelist")).toMatchObject({ silent: false, lastCallbackAt: null });
  });

  it("votes list the active site rows by their own names; a site turned off only with votes or a callback, never silent", async () => {
    await syncVoteSiteRows();
    const added = await db.voteSite.create({ data: { key: "dash_added", name: "Added List", sortOrder: 1, active: true } });
    const offCalled = await db.voteSite.create({ data: { key: "dash_off_called", name: "Off Called", sortOrder: 2, active: false } });
    await db.voteSite.create({ data: { key: "dash_off_quiet", name: "Off Quiet", sortOrder: 3, active: false } });
    const voter = await createUser();
    await db.vote.create({ data: { userId: voter.id, siteId: added.id, createdAt: at(2, 0) } });
    await db.voteCallback.create({
      data: { siteId: offCalled.id, receivedAt: new Date(NOW.getTime() - 48 * 3_600_000), query: {}, accepted: false, reason: "test" },
    });

    const d = await dashboard(30).finally(async () => {
      // Gone again: the other tests' sums are over every site in this database.
      await db.vote.deleteMany({ where: { siteId: added.id } });
      await db.voteCallback.deleteMany({ where: { siteId: offCalled.id } });
      await db.voteSite.deleteMany({ where: { key: { startsWith: "dash_" } } });
      await db.cachedValue.deleteMany({ where: { key: dashboardCacheKey(30) } });
    });
    const keys = d.votes.sites.map((s) => s.key);
    expect(d.votes.sites.find((s) => s.key === "dash_added")).toMatchObject({ name: "Added List", total: 1 });
    expect(onDay(d, d.votes.sites.find((s) => s.key === "dash_added")!.perDay, 2)).toBe(1);
    expect(d.votes.sites.find((s) => s.key === "dash_off_called")).toMatchObject({ name: "Off Called", silent: false, lastCallbackAt: expect.any(String) });
    expect(keys).not.toContain("dash_off_quiet");
    // The shipped presets that are off and never called are not charted either.
    expect(keys).not.toContain("topg");
  });

  it("registrations per day are the accounts' join dates", async () => {
    for (const ago of [1, 1, 1, 5, 33, 120]) await db.user.update({ where: { id: (await createUser()).id }, data: { joinDate: at(ago, 23) } });
    // Every account in this database (the other tests' buyers and voters too), bucketed here.
    const joined = (await db.user.findMany({ select: { joinDate: true } })).map((u) => u.joinDate.toISOString().slice(0, 10));
    for (const range of [30, 90] as const) {
      const d = await dashboard(range);
      for (let ago = 0; ago < range; ago++) expect(onDay(d, d.registrations.perDay, ago), dayKey(ago)).toBe(joined.filter((j) => j === dayKey(ago)).length);
      expect(d.registrations.total).toBe(joined.filter((j) => d.days.includes(j)).length);
    }
    const d = await dashboard(30);
    expect(onDay(d, d.registrations.perDay, 1)).toBeGreaterThanOrEqual(3);
  });

  it("players online per day: the peak and mean of the samples; null on a day without one", async () => {
    // [days ago, hour (UTC), players]; today's in its first minutes, before NOW (noon).
    const samples: Array<[number, number, number]> = [
      [0, 0, 10],
      [0, 0.01, 40],
      [0, 0.02, 25],
      [2, 6, 7],
      [2, 18, 8],
      [50, 12, 300],
    ];
    for (const [ago, hour, n] of samples) await db.playersOnlineSample.create({ data: { sampledAt: at(ago, hour), playersOnline: n, worlds: 1 } });
    for (const range of [30, 90] as const) {
      const d = await dashboard(range);
      for (let ago = 0; ago < range; ago++) {
        const that = samples.filter(([a]) => a === ago).map(([, , n]) => n);
        expect(onDay(d, d.playersOnline.peak, ago), dayKey(ago)).toBe(that.length ? Math.max(...that) : null);
        expect(onDay(d, d.playersOnline.average, ago), dayKey(ago)).toBe(
          that.length ? Math.round((that.reduce((s, n) => s + n, 0) / that.length) * 10) / 10 : null,
        );
      }
    }
    // The newest sample that is not in the future.
    const latest = (await dashboard(30)).playersOnline.latest!;
    const expected = samples
      .filter(([ago, hour]) => at(ago, hour).getTime() <= NOW.getTime())
      .sort((x, y) => at(y[0], y[1]).getTime() - at(x[0], x[1]).getTime())[0]!;
    expect(latest).toEqual({ at: at(expected[0], expected[1]).toISOString(), playersOnline: expected[2], worlds: 1 });
  });

  it("counts what waits for staff: open tickets, open reports, failed jobs, events not applied", async () => {
    const u = await createUser();
    await db.ticket.create({ data: { userId: u.id, type: "WEBSITE_SUPPORT", title: "Open", description: "Help" } });
    await db.ticket.create({ data: { userId: u.id, type: "WEBSITE_SUPPORT", title: "Closed", description: "Done", closed: true } });
    const category = await db.forumCategory.create({ data: { name: "Dashboard" } });
    const forum = await db.forum.create({ data: { categoryId: category.id, name: "Dashboard", description: "Reports" } });
    const thread = await db.forumThread.create({ data: { forumId: forum.id, userId: u.id, title: "Reported" } });
    const post = await db.forumPost.create({ data: { threadId: thread.id, userId: u.id, content: "<p>Hm</p>" } });
    const reporters = [await createUser(), await createUser()];
    await db.forumPostReport.create({ data: { postId: post.id, reporterId: reporters[0]!.id, reason: "Spam" } });
    await db.forumPostReport.create({ data: { postId: post.id, reporterId: reporters[1]!.id, reason: "Spam", resolvedAt: new Date() } });
    await db.$executeRaw`SELECT graphile_worker.permanently_fail_jobs(ARRAY[(SELECT id FROM graphile_worker.add_job('dash-unknown-task', '{}'::json, max_attempts => 3))], 'test')`;
    await db.$executeRaw`SELECT graphile_worker.add_job('dash-waiting-task', '{}'::json, run_at => now() + interval '1 day')`;
    await db.webhookEvent.create({
      data: { provider: "STRIPE", eventId: "evt_dash_refused", type: "test", payload: {}, processedAt: new Date(), error: "paid 1 usd, expected 2 USD" },
    });
    await db.webhookEvent.create({ data: { provider: "STRIPE", eventId: "evt_dash_unprocessed", type: "test", payload: {} } });

    const [jobs] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE attempts >= max_attempts`;
    const d = await dashboard(30);
    expect(d.counters).toEqual({
      openTickets: await db.ticket.count({ where: { closed: false } }),
      reportsWaiting: await db.forumPostReport.count({ where: { resolvedAt: null } }),
      failedJobs: jobs!.n,
      unappliedEvents: await db.webhookEvent.count({ where: { OR: [{ processedAt: null }, { error: { not: null } }] } }),
    });
    expect(d.counters).toEqual({ openTickets: 1, reportsWaiting: 1, failedJobs: 1, unappliedEvents: 2 });
  });
});

describe("players-online history", () => {
  it("the scheduled job writes one sample per run from the worlds that reported lately, and drops samples past 90 days", async () => {
    expect(crontab).toMatch(/^\*\/5 \* \* \* \* sample-players-online /m);
    await db.playersOnlineSample.deleteMany();
    await db.$executeRaw`INSERT INTO game_worlds (world, "playersOnline", "updatedAt") VALUES (1, 40, now() AT TIME ZONE 'UTC'), (2, 12, now() AT TIME ZONE 'UTC'), (3, 99, (now() AT TIME ZONE 'UTC') - interval '10 minutes')`;
    const old = await db.playersOnlineSample.create({
      data: { sampledAt: new Date(Date.now() - (SAMPLE_RETENTION_DAYS + 1) * DAY), playersOnline: 1, worlds: 1 },
    });
    const kept = await db.playersOnlineSample.create({
      data: { sampledAt: new Date(Date.now() - (SAMPLE_RETENTION_DAYS - 1) * DAY), playersOnline: 2, worlds: 1 },
    });

    await enqueue("sample-players-online", {});
    await runJobsUntilIdle();
    let rows = await db.playersOnlineSample.findMany({ orderBy: { sampledAt: "asc" } });
    expect(rows.map((r) => r.id)).not.toContain(old.id);
    expect(rows.map((r) => r.id)).toContain(kept.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ playersOnline: 52, worlds: 2 }); // world 3 last reported 10 minutes ago: stale

    await enqueue("sample-players-online", {});
    await runJobsUntilIdle();
    rows = await db.playersOnlineSample.findMany({ orderBy: { sampledAt: "asc" } });
    expect(rows).toHaveLength(3);

    // No world reporting: a sample of 0 all the same (the game was down).
    const lonely = await samplePlayersOnline(new Date(Date.now() + 60 * 60 * 1000));
    expect(lonely).toEqual({ playersOnline: 0, worlds: 0, deleted: 0 });
  });
});

describe("the one-minute cache", () => {
  it("serves the same answer within a minute of computing it, and a fresh one after", async () => {
    await db.cachedValue.deleteMany({ where: { key: dashboardCacheKey(30) } });
    const t = new Date();
    const first = await getDashboard(30, t);
    const before = first.registrations.total;
    await createUser(); // joins now: a fresh answer counts it

    const within = await getDashboard(30, new Date(t.getTime() + 59_000));
    expect(within).toEqual(first);
    expect(within.registrations.total).toBe(before);

    const after = await getDashboard(30, new Date(t.getTime() + 61_000));
    expect(after.generatedAt).toBe(new Date(t.getTime() + 61_000).toISOString());
    expect(after.registrations.total).toBe(before + 1);

    // Each range has its own entry; and one stamped later than `now` (another clock) is not trusted.
    expect((await getDashboard(90, new Date(t.getTime() + 62_000))).range).toBe(90);
    const earlier = await getDashboard(30, new Date(t.getTime() + 30_000));
    expect(earlier.generatedAt).toBe(new Date(t.getTime() + 30_000).toISOString());
  });
});

describe("GET /api/v1/staff/dashboard", () => {
  const as = async (privilege: "PLAYER" | "MODERATOR" | "ADMINISTRATOR" | null, query = "") => {
    const cookies = privilege ? { session: await createSessionToken((await createUser({ privilege })).id) } : undefined;
    return call(dashboardRoute, { path: `/api/v1/staff/dashboard${query}`, ...(cookies ? { cookies } : {}) });
  };

  it("answers guests 401, players 403, moderators and up 200 with the figures", async () => {
    expect((await as(null)).status).toBe(401);
    expect((await as("PLAYER")).status).toBe(403);
    // The route's clock is the real one: its last day is today's, read before or after the call.
    const realDay = () => new Date().toISOString().slice(0, 10);
    const dayBefore = realDay();
    const mod = await as("MODERATOR");
    const dayAfter = realDay();
    expect(mod.status).toBe(200);
    expect(mod.headers.get("cache-control")).toBe("no-store");
    const body = ZStaffDashboard.parse(mod.json);
    expect(body.range).toBe(30);
    expect(body.days).toHaveLength(30);
    expect([dayBefore, dayAfter]).toContain(body.days.at(-1));
    const admin = await as("ADMINISTRATOR", "?range=90");
    expect(admin.status).toBe(200);
    expect(ZStaffDashboard.parse(admin.json).days).toHaveLength(90);
  });

  it("answers each rank the figures of the areas it may use: no revenue, failed jobs or payment events to a moderator", async () => {
    const mod = ZStaffDashboard.parse((await as("MODERATOR")).json);
    expect(mod).not.toHaveProperty("revenue");
    expect(Object.keys(mod.counters).sort()).toEqual(["openTickets", "reportsWaiting"]);
    // The same figures, in full, to an administrator (its twin: the cut is the rank's, not the data's).
    const admin = ZStaffDashboard.parse((await as("ADMINISTRATOR")).json);
    expect(admin.revenue?.totals).toEqual(expect.objectContaining({ netCents: expect.any(Number) }));
    expect(Object.keys(admin.counters).sort()).toEqual(["failedJobs", "openTickets", "reportsWaiting", "unappliedEvents"]);
    expect(mod.counters.openTickets).toBe(admin.counters.openTickets);
    expect(mod.creditsSpent).toEqual(admin.creditsSpent);
  });

  it("refuses a range other than 30 or 90 with 400, naming the field", async () => {
    const r = await as("MODERATOR", "?range=7");
    expect(r.status).toBe(400);
    expect(r.json.range).toEqual(["Range must be 30 or 90."]);
  });
});
