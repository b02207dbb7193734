import { describe, expect, it } from "vitest";
import { GET as seriesRoute } from "@/app/api/v1/hiscores/player/[name]/gains/[metric]/route";
import { GET as gainsRoute } from "@/app/api/v1/hiscores/player/[name]/gains/route";
import { GET as playerRecordsRoute } from "@/app/api/v1/hiscores/player/[name]/records/route";
import { GET as topGainsRoute } from "@/app/api/v1/hiscores/gains/route";
import { GET as recordsRoute } from "@/app/api/v1/hiscores/records/route";
import type { TGameMode, TXpMode } from "@/lib/hiscores";
import { hourOf } from "@/lib/progress/periods";
import { db } from "@/lib/server/db";
import { pushHiscores } from "@/lib/server/game/push-hiscores";
import { mergeOldHistory, ensureHistoryPartitions } from "@/lib/server/progress/history-upkeep";
import { refreshTopGains, updateRecords } from "@/lib/server/progress/refresh-gains";
import { SKILLS } from "@/lib/skills";
import { createUser } from "../factories/users";
import { travel } from "../support/progress-time";
import { call } from "./helpers";

// Gains, top gainers and records read from the history (docs/progress.md), from pushes at known
// times: each test pushes, moves the player's history back, and pushes again.

type Gain = { metric: string; start: number; end: number; gained: number; start_level: number | null };

const attackXp = (xp: number) => SKILLS.map((_, i) => (i === 0 ? xp : 0));
const push = (id: number, xp: number, ladder: { game_mode?: TGameMode; xp_mode?: TXpMode } = {}) =>
  pushHiscores({ player_id: id, experience: attackXp(xp), ...ladder });

async function gains(name: string, period: string): Promise<Map<string, Gain>> {
  const r = await call(gainsRoute, { path: `/api/v1/hiscores/player/${name}/gains?period=${period}`, params: { name } });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return new Map((r.json.results as Gain[]).map((g) => [g.metric, g]));
}

describe("gains over each window", () => {
  it("reads start and end from the pushes at their times, for every period", async () => {
    const u = await createUser();
    await push(u.id, 1000); // 1,320 hours ago: the player's first push
    await travel(u.id, 960);
    await push(u.id, 5000); // 360 hours ago
    await travel(u.id, 240);
    await push(u.id, 8000); // 120 hours ago
    await travel(u.id, 72);
    await push(u.id, 9000); // 48 hours ago
    await travel(u.id, 48);

    // No push in the last day: nothing gained, start and end both the value now.
    expect((await gains(u.username, "day")).get("attack")).toMatchObject({ start: 9000, end: 9000, gained: 0 });
    expect((await gains(u.username, "week")).get("attack")).toMatchObject({ start: 5000, end: 9000, gained: 4000 });
    expect((await gains(u.username, "month")).get("attack")).toMatchObject({ start: 1000, end: 9000, gained: 8000 });
    // The player appeared within the year: from nothing.
    const year = await gains(u.username, "year");
    expect(year.get("attack")).toMatchObject({ start: 0, end: 9000, gained: 9000, start_level: 1 });
    expect(year.get("overall")).toMatchObject({ start: 0, end: 9000, gained: 9000 });
  });

  it("never answers a negative gain after a rollback", async () => {
    const u = await createUser();
    await push(u.id, 10_000);
    await travel(u.id, 5);
    await push(u.id, 4000);
    await travel(u.id, 1);
    await push(u.id, 6000);
    expect((await gains(u.username, "day")).get("attack")).toMatchObject({ start: 0, end: 6000, gained: 6000 });
    // A window that starts after the first push: it began at 10,000 and ends at 6,000.
    await travel(u.id, 3);
    const u2 = await createUser();
    await push(u2.id, 10_000);
    await travel(u2.id, 30);
    await push(u2.id, 4000);
    expect((await gains(u2.username, "day")).get("attack")).toMatchObject({ start: 10_000, end: 4000, gained: 0 });
  });

  it("answers the chart's points: the start, each hour's end, and now", async () => {
    const u = await createUser();
    await push(u.id, 100);
    await travel(u.id, 3);
    await push(u.id, 700);
    const r = await call(seriesRoute, {
      path: `/api/v1/hiscores/player/${u.username}/gains/attack?period=day`,
      params: { name: u.username, metric: "attack" },
    });
    expect(r.status).toBe(200);
    const values = (r.json.points as { value: number }[]).map((p) => p.value);
    // The last change is in the current hour: its point is now.
    expect(values).toEqual([0, 100, 700]);
  });

  it("refuses a bad period or metric naming the field, and 404s a player not on the hiscores", async () => {
    const u = await createUser();
    await push(u.id, 100);
    const bad = await call(gainsRoute, { path: `/api/v1/hiscores/player/${u.username}/gains?period=fortnight`, params: { name: u.username } });
    expect(bad.status).toBe(400);
    expect(bad.json).toHaveProperty("period");
    const badMetric = await call(seriesRoute, { path: `/api/v1/hiscores/player/${u.username}/gains/sailing`, params: { name: u.username, metric: "sailing" } });
    expect(badMetric.status).toBe(400);
    expect(badMetric.json).toHaveProperty("metric");
    const staff = await createUser({ privilege: "MODERATOR" });
    await push(staff.id, 100);
    const hidden = await call(gainsRoute, { path: `/api/v1/hiscores/player/${staff.username}/gains`, params: { name: staff.username } });
    expect(hidden.status).toBe(404);
  });
});

