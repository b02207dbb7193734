// The competitions API through its route handlers: hostile input answered 400 naming the field
// (and nothing written), staff operations refused to guests (401), players and moderators (403)
// beside an administrator's allowed twin, the rules of signing up, leaving, editing and
// cancelling, and the lists by status.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/v1/competitions/route";
import { GET as viewRoute } from "@/app/api/v1/competitions/[id]/route";
import { DELETE as leaveRoute, POST as joinRoute } from "@/app/api/v1/competitions/[id]/join/route";
import { POST as createRoute } from "@/app/api/v1/staff/competitions/route";
import { PATCH as updateRoute } from "@/app/api/v1/staff/competitions/[id]/route";
import { POST as cancelRoute } from "@/app/api/v1/staff/competitions/[id]/cancel/route";
import { GET as listSchedulesRoute, POST as createScheduleRoute } from "@/app/api/v1/staff/competitions/schedules/route";
import { DELETE as deleteScheduleRoute, PATCH as updateScheduleRoute } from "@/app/api/v1/staff/competitions/schedules/[id]/route";
import { db } from "@/lib/server/db";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { endNow, makeCompetition, startNow } from "./competitions-fixtures";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

type Handler = Parameters<typeof call>[0];
let restore: () => void;
const sessions = {} as Record<"admin" | "mod" | "player" | "other", string>;
const ids = {} as Record<"admin" | "player" | "other", number>;

beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true", DISCORD_COMPETITIONS_WEBHOOK_URL: undefined });
  for (const [name, privilege] of [
    ["admin", "ADMINISTRATOR"],
    ["mod", "MODERATOR"],
    ["player", "PLAYER"],
    ["other", "PLAYER"],
  ] as const) {
    const u = await createUser({ privilege });
    sessions[name] = await createSessionToken(u.id);
    if (name !== "mod") ids[name] = u.id;
  }
});
afterAll(() => restore());

const as = (who: keyof typeof sessions | null) => ({ headers: { ...SAME_ORIGIN, ...freshClient() }, ...(who ? { cookies: { session: sessions[who] } } : {}) });
const send = (
  handler: Handler,
  who: keyof typeof sessions | null,
  method: string,
  path: string,
  opts: { body?: unknown; params?: Record<string, string> } = {},
) => call(handler, { method, path, ...as(who), ...opts });

const soon = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const valid = () => ({
  title: "Fishing frenzy",
  starts_at: soon(60),
  ends_at: soon(60 * 24),
  metric_kind: "skills",
  metrics: [{ metric: "fishing" }, { metric: "cooking", weight: 2 }],
  prizes: [{ item_id: 995, quantity: 100 }],
});

describe("creating a competition", () => {
  it("is refused to guests (401), players and moderators (403), writing nothing; an administrator's twin is created", async () => {
    const title = `Guarded ${Date.now()}`;
    for (const [who, status] of [
      [null, 401],
      ["player", 403],
      ["mod", 403],
    ] as const) {
      const r = await send(createRoute, who, "POST", "/api/v1/staff/competitions", { body: { ...valid(), title } });
      expect(r.status, String(who)).toBe(status);
    }
    expect(await db.competition.count({ where: { title } })).toBe(0);
    const ok = await send(createRoute, "admin", "POST", "/api/v1/staff/competitions", { body: { ...valid(), title } });
    expect(ok.status).toBe(201);
    expect(ok.json).toMatchObject({
      title,
      status: "upcoming",
      type: "classic",
      signup: "open",
      metric_kind: "skills",
      metrics: [
        { metric: "cooking", name: "Cooking", weight: 2 },
        { metric: "fishing", name: "Fishing", weight: 1 },
      ],
      teams: [],
      prizes: [{ place: 1, item_id: 995, quantity: 100 }],
      ended_at: null,
      cancelled_at: null,
    });
    expect(await db.auditLog.count({ where: { action: "competition.created", targetId: String(ok.json.id), actorId: ids.admin } })).toBe(1);
  });

  it.each([
    ["title", { title: "x".repeat(51) }],
    ["title", { title: "   " }],
    ["starts_at", { starts_at: "next tuesday" }],
    ["starts_at", { starts_at: soon(0.2) }],
    ["ends_at", { ends_at: soon(30) }],
    ["ends_at", { ends_at: soon(60 * 24 * 120) }],
    ["metric_kind", { metric_kind: "minigames" }],
    ["metrics", { metrics: [] }],
    ["metrics", { metrics: [{ metric: "zulrah" }] }],
    ["metrics", { metrics: [{ metric: "sailing" }] }],
    ["metrics", { metrics: [{ metric: "attack", weight: 0 }] }],
    ["metrics", { metrics: [{ metric: "attack", weight: 1.5 }] }],
    ["metrics", { metrics: [{ metric: "attack" }, { metric: "Attack" }] }],
    ["type", { type: "royale" }],
    ["teams", { type: "team", teams: ["Solo"] }],
    ["teams", { type: "team", teams: ["Red", "red"] }],
    ["teams", { type: "team", teams: ["Red", "x".repeat(31)] }],
    ["teams", { teams: ["Red", "Blue"] }],
    ["signup", { type: "team", teams: ["Red", "Blue"], signup: "everyone" }],
    ["prizes", { prizes: Array.from({ length: 26 }, () => ({ item_id: 1, quantity: 1 })) }],
    ["prizes", { prizes: [{ item_id: 995, quantity: 0 }] }],
    ["prizes", { prizes: [{ item_id: -1, quantity: 1 }] }],
  ])("answers 400 naming %s for %j, and writes nothing", async (field, change) => {
    const title = `Hostile ${Math.random().toString(36).slice(2, 10)}`;
    const body = { ...valid(), title, ...change };
    const r = await send(createRoute, "admin", "POST", "/api/v1/staff/competitions", { body });
    expect(r.status, JSON.stringify(r.json)).toBe(400);
    expect(Object.keys(r.json)).toContain(field);
    expect(await db.competition.count({ where: { title: body.title } })).toBe(0);
  });
});

