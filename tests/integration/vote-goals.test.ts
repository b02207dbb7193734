import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as ack from "@/app/api/v1/game/server-events/ack/route";
import * as claim from "@/app/api/v1/game/server-events/claim/route";
import * as staffVoteGoal from "@/app/api/v1/staff/votes/goals/[id]/route";
import * as staffVoteGoals from "@/app/api/v1/staff/votes/goals/route";
import * as voteGoalApi from "@/app/api/v1/vote/goal/route";
import type { VoteGoal } from "@/lib/generated/prisma/client";
import { CHANGES_CHANNEL } from "@/lib/server/changes/announce";
import { db } from "@/lib/server/db";
import { toVoteGoalDto } from "@/lib/server/votes/goals/dto";
import { followVoteGoals } from "@/lib/server/votes/goals/follow-vote";
import { ensureVoteSiteRows } from "@/lib/server/votes/vote-sites";
import { createGameKey } from "../factories/game-keys";
import { createSessionToken, createUser } from "../factories/users";
import { call, SAME_ORIGIN } from "./helpers";
import { rspsList, runelist, runelocus, voter, withVoteSiteSettings } from "./vote-fixtures";

// The server-wide vote goal (lib/server/votes/goals, docs/game-integration.md "Vote goal") against
// the real database: counted votes move it, a refused one does not; concurrent votes crossing the
// target make exactly one server event; a day of the server's time zone is one round; a rolling
// window counts after the previous reach; the game claims the event once across two instances;
// staff management is audited. Every vote in this file's database counts towards a goal open at
// its time, so each live goal opens when its test starts, and the time-zone and rolling tests use
// goals whose window lies in the past. Goals are paused and events marked run after each test.

withVoteSiteSettings();

afterEach(async () => {
  await db.voteGoal.updateMany({ where: { active: true }, data: { active: false } });
  await db.serverEvent.updateMany({ where: { status: { not: "DELIVERED" } }, data: { status: "DELIVERED" } });
});

const HOUR = 3_600_000;
const MIN = 60_000;

/** A goal counting from now (after a tick, so earlier tests' votes fall before it). */
async function goal(o: Partial<Pick<VoteGoal, "targetVotes" | "window" | "windowHours" | "startsAt" | "endsAt">> = {}) {
  await new Promise((r) => setTimeout(r, 5));
  return db.voteGoal.create({
    data: {
      title: `Vote goal ${Math.random().toString(36).slice(2, 8)}`,
      targetVotes: o.targetVotes ?? 5,
      window: o.window ?? "DAY",
      windowHours: o.windowHours ?? null,
      startsAt: o.startsAt ?? new Date(),
      endsAt: o.endsAt ?? null,
      rewardType: "double_xp",
      rewardPayload: { multiplier: 2, minutes: 60 },
    },
  });
}
const eventsOf = (id: number) => db.serverEvent.findMany({ where: { voteGoalId: id }, orderBy: { voteGoalRound: "asc" } });
const reload = (id: number) => db.voteGoal.findUniqueOrThrow({ where: { id } });
async function publicGoal(id: number) {
  const r = await call(voteGoalApi.GET);
  expect(r.status).toBe(200);
  return (r.json.results as { id: number; votes: number; reached: boolean; percent: number; rounds_reached: number }[]).find((x) => x.id === id);
}

/** Counted votes stamped at given times (a past window: no live callback falls in it), each followed as the callback does. */
let siteId: number;
let someone: number;
beforeAll(async () => {
  siteId = (await ensureVoteSiteRows()).runelocus!;
  someone = (await createUser()).id;
});
async function votesAt(times: Date[], timeZone: string) {
  for (const t of times) {
    await db.$transaction(async (tx) => {
      await tx.vote.create({ data: { userId: someone, siteId, createdAt: t } });
      await followVoteGoals(tx, t, timeZone);
    });
  }
}

