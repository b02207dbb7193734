import { parseCrontab } from "graphile-worker";
import { describe, expect, it } from "vitest";
import { GET as metricsRoute } from "@/app/api/v1/vote/metrics/route";
import { db } from "@/lib/server/db";
import { enqueue } from "@/lib/server/jobs/enqueue";
import { crontab } from "@/lib/server/worker/task-list";
import { computeVoteMetrics, getVoteMetrics, VOTE_METRICS_KEY } from "@/lib/server/votes/vote-metrics";
import { ensureVoteSiteRows } from "@/lib/server/votes/vote-sites";
import { LEADERBOARD_SIZE } from "@/lib/schemas/votes";
import { createUser } from "../factories/users";
import { runJobsUntilIdle } from "../support/jobs";
import { call, freshClient } from "./helpers";
import { rspsList, runelist, runelocus, withVoteSiteSettings, voter } from "./vote-fixtures";

// Vote statistics: computed by the refresh job, cached for every process, answered by
// GET /api/v1/vote/metrics. Totals are exact here: this file has a database of its own.

withVoteSiteSettings();

const metrics = () => call(metricsRoute, { path: "/api/v1/vote/metrics", headers: freshClient() });

async function refreshThroughQueue() {
  await enqueue("refresh-vote-metrics", {});
  await runJobsUntilIdle();
}

/** Votes written directly, at chosen times: for ordering and month boundaries. */
async function castVotes(userId: number, times: Date[]) {
  const sites = await ensureVoteSiteRows();
  await db.vote.createMany({ data: times.map((createdAt) => ({ userId, siteId: sites.runelocus, createdAt })) });
}

const ago = (ms: number, from = new Date()) => new Date(from.getTime() - ms);
const MIN = 60_000;

describe("vote statistics", () => {
  it("are refreshed every five minutes by one scheduled job at a time", () => {
    const item = parseCrontab(crontab).find((i) => i.task === "refresh-vote-metrics");
    expect(item?.options).toMatchObject({ jobKey: "refresh-vote-metrics" });
    const minutes = Array.from({ length: 60 }, (_, m) => m).filter((m) => item!.match({ min: m, hour: 3, date: 9, month: 6, dow: 2 }));
    expect(minutes).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55]);
  });

  it("answers right away on a fresh install, with an empty leaderboard", async () => {
    const now = new Date();
    const r = await metrics();
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      totalVotes: 0,
      monthlyVotes: 0,
      monthlyLeaderboard: [],
      month: now.getUTCMonth() + 1,
      year: now.getUTCFullYear(),
      refreshed: expect.any(String),
    });
    expect(await db.cachedValue.findUnique({ where: { key: VOTE_METRICS_KEY } })).not.toBeNull();
  });

  it("reflects accepted votes once the refresh job has run, and serves the cached figures until then", async () => {
    const a = await voter();
    const b = await voter();
    await Promise.all([runelocus(a.token), rspsList(a.token), runelist(a.token), runelocus(b.token)]);
    await runelocus(a.token); // a duplicate: not counted

    expect((await metrics()).json).toMatchObject({ totalVotes: 0, monthlyVotes: 0, monthlyLeaderboard: [] });
    await refreshThroughQueue();
    expect((await metrics()).json).toMatchObject({
      totalVotes: 4,
      monthlyVotes: 4,
      monthlyLeaderboard: [
        { username: a.username, count: 3 },
        { username: b.username, count: 1 },
      ],
    });
  });

  it("recomputes when the cache is older than two refresh periods (the job is not running)", async () => {
    const c = await voter();
    await runelist(c.token);
    await db.cachedValue.update({ where: { key: VOTE_METRICS_KEY }, data: { refreshedAt: ago(11 * MIN) } });
    expect((await metrics()).json).toMatchObject({ totalVotes: 5, monthlyVotes: 5 });
  });

  it("orders equal counts by who reached them first, leaves banned players out, keeps staff, shows at most ten", async () => {
    // A month of its own (March 2030), so only these votes are in it.
    const now = new Date(Date.UTC(2030, 2, 15, 12));
    const early = await createUser();
    const late = await createUser();
    const staff = await createUser({ privilege: "MODERATOR" });
    const banned = await createUser();
    await castVotes(late.id, [ago(60 * MIN, now), ago(2 * MIN, now)]);
    await castVotes(early.id, [ago(50 * MIN, now), ago(3 * MIN, now)]);
    await castVotes(staff.id, [ago(40 * MIN, now), ago(30 * MIN, now), ago(20 * MIN, now)]);
    await castVotes(banned.id, [ago(9 * MIN, now), ago(8 * MIN, now), ago(7 * MIN, now), ago(6 * MIN, now)]);
    await db.user.update({ where: { id: banned.id }, data: { bannedAt: now, banReason: "vote abuse" } });
    const singles = [];
    for (let i = 0; i < 10; i++) {
      const u = await createUser();
      await castVotes(u.id, [ago((10 - i) * MIN, now)]); // singles[0] voted first
      singles.push(u);
    }

    const m = await computeVoteMetrics(now);
    expect(m).toMatchObject({ month: 3, year: 2030, monthlyVotes: 2 + 2 + 3 + 4 + 10 });
    expect(m.monthlyLeaderboard).toEqual([
      { username: staff.username, count: 3 },
      { username: early.username, count: 2 },
      { username: late.username, count: 2 },
      ...singles.slice(0, LEADERBOARD_SIZE - 3).map((u) => ({ username: u.username, count: 1 })),
    ]);
  });

  it("lists a player whose temporary ban has ended before its lift job ran; not one whose ban still runs", async () => {
    // A month of its own (June 2030).
    const now = new Date(Date.UTC(2030, 5, 15, 12));
    const [ended, running] = [await createUser(), await createUser()];
    await castVotes(ended.id, [ago(9 * MIN, now)]);
    await castVotes(running.id, [ago(8 * MIN, now)]);
    await db.user.update({ where: { id: ended.id }, data: { bannedAt: ago(60 * MIN, now), bannedUntil: ago(MIN, now), banReason: "ended" } });
    await db.user.update({
      where: { id: running.id },
      data: { bannedAt: ago(60 * MIN, now), bannedUntil: new Date(now.getTime() + 60 * MIN), banReason: "running" },
    });
    expect((await computeVoteMetrics(now)).monthlyLeaderboard).toEqual([{ username: ended.username, count: 1 }]);
  });

  it("starts each calendar month (UTC) from zero, and a cached figure of last month is not served in the new one", async () => {
    const u = await createUser();
    const lastMinuteOfApril = new Date(Date.UTC(2030, 3, 30, 23, 59));
    const firstMinuteOfMay = new Date(Date.UTC(2030, 4, 1, 0, 1));
    await castVotes(u.id, [ago(MIN, lastMinuteOfApril)]);
    const april = await getVoteMetrics(lastMinuteOfApril);
    expect(april).toMatchObject({ month: 4, year: 2030, monthlyVotes: 1, monthlyLeaderboard: [{ username: u.username, count: 1 }] });

    // Two minutes later: the cache is fresh, but of another month.
    const may = await getVoteMetrics(firstMinuteOfMay);
    expect(may).toMatchObject({ month: 5, year: 2030, monthlyVotes: 0, monthlyLeaderboard: [], totalVotes: april.totalVotes });
    await castVotes(u.id, [firstMinuteOfMay]);
    expect(await computeVoteMetrics(new Date(Date.UTC(2030, 4, 1, 0, 2)))).toMatchObject({ monthlyVotes: 1, totalVotes: april.totalVotes + 1 });
  });
});