describe("reading", () => {
  it("lists by status, 400 naming a bad status or page, 404 for no such competition", async () => {
    const upcoming = await makeCompetition({ title: "Listed later" });
    const running = await makeCompetition({ title: "Listed now" });
    const done = await makeCompetition({ title: "Listed done" });
    const cancelled = await makeCompetition({ title: "Listed cancelled" });
    await startNow(running.id);
    await endNow(done.id);
    await db.competition.update({ where: { id: cancelled.id }, data: { cancelledAt: new Date() } });
    const list = async (status: string) => {
      const r = await call(listRoute, { path: `/api/v1/competitions?status=${status}` });
      expect(r.status).toBe(200);
      return (r.json.results as { id: number; status: string }[]).map((c) => c.id);
    };
    expect(await list("upcoming")).toContain(upcoming.id);
    expect(await list("ongoing")).toEqual(expect.arrayContaining([running.id]));
    expect(await list("ongoing")).not.toContain(upcoming.id);
    expect(await list("finished")).toContain(done.id);
    for (const s of ["upcoming", "ongoing", "finished"]) expect(await list(s)).not.toContain(cancelled.id);

    expect(await call(listRoute, { path: "/api/v1/competitions?status=someday" })).toMatchObject({ status: 400, json: { status: [expect.any(String)] } });
    expect(await call(listRoute, { path: "/api/v1/competitions?page=0" })).toMatchObject({ status: 400, json: { page: [expect.any(String)] } });
    expect(await call(viewRoute, { path: "/api/v1/competitions/abc", params: { id: "abc" } })).toMatchObject({
      status: 400,
      json: { id: [expect.any(String)] },
    });
    expect((await call(viewRoute, { path: "/api/v1/competitions/2147483000", params: { id: "2147483000" } })).status).toBe(404);
    const v = await call(viewRoute, { path: `/api/v1/competitions/${cancelled.id}`, params: { id: String(cancelled.id) } });
    expect(v.json).toMatchObject({ competition: { status: "cancelled" }, me: null });
  });
});