describe("counting", () => {
  it("a counted vote moves the goal; a vote refused for its cooldown does not, nor makes an event", async () => {
    const g = await goal({ targetVotes: 2 });
    const a = await voter();
    expect((await runelocus(a.token)).json).toEqual({ status: "accepted" });
    expect(await publicGoal(g.id)).toMatchObject({ votes: 1, percent: 50, reached: false });
    // The same player again on the same site: stored, refused for the cooldown, not counted.
    expect((await runelocus(a.token)).json).toMatchObject({ status: "duplicate" });
    expect(await publicGoal(g.id)).toMatchObject({ votes: 1, percent: 50, reached: false });
    expect(await eventsOf(g.id)).toEqual([]);
    // Its twin: a counted vote (another site) reaches it.
    expect((await rspsList(a.token)).json).toEqual({ status: "accepted" });
    expect(await publicGoal(g.id)).toMatchObject({ votes: 2, percent: 100, reached: true, rounds_reached: 1 });
    expect(await eventsOf(g.id)).toHaveLength(1);
  });

  it("concurrent votes of many players crossing the target make exactly one server event, and later votes that day none", async () => {
    const g = await goal({ targetVotes: 6 });
    const players = await Promise.all(Array.from({ length: 6 }, () => voter()));
    const answers = await Promise.all(players.map((p) => runelist(p.token)));
    expect(answers.map((r) => r.json)).toEqual(Array(6).fill({ status: "accepted" }));
    const events = await eventsOf(g.id);
    expect(events.map((e) => [e.voteGoalRound, e.type, e.status])).toEqual([[1, "double_xp", "PENDING"]]);
    expect(await reload(g.id)).toMatchObject({ roundsReached: 1 });
    // More votes the same day: the day's round is reached, nothing more until tomorrow.
    const more = await Promise.all(Array.from({ length: 6 }, () => voter()));
    await Promise.all(more.map((p) => runelist(p.token)));
    expect(await eventsOf(g.id)).toHaveLength(1);
    expect(await publicGoal(g.id)).toMatchObject({ reached: true, rounds_reached: 1 });
  });

  it("an inactive goal neither counts nor is shown", async () => {
    const g = await goal({ targetVotes: 1 });
    await db.voteGoal.update({ where: { id: g.id }, data: { active: false } });
    const p = await voter();
    await runelocus(p.token);
    expect(await eventsOf(g.id)).toEqual([]);
    expect(await publicGoal(g.id)).toBeUndefined();
  });
});

describe("windows", () => {
  it("a day is the server's calendar day: votes before local midnight belong to the day before", async () => {
    const tz = "America/New_York"; // UTC-5 in January
    const g = await goal({ targetVotes: 3, startsAt: new Date("2026-01-09T00:00:00Z"), endsAt: new Date("2026-01-20T00:00:00Z") });
    // 23:30 and 23:50 on 9 January in New York (4:30 and 4:50 UTC on the 10th), then 00:10 on the 10th.
    await votesAt([new Date("2026-01-10T04:30:00Z"), new Date("2026-01-10T04:50:00Z"), new Date("2026-01-10T05:10:00Z")], tz);
    expect(await eventsOf(g.id)).toEqual([]);
    expect(await toVoteGoalDto(db, await reload(g.id), new Date("2026-01-10T05:11:00Z"), tz)).toMatchObject({
      votes: 1,
      reached: false,
      period_start: "2026-01-10T05:00:00.000Z",
      period_end: "2026-01-11T05:00:00.000Z",
    });
    // Two more on the 10th (New York) reach its round.
    await votesAt([new Date("2026-01-10T06:00:00Z"), new Date("2026-01-10T07:00:00Z")], tz);
    expect((await eventsOf(g.id)).map((e) => e.voteGoalRound)).toEqual([1]);
    // 23:59 on the 10th: still that day, already reached.
    await votesAt([new Date("2026-01-11T04:59:00Z")], tz);
    expect((await eventsOf(g.id)).map((e) => e.voteGoalRound)).toEqual([1]);
    // The 11th starts from nothing: two votes do not reach it, the third does.
    await votesAt([new Date("2026-01-11T05:00:00Z"), new Date("2026-01-11T05:01:00Z")], tz);
    expect((await eventsOf(g.id)).map((e) => e.voteGoalRound)).toEqual([1]);
    await votesAt([new Date("2026-01-11T05:02:00Z")], tz);
    expect((await eventsOf(g.id)).map((e) => e.voteGoalRound)).toEqual([1, 2]);
    expect(await reload(g.id)).toMatchObject({ roundsReached: 2, reachedThrough: new Date("2026-01-11T05:02:00Z") });
  });

  it("a rolling window counts the last N hours after the previous reach; older votes drop out", async () => {
    const t0 = new Date("2026-02-01T10:00:00Z").getTime();
    const at = (min: number) => new Date(t0 + min * MIN);
    const g = await goal({ targetVotes: 3, window: "ROLLING", windowHours: 1, startsAt: at(-1), endsAt: at(24 * 60) });
    await votesAt([at(0), at(10)], "UTC");
    // 80 minutes in: the vote at 0 and at 10 are over an hour old, only this one counts.
    await votesAt([at(80)], "UTC");
    expect(await eventsOf(g.id)).toEqual([]);
    await votesAt([at(85), at(90)], "UTC");
    expect((await eventsOf(g.id)).map((e) => e.voteGoalRound)).toEqual([1]);
    expect(await reload(g.id)).toMatchObject({ reachedThrough: at(90) });
    // The next round counts only votes after the reach: 80, 85 and 90 are spent.
    await votesAt([at(95), at(100)], "UTC");
    expect((await eventsOf(g.id)).map((e) => e.voteGoalRound)).toEqual([1]);
    await votesAt([at(105)], "UTC");
    expect((await eventsOf(g.id)).map((e) => e.voteGoalRound)).toEqual([1, 2]);
  });
});