describe("pushes the game kept back", () => {
  it("are dated by their own time, in order only", async () => {
    const { POST: pushRoute } = await import("@/app/api/v1/game/hiscores/route");
    const { createGameKey } = await import("../factories/game-keys");
    const key = await createGameKey(["hiscores"]);
    const u = await createUser();
    const ago = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const send = (xp: number, at?: string) =>
      call(pushRoute, {
        method: "POST",
        path: "/api/v1/game/hiscores",
        headers: key.headers,
        body: { player_id: u.id, experience: attackXp(xp), ...(at ? { at } : {}) },
      });
    expect((await send(1000, ago(72))).status).toBe(200);
    expect((await send(3000, ago(30))).status).toBe(200);
    expect((await send(3500)).status).toBe(200);
    expect((await gains(u.username, "day")).get("attack")).toMatchObject({ start: 3000, gained: 500 });
    expect((await gains(u.username, "week")).get("attack")).toMatchObject({ start: 0, gained: 3500 });
    const reached = await db.playerEvent.findFirst({ where: { userId: u.id, key: "level:1" }, orderBy: { id: "asc" } });
    expect(Math.abs(reached!.createdAt.getTime() - (Date.now() - 72 * 3_600_000))).toBeLessThan(60_000);
    // Before the last push, in the future or too old: refused, naming the field, nothing written.
    const rows = await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM hiscore_history WHERE "userId" = ${u.id}`;
    for (const at of [ago(1), new Date(Date.now() + 3_600_000).toISOString(), ago(24 * 40), "yesterday"]) {
      const r = await send(9000, at);
      expect(r.status, at).toBe(400);
      expect(r.json).toHaveProperty("at");
    }
    expect(await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM hiscore_history WHERE "userId" = ${u.id}`).toEqual(rows);
  });
});

describe("top gainers", () => {
  it("ranks the period's gains per ladder and metric, leaving staff out, ties to who got there first", async () => {
    const ladder = { game_mode: "group_ironman" as const, xp_mode: "25x" as const };
    const [a, b, c, d, e] = [await createUser(), await createUser(), await createUser(), await createUser(), await createUser()];
    const staff = await createUser({ privilege: "ADMINISTRATOR" });
    for (const p of [a, b, c, d, e, staff]) await push(p.id, 1000, ladder);
    for (const p of [a, b, c, d, e, staff]) await travel(p.id, 30);
    // d climbs 4,000 in one hour and is rolled back 2,500 in the next: 1,500 over the day, not 4,000.
    await push(d.id, 5000, ladder);
    await travel(d.id, 2);
    await push(d.id, 2500, ladder);
    // e is rolled back below where the day began: no gain, not listed.
    await push(e.id, 3000, ladder);
    await travel(e.id, 2);
    await push(e.id, 800, ladder);
    await push(c.id, 4000, ladder); // +3000 first
    await push(a.id, 4000, ladder); // +3000 later: ranks after c
    await push(b.id, 2000, ladder); // +1000
    await push(staff.id, 90_000, ladder);
    await refreshTopGains();
    const r = await call(topGainsRoute, { path: "/api/v1/hiscores/gains?period=day&metric=attack&mode=group_ironman&xp=25x" });
    expect(r.status).toBe(200);
    const rows = r.json.results as { rank: number; username: string; gained: number }[];
    expect(rows.map((x) => [x.rank, x.username, x.gained])).toEqual([
      [1, c.username, 3000],
      [2, a.username, 3000],
      [3, d.username, 1500],
      [4, b.username, 1000],
    ]);
    expect(typeof r.json.refreshed_at).toBe("string");
    // The week takes in the first pushes too: each gained everything from nothing.
    const week = await call(topGainsRoute, { path: "/api/v1/hiscores/gains?period=week&metric=attack&mode=group_ironman&xp=25x" });
    expect((week.json.results as { gained: number }[]).map((x) => x.gained)).toEqual([4000, 4000, 2500, 2000, 800]);
  });
});