describe("signing up and leaving", () => {
  const join = (who: keyof typeof sessions | null, id: number, body: unknown = {}) =>
    send(joinRoute, who, "POST", `/api/v1/competitions/${id}/join`, { body, params: { id: String(id) } });
  const leave = (who: keyof typeof sessions | null, id: number) =>
    send(leaveRoute, who, "DELETE", `/api/v1/competitions/${id}/join`, { params: { id: String(id) } });

  it("signs a player up once, lets them leave before the end and join again", async () => {
    const c = await makeCompetition();
    expect((await join(null, c.id)).status).toBe(401);
    const r = await join("player", c.id);
    expect(r).toMatchObject({ status: 200, json: { competition_id: c.id, team_id: null, late: false } });
    expect(await join("player", c.id)).toMatchObject({ status: 409 });
    expect((await leave("other", c.id)).status).toBe(409);
    expect(await leave("player", c.id)).toMatchObject({ status: 200, json: { competition_id: c.id, left: true } });
    expect((await join("player", c.id)).status).toBe(200);
    const v = await call(viewRoute, { path: `/api/v1/competitions/${c.id}`, params: { id: String(c.id) }, ...as("player") });
    expect(v.json.me).toEqual({ joined: true, can_join: false, rank: 1, score: 0, team_id: null });
    const other = await call(viewRoute, { path: `/api/v1/competitions/${c.id}`, params: { id: String(c.id) }, ...as("other") });
    expect(other.json.me).toEqual({ joined: false, can_join: true, rank: null, score: null, team_id: null });
  });

  it("asks for a team in a team competition, one of its own, and refuses one in a classic competition", async () => {
    const team = await makeCompetition({ type: "team", teams: ["Red", "Blue"] });
    const classic = await makeCompetition();
    expect(await join("player", team.id)).toMatchObject({ status: 400, json: { team_id: ["Choose a team."] } });
    expect(await join("player", team.id, { team_id: "red" })).toMatchObject({ status: 400, json: { team_id: [expect.any(String)] } });
    const foreign = await makeCompetition({ type: "team", teams: ["Gold", "Silver"] });
    expect(await join("player", team.id, { team_id: foreign.teams[0]!.id })).toMatchObject({ status: 400, json: { team_id: [expect.any(String)] } });
    expect(await join("player", classic.id, { team_id: team.teams[0]!.id })).toMatchObject({ status: 400, json: { team_id: [expect.any(String)] } });
    expect(await db.competitionParticipant.count({ where: { userId: ids.player, competitionId: { in: [team.id, classic.id] } } })).toBe(0);
    expect(await join("player", team.id, { team_id: team.teams[1]!.id })).toMatchObject({ status: 200, json: { team_id: team.teams[1]!.id } });
  });

  it("refuses an everyone competition, an ended one and a cancelled one (409), and no such competition (404)", async () => {
    const everyone = await makeCompetition({ signup: "everyone" });
    const ended = await makeCompetition();
    await join("player", ended.id);
    await endNow(ended.id, 0.01);
    const cancelled = await makeCompetition();
    await db.competition.update({ where: { id: cancelled.id }, data: { cancelledAt: new Date() } });
    expect((await join("player", everyone.id)).status).toBe(409);
    expect((await join("other", ended.id)).status).toBe(409);
    expect((await leave("player", ended.id)).status).toBe(409);
    expect((await join("player", cancelled.id)).status).toBe(409);
    expect((await join("player", 2_147_483_000)).status).toBe(404);
  });
});

describe("editing and cancelling", () => {
  const patch = (who: keyof typeof sessions | null, id: number, body: unknown) =>
    send(updateRoute, who, "PATCH", `/api/v1/staff/competitions/${id}`, { body, params: { id: String(id) } });
  const cancel = (who: keyof typeof sessions | null, id: number, body: unknown) =>
    send(cancelRoute, who, "POST", `/api/v1/staff/competitions/${id}/cancel`, { body, params: { id: String(id) } });

  it("edits before the start only, audited, and keeps type, sign-up and teams once players joined", async () => {
    const c = await makeCompetition({ type: "team", teams: ["Red", "Blue"] });
    expect((await patch("player", c.id, { title: "Mine now" })).status).toBe(403);
    expect((await patch("mod", c.id, { title: "Mine now" })).status).toBe(403);
    expect(await patch("admin", c.id, {})).toMatchObject({ status: 400 });
    expect(await patch("admin", c.id, { metric_kind: "activities" })).toMatchObject({ status: 400, json: { metric_kind: [expect.any(String)] } });
    expect(await patch("admin", c.id, { ends_at: soon(1) })).toMatchObject({ status: 400, json: { ends_at: [expect.any(String)] } });
    const ok = await patch("admin", c.id, { title: "Renamed", metrics: [{ metric: "magic", weight: 3 }] });
    expect(ok).toMatchObject({ status: 200, json: { title: "Renamed", metrics: [{ metric: "magic", name: "Magic", weight: 3 }] } });
    expect(await db.auditLog.count({ where: { action: "competition.updated", targetId: String(c.id) } })).toBe(1);
    await send(joinRoute, "player", "POST", `/api/v1/competitions/${c.id}/join`, { body: { team_id: c.teams[0]!.id }, params: { id: String(c.id) } });
    expect((await patch("admin", c.id, { teams: ["Red", "Blue", "Green"] })).status).toBe(409);
    expect((await patch("admin", c.id, { type: "classic", teams: [] })).status).toBe(409);
    await startNow(c.id);
    expect((await patch("admin", c.id, { title: "Too late" })).status).toBe(409);
    expect((await db.competition.findUniqueOrThrow({ where: { id: c.id } })).title).toBe("Renamed");
  });

  it("cancels with a reason before the end, once; refuses players", async () => {
    const c = await makeCompetition();
    expect((await cancel("player", c.id, { reason: "Because" })).status).toBe(403);
    expect(await cancel("admin", c.id, {})).toMatchObject({ status: 400, json: { reason: [expect.any(String)] } });
    expect(await cancel("admin", c.id, { reason: "Wrong skill" })).toMatchObject({ status: 200, json: { status: "cancelled" } });
    expect((await cancel("admin", c.id, { reason: "Again" })).status).toBe(409);
    const entry = await db.auditLog.findFirstOrThrow({ where: { action: "competition.cancelled", targetId: String(c.id) } });
    expect(entry).toMatchObject({ actorId: ids.admin, data: { reason: "Wrong skill" } });
    const over = await makeCompetition();
    await endNow(over.id);
    expect((await cancel("admin", over.id, { reason: "Too late" })).status).toBe(409);
    expect((await cancel("admin", 2_147_483_000, { reason: "Nothing" })).status).toBe(404);
  });
});