describe("the game's server-event feed", () => {
  it("the vote goal's event is claimed once across two game servers claiming at once, with its vote-goal source, then acked", async () => {
    const g = await goal({ targetVotes: 1 });
    await runelocus((await voter()).token);
    const [event] = await eventsOf(g.id);
    expect(event).toBeDefined();
    const one = await createGameKey(["server-events"]);
    const two = await createGameKey(["server-events"]);
    const claimWith = (headers: Record<string, string>) => call(claim.POST, { method: "POST", headers, body: { lease_seconds: 30 } });
    const claims = await Promise.all([claimWith(one.headers), claimWith(two.headers), claimWith(one.headers), claimWith(two.headers)]);
    expect(claims.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    const got = claims.filter((c) => (c.json.events as unknown[]).length > 0);
    expect(got).toHaveLength(1);
    const first = got[0]!.json as { lease_id: string; events: unknown[] };
    expect(first.events).toEqual([
      {
        id: event!.id,
        type: "double_xp",
        payload: { multiplier: 2, minutes: 60 },
        source: null,
        vote_goal: { vote_goal_id: g.id, round: 1, title: g.title, target_votes: 1, window: "day" },
        created: expect.any(String),
      },
    ]);
    const headers = got[0] === claims[0] || got[0] === claims[2] ? one.headers : two.headers;
    const acked = await call(ack.POST, { method: "POST", headers, body: { lease_id: first.lease_id, event_ids: [event!.id] } });
    expect(acked.json).toEqual({ delivered: [event!.id], rejected: [] });
    expect(await db.serverEvent.findUniqueOrThrow({ where: { id: event!.id } })).toMatchObject({ status: "DELIVERED", attempts: 1 });
    expect((await claimWith(two.headers)).json).toEqual({ lease_id: null, leased_until: null, events: [] });
  });
});

describe("staff vote goal management", () => {
  let session: string;
  let admin: { id: number };
  beforeAll(async () => {
    admin = await createUser({ privilege: "ADMINISTRATOR" });
    session = await createSessionToken(admin.id);
  });
  const as = (s: string, body?: unknown, id?: number) => ({
    method: "POST",
    body,
    cookies: { session: s },
    headers: SAME_ORIGIN,
    ...(id !== undefined ? { params: { id: String(id) } } : {}),
  });
  const body = () => ({
    title: "Double XP day",
    description: "100 votes today and everyone gets double XP for an hour.",
    target_votes: 100,
    window: "day",
    starts_at: new Date().toISOString(),
    reward_type: "double_xp",
    reward_payload: { multiplier: 2, minutes: 60 },
  });

  it("create (administrator 201, moderator 403), audited; a lowered target reaches at once; pausing is audited and hides it", async () => {
    const mod = await createUser({ privilege: "MODERATOR" });
    await new Promise((r) => setTimeout(r, 5));
    expect((await call(staffVoteGoals.POST, as(await createSessionToken(mod.id), body()))).status).toBe(403);
    const created = await call(staffVoteGoals.POST, as(session, body()));
    expect(created.status).toBe(201);
    const id = (created.json as { id: number }).id;
    expect(created.json).toMatchObject({ title: "Double XP day", target_votes: 100, window: "day", window_hours: null, state: "open", votes: 0, events: [] });
    expect((await db.auditLog.findFirstOrThrow({ where: { action: "vote_goal.created", targetId: String(id) } })).actorId).toBe(admin.id);

    await runelocus((await voter()).token);
    await runelocus((await voter()).token);
    const patched = await call(staffVoteGoal.PATCH, { ...as(session, { target_votes: 2 }, id), method: "PATCH" });
    expect(patched.status).toBe(200);
    expect(patched.json).toMatchObject({ target_votes: 2, reached: true, rounds_reached: 1, events: [{ round: 1, status: "pending", type: "double_xp" }] });
    const edit = await db.auditLog.findFirstOrThrow({ where: { action: "vote_goal.updated", targetId: String(id) } });
    expect(edit.data).toMatchObject({ before: { target_votes: 100, rounds_reached: 0 }, after: { target_votes: 2, rounds_reached: 1 } });

    const paused = await call(staffVoteGoal.PATCH, { ...as(session, { active: false }, id), method: "PATCH" });
    expect(paused.json).toMatchObject({ state: "inactive", active: false });
    expect(await publicGoal(id)).toBeUndefined();
    expect(await db.auditLog.count({ where: { action: "vote_goal.updated", targetId: String(id) } })).toBe(2);
  });

  it("bad input is a 400 naming the field, with nothing written", async () => {
    const before = await db.voteGoal.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body(), target_votes: 0 }, "target_votes"],
      [{ ...body(), window: "rolling" }, "window_hours"],
      [{ ...body(), window: "day", window_hours: 5 }, "window_hours"],
      [{ ...body(), window: "weekly" }, "window"],
      [{ ...body(), ends_at: new Date(Date.now() - HOUR).toISOString() }, "ends_at"],
      [{ ...body(), reward_type: "Double XP" }, "reward_type"],
    ];
    for (const [b, field] of cases) {
      const r = await call(staffVoteGoals.POST, as(session, b));
      expect(r.status, field).toBe(400);
      expect(r.json[field], field).toBeDefined();
    }
    expect(await db.voteGoal.count()).toBe(before);
    expect((await call(staffVoteGoal.PATCH, { ...as(session, { title: "x" }, 99_999_999), method: "PATCH" })).status).toBe(404);
  });
});

describe("announcements", () => {
  it("a counted vote announces votes:goal in its transaction while a goal counts; without one, nothing", async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    const heard: string[] = [];
    client.on("notification", (n) => heard.push(String(n.payload)));
    await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    const until = async (pred: () => boolean) => {
      for (let i = 0; i < 50 && !pred(); i++) await new Promise((r) => setTimeout(r, 20));
    };
    try {
      await runelocus((await voter()).token);
      await until(() => heard.some((h) => h.includes("votes:goal")));
      expect(heard.filter((h) => h.includes("votes:goal"))).toEqual([]);
      await goal({ targetVotes: 50 });
      await runelocus((await voter()).token);
      await until(() => heard.some((h) => h.includes("votes:goal")));
      expect(heard.filter((h) => h.includes("votes:goal"))).toEqual(["votes:goal"]);
    } finally {
      await client.end();
    }
  });
});