describe("records", () => {
  async function recordsFrom(hoursAgo: number) {
    const from = new Date(hourOf(new Date()).getTime() - hoursAgo * 3_600_000);
    await db.hiscoreUpkeep.upsert({ where: { name: "records" }, create: { name: "records", at: from }, update: { at: from } });
    // Two hours on: the current hour is finished by then, and read.
    await updateRecords(new Date(Date.now() + 2 * 3_600_000));
  }
  const record = (userId: number) => db.hiscoreRecord.findUnique({ where: { userId_period_metric: { userId, period: "day", metric: 1 } } });

  it("keeps the best gain of each period, replaced only by a greater one, with its window", async () => {
    const u = await createUser();
    await push(u.id, 1000);
    await travel(u.id, 3);
    await push(u.id, 3000);
    await recordsFrom(5);
    const first = await record(u.id);
    expect(Number(first!.gained)).toBe(3000);

    // A day later a smaller day's gain: the record stands.
    await travel(u.id, 30);
    await push(u.id, 3500);
    await recordsFrom(1);
    expect(await record(u.id)).toMatchObject({ gained: first!.gained, fromAt: first!.fromAt, toAt: first!.toAt });

    // A greater one replaces it, with its own window.
    await push(u.id, 10_000);
    await recordsFrom(1);
    const best = await record(u.id);
    expect(Number(best!.gained)).toBe(10_000 - 3000);
    expect(best!.toAt.getTime()).toBe(hourOf(new Date()).getTime() + 3_600_000);
    // The window is the whole day ending with that hour, not only the hours the history holds.
    expect(best!.toAt.getTime() - best!.fromAt.getTime()).toBe(24 * 3_600_000);

    const mine = await call(playerRecordsRoute, { path: `/api/v1/hiscores/player/${u.username}/records`, params: { name: u.username } });
    expect((mine.json.results as { period: string; metric: string; gained: number }[]).find((r) => r.period === "day" && r.metric === "attack")?.gained).toBe(
      7000,
    );
    const board = await call(recordsRoute, { path: "/api/v1/hiscores/records?period=day&metric=attack" });
    expect(board.status).toBe(200);
    expect((board.json.results as { username: string }[]).some((r) => r.username === u.username)).toBe(true);
  });
});

describe("history upkeep", () => {
  it("merges hourly rows past the retention into one row per day, and gains read the same", async () => {
    const u = await createUser();
    await push(u.id, 100);
    await travel(u.id, 1);
    await push(u.id, 400);
    await travel(u.id, 1);
    await push(u.id, 900);
    // 120 days back: past the 90 days of hourly rows (3 hours, possibly over two days).
    await travel(u.id, 24 * 120);
    await push(u.id, 1500);
    const before = await gains(u.username, "year");
    await db.hiscoreUpkeep.deleteMany({ where: { name: "merged" } });
    await db.$executeRaw`UPDATE hiscore_players SET "historyFrom" = now() - interval '125 days' WHERE "userId" = ${u.id}`;
    while ((await mergeOldHistory()) > 0);
    const rows = await db.$queryRaw<{ bucket: Date; startValue: bigint; endValue: bigint }[]>`
      SELECT bucket, "startValue", "endValue" FROM hiscore_history WHERE "userId" = ${u.id} AND metric = 1 ORDER BY bucket`;
    const old = rows.slice(0, -1);
    expect(old.every((r) => r.bucket.getUTCHours() === 0)).toBe(true);
    expect(Number(old[0]!.startValue)).toBe(0);
    expect(Number(old.at(-1)!.endValue)).toBe(900);
    expect(await gains(u.username, "year")).toEqual(before);
  });

  it("creates the months ahead, moving rows the default partition caught", async () => {
    const u = await createUser();
    const far = new Date(Date.UTC(2031, 2, 5));
    await db.$executeRaw`INSERT INTO hiscore_history ("userId", metric, bucket, "gameMode", "xpMode", "startValue", "endValue") VALUES (${u.id}, 1, ${far}, 'REGULAR', 'REGULAR', 0, 5)`;
    const where = async () =>
      (await db.$queryRaw<{ part: string }[]>`SELECT tableoid::regclass::text AS part FROM hiscore_history WHERE "userId" = ${u.id} AND bucket = ${far}`)[0]!
        .part;
    expect(await where()).toBe("hiscore_history_default");
    expect(await ensureHistoryPartitions(new Date(Date.UTC(2031, 1, 10)))).toBeGreaterThan(0);
    expect(await where()).toBe("hiscore_history_2031_03");
    // Once there, nothing more to create.
    expect(await ensureHistoryPartitions(new Date(Date.UTC(2031, 1, 10)))).toBe(0);
  });
});