describe("schedules", () => {
  const validSchedule = { kind: "boss", weekday: 6, hour: 12, duration_hours: 48, rotation: ["zulrah", "vorkath"] };

  it("are staff-only (401/403) beside an administrator's create, edit, list and delete, each audited", async () => {
    const before = await db.competitionSchedule.count();
    for (const [who, status] of [
      [null, 401],
      ["player", 403],
      ["mod", 403],
    ] as const) {
      expect((await send(createScheduleRoute, who, "POST", "/api/v1/staff/competitions/schedules", { body: validSchedule })).status).toBe(status);
      expect((await send(listSchedulesRoute, who, "GET", "/api/v1/staff/competitions/schedules")).status).toBe(status);
    }
    expect(await db.competitionSchedule.count()).toBe(before);

    const made = await send(createScheduleRoute, "admin", "POST", "/api/v1/staff/competitions/schedules", { body: validSchedule });
    expect(made).toMatchObject({
      status: 201,
      json: {
        kind: "boss",
        weekday: 6,
        hour: 12,
        duration_hours: 48,
        signup: "everyone",
        staff_choose: false,
        rotation: ["zulrah", "vorkath"],
        next_metric: "zulrah",
      },
    });
    const id = String(made.json.id);
    const listed = await send(listSchedulesRoute, "admin", "GET", "/api/v1/staff/competitions/schedules");
    expect((listed.json.results as { id: number }[]).map((s) => s.id)).toContain(made.json.id);
    expect(
      (await send(updateScheduleRoute, "player", "PATCH", `/api/v1/staff/competitions/schedules/${id}`, { body: { hour: 13 }, params: { id } })).status,
    ).toBe(403);
    const edited = await send(updateScheduleRoute, "admin", "PATCH", `/api/v1/staff/competitions/schedules/${id}`, { body: { hour: 13 }, params: { id } });
    expect(edited).toMatchObject({ status: 200, json: { hour: 13 } });
    expect((await send(deleteScheduleRoute, "player", "DELETE", `/api/v1/staff/competitions/schedules/${id}`, { params: { id } })).status).toBe(403);
    expect((await send(deleteScheduleRoute, "admin", "DELETE", `/api/v1/staff/competitions/schedules/${id}`, { params: { id } })).status).toBe(200);
    expect((await send(deleteScheduleRoute, "admin", "DELETE", `/api/v1/staff/competitions/schedules/${id}`, { params: { id } })).status).toBe(404);
    const actions = await db.auditLog.findMany({ where: { targetType: "competition_schedule", targetId: id }, orderBy: { id: "asc" } });
    expect(actions.map((a) => a.action)).toEqual(["competition.schedule.created", "competition.schedule.updated", "competition.schedule.deleted"]);
    // Its first competition stays, without its schedule.
    const first = (actions[0]!.data as { after: { firstCompetitionId: number } }).after.firstCompetitionId;
    expect(await db.competition.findUnique({ where: { id: first } })).toMatchObject({ scheduleId: null, title: "Boss of the Week: Zulrah" });
  });

  it.each([
    ["kind", { kind: "raid" }],
    ["weekday", { weekday: 0 }],
    ["weekday", { weekday: 8 }],
    ["hour", { hour: 24 }],
    ["duration_hours", { duration_hours: 0 }],
    ["rotation", { rotation: [] }],
    ["rotation", { rotation: ["attack"] }],
    ["rotation", { staff_choose: true }],
    ["rotation", { rotation: ["no_such_boss"] }],
    ["prizes", { prizes: [{ item_id: 1 }] }],
  ])("answers 400 naming %s for %j", async (field, change) => {
    const before = await db.competitionSchedule.count();
    const r = await send(createScheduleRoute, "admin", "POST", "/api/v1/staff/competitions/schedules", { body: { ...validSchedule, ...change } });
    expect(r.status, JSON.stringify(r.json)).toBe(400);
    expect(Object.keys(r.json)).toContain(field);
    expect(await db.competitionSchedule.count()).toBe(before);
  });
});
