import { describe, expect, it } from "vitest";
import { GET as indexLiteJsonRoute } from "@/app/api/v1/hiscores/index_lite.json/route";
import { GET as indexLiteWsRoute } from "@/app/api/v1/hiscores/index_lite.ws/route";
import { GET as playerRoute } from "@/app/api/v1/hiscores/player/[name]/route";
import { GET as listRoute } from "@/app/api/v1/hiscores/route";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import type { TGameMode, TXpMode } from "@/lib/hiscores";
import { banUser, setPrivilege } from "@/lib/server/accounts/admin-actions";
import { db } from "@/lib/server/db";
import { pushHiscores } from "@/lib/server/game/push-hiscores";
import { refreshLadder } from "@/lib/server/hiscores/refresh-ladders";
import { SKILLS } from "@/lib/skills";
import { XP_FOR_LEVEL } from "@/lib/xp";
import { setEndedBan, setRunningBan } from "../factories/bans";
import { createUser } from "../factories/users";
import { queuedJobs } from "../support/jobs";
import { call } from "./helpers";

// The ladders through the real routes and database: order and tie-breaks, ranks from anchors
// after pushes reorder players (before and after the refresh), hidden staff and banned players,
// separate game/XP modes, page clamping, and the Old School index_lite formats.
// A database of its own: the ranks asserted here must not see other files' players.

type Entry = { id: number; rank: number; username: string; total_level: number; total_experience: number };
type Page = { results: Entry[]; previous: string | null; next: string | null };

async function list(query: Record<string, string | number>): Promise<Page & { status: number }> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  const r = await call(listRoute, { path: `/api/v1/hiscores?${qs}` });
  return { status: r.status, ...(r.json as unknown as Page) };
}
async function player(name: string, query = "") {
  return call(playerRoute, { path: `/api/v1/hiscores/player/${encodeURIComponent(name)}${query}`, params: { name } });
}
const flat = (xp: number) => SKILLS.map(() => xp);
// Levels below are literals from the published Old School table, not lib/xp: level L starts at
// floor(sum over n < L of floor(n + 300 * 2^(n/7)) / 4) XP (7: 650, 8: 801, 10: 1,154,
// 26: 8,740, 27: 9,730, 30: 13,363, 32: 16,456).
const DB_MODE: Record<TGameMode, GameMode> = {
  regular: "REGULAR",
  ironman: "IRONMAN",
  ultimate_ironman: "ULTIMATE_IRONMAN",
  hardcore_ironman: "HARDCORE_IRONMAN",
  group_ironman: "GROUP_IRONMAN",
};
const DB_XP: Record<TXpMode, XpMode> = { regular: "REGULAR", "10x": "X10", "15x": "X15", "25x": "X25" };

/** Every page of a ladder through the API. */
async function allPages(query: Record<string, string | number>): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let page = 1; ; page++) {
    const p = await list({ ...query, page });
    out.push(...p.results);
    if (!p.next) return out;
  }
}

/**
 * The expected order, worked out here from the stored rows by the rule the ladder promises
 * (docs/hiscores.md), written out plainly and not with lib/hiscores' own keys or comparator: the
 * higher level (Overall: total level) first, then more experience, then whoever reached it first
 * (to the second), then the lower account id.
 */
type StoredRow = { userId: number; level: number; experience: bigint; reachedAt: Date };
function byLadderRule(a: StoredRow, b: StoredRow): number {
  if (a.level !== b.level) return b.level - a.level;
  if (a.experience !== b.experience) return a.experience > b.experience ? -1 : 1;
  const second = (d: Date) => Math.floor(d.getTime() / 1000);
  if (second(a.reachedAt) !== second(b.reachedAt)) return second(a.reachedAt) - second(b.reachedAt);
  return a.userId - b.userId;
}
async function expectedOrder(mode: TGameMode, xp: TXpMode, skill: number): Promise<number[]> {
  const rows = await db.hiscoreStat.findMany({ where: { gameMode: DB_MODE[mode], xpMode: DB_XP[xp], skill, hidden: false } });
  return rows.sort(byLadderRule).map((r) => r.userId);
}

async function expectLadderExact(mode: TGameMode, xp: TXpMode, skill: number, skillName: string) {
  const want = await expectedOrder(mode, xp, skill);
  const got = await allPages({ mode, xp, skill: skillName });
  expect(got.map((e) => e.id)).toEqual(want);
  expect(got.map((e) => e.rank)).toEqual(want.map((_, i) => i + 1));
  // The player lookup agrees with the list for every player.
  for (const [i, id] of want.entries()) {
    const u = await db.user.findUniqueOrThrow({ where: { id } });
    const p = await player(u.username);
    const entry = (p.json.results as { skill: number; rank: number }[]).find((e) => e.skill === skill)!;
    expect(entry.rank, `${u.username} rank in skill ${skill}`).toBe(i + 1);
  }
}

describe("ranking", () => {
  it("orders by experience, ties to whoever reached it first, then the older account; Overall by total level first", async () => {
    const [a, b, c, d] = [await createUser(), await createUser(), await createUser(), await createUser()];
    const mode = { game_mode: "ultimate_ironman" as const, xp_mode: "15x" as const };
    // Attack: a 5000, b 5000 (reached earlier), c 9000. Overall: d has the highest total level
    // with less total experience than c (many mid skills against one huge skill).
    await pushHiscores({ player_id: a.id, ...mode, experience: [5000, ...flat(0).slice(1)] });
    await pushHiscores({ player_id: b.id, ...mode, experience: [5000, ...flat(0).slice(1)] });
    await pushHiscores({ player_id: c.id, ...mode, experience: [9000, 13_000_000, ...flat(0).slice(2)] });
    await pushHiscores({ player_id: d.id, ...mode, experience: flat(13_363) }); // level 30's first XP
    await db.hiscoreStat.updateMany({ where: { userId: b.id, skill: 1 }, data: { reachedAt: new Date("2025-01-01T00:00:00Z") } });
    await db.hiscoreStat.updateMany({ where: { userId: a.id, skill: 1 }, data: { reachedAt: new Date("2025-06-01T00:00:00Z") } });

    // d (level 30 everywhere, 13,363 Attack XP) leads Attack, then c, then b before a.
    const attack = await list({ skill: "attack", mode: "ultimate_ironman", xp: "15x" });
    expect(attack.results.map((e) => e.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect(attack.results.map((e) => e.rank)).toEqual([1, 2, 3, 4]);
    expect(attack.results[1]).toEqual({ id: c.id, rank: 2, username: c.username, total_level: 26, total_experience: 9000 }); // 26 from 8,740 XP, 27 at 9,730

    // Same experience and the same second: the lower account id first.
    const when = new Date("2025-03-03T03:03:03Z");
    await db.hiscoreStat.updateMany({ where: { userId: { in: [a.id, b.id] }, skill: 1 }, data: { reachedAt: when } });
    const tied = await list({ skill: 1, mode: "ultimate_ironman", xp: "15x" });
    expect(tied.results.map((e) => e.id).slice(2, 4)).toEqual([Math.min(a.id, b.id), Math.max(a.id, b.id)]);

    const overall = await list({ mode: "ultimate_ironman", xp: "15x" });
    expect(overall.results[0]!.id).toBe(d.id);
    expect(overall.results[0]!.total_level).toBe(30 * 23);
    const cRow = overall.results.find((e) => e.id === c.id)!;
    expect(cRow.total_experience).toBeGreaterThan(overall.results[0]!.total_experience);
    expect(cRow.rank).toBe(2);
  });

  it("keeps ranks right when pushes reorder players, before and after the anchors are refreshed", async () => {
    const users = [];
    for (let i = 0; i < 60; i++) users.push(await createUser());
    const mode = { game_mode: "group_ironman" as const, xp_mode: "25x" as const };
    // Deterministic spread with many ties (i % 7), so tie-breaks matter.
    for (const [i, u] of users.entries()) await pushHiscores({ player_id: u.id, ...mode, experience: SKILLS.map((_, s) => ((i % 7) * 1000 + s * 13) * 10) });
    // Anchors every 4th row: rank lookups cross many anchors in a small ladder.
    await refreshLadder({ gameMode: "GROUP_IRONMAN", xpMode: "X25" }, { force: true, every: 4 });
    expect(await db.hiscoreAnchor.count({ where: { gameMode: "GROUP_IRONMAN", xpMode: "X25", skill: 0 } })).toBe(15);
    await expectLadderExact("group_ironman", "25x", 0, "overall");
    await expectLadderExact("group_ironman", "25x", 5, "ranged");

    // Reorder: the bottom ten jump to the top, two of the top drop to the bottom.
    for (const u of users.slice(50)) await pushHiscores({ player_id: u.id, ...mode, experience: flat(200_000) });
    for (const u of users.slice(6, 8)) await pushHiscores({ player_id: u.id, ...mode, experience: flat(1) });
    // Before the refresh: the order is already the new one (ranks may lag by the players who
    // crossed an anchor since; here none is above the first anchor, so the top is exact).
    const before = await list({ mode: "group_ironman", xp: "25x" });
    const want = await expectedOrder("group_ironman", "25x", 0);
    expect(before.results.map((e) => e.id)).toEqual(want.slice(0, 25));
    expect(before.results.slice(0, 3).map((e) => e.rank)).toEqual([1, 2, 3]);
    // Each push left a change for the refresh to take in.
    const ladderX25 = { gameMode: "GROUP_IRONMAN", xpMode: "X25" } as const;
    expect(await db.hiscoreLadderChange.count({ where: ladderX25 })).toBeGreaterThanOrEqual(12);

    await refreshLadder(ladderX25, { every: 4 });
    expect(await db.hiscoreLadderChange.count({ where: ladderX25 })).toBe(0);
    const fresh = await db.hiscoreLadder.findUniqueOrThrow({ where: { gameMode_xpMode: ladderX25 } });
    expect(fresh.players).toBe(60);
    // Nothing changed since: a second refresh has nothing to do.
    expect((await refreshLadder(ladderX25, { every: 4 })).refreshed).toBe(false);
    await expectLadderExact("group_ironman", "25x", 0, "overall");
    await expectLadderExact("group_ironman", "25x", 23, "construction");
    // 60 accounts, 72 pushes and a lookup per player for each ladder checked, one after another:
    // 7-14 s in full integration runs on the shared two-core machine, too close to the 30 s default.
  }, 120_000);

  it("records one change per ladder with each push, in the push's transaction, and queues no job", async () => {
    const u = await createUser();
    const ladder = { gameMode: "HARDCORE_IRONMAN", xpMode: "X10" } as const;
    await pushHiscores({ player_id: u.id, game_mode: "hardcore_ironman", xp_mode: "10x", experience: flat(10) });
    await pushHiscores({ player_id: u.id, game_mode: "hardcore_ironman", xp_mode: "10x", experience: flat(20) });
    expect(await db.hiscoreLadderChange.count({ where: ladder })).toBe(2);
    // The refresh loop finds them; pushes never touch the job queue (a shared row).
    expect(await queuedJobs("refresh-hiscores")).toEqual([]);
    // A push that fails (an unknown player) records nothing.
    await expect(pushHiscores({ player_id: 2_000_000_000, game_mode: "hardcore_ironman", xp_mode: "10x", experience: flat(30) })).rejects.toThrow();
    expect(await db.hiscoreLadderChange.count({ where: ladder })).toBe(2);
    // Moving to another ladder records both: the one left and the one joined.
    await pushHiscores({ player_id: u.id, game_mode: "ironman", xp_mode: "10x", experience: flat(20) });
    expect(await db.hiscoreLadderChange.count({ where: ladder })).toBe(3);
    expect(await db.hiscoreLadderChange.count({ where: { gameMode: "IRONMAN", xpMode: "X10" } })).toBe(1);
  });
});

describe("pushes to one ladder under load", () => {
  it("for different players never wait for each other: a push completes while another push to the same ladder is still open", async () => {
    // Every push to a ladder used to bump the ladder's one version row (and upsert its one refresh
    // job), so pushes for different players queued behind each other until each commit. Here a
    // push for player A is held open, its writes done, while player B's push to the same ladder
    // runs: B must finish without waiting for A.
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const mode = { game_mode: "ultimate_ironman" as const, xp_mode: "25x" as const };
    await pushHiscores({ player_id: a.id, ...mode, experience: flat(5) });
    await pushHiscores({ player_id: b.id, ...mode, experience: flat(6) });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const isWritten = new Promise<void>((r) => (written = r));
    // A's push, written through the same code, left open before its commit.
    const holder = db.$transaction(
      async (tx) => {
        const { recordLadderChanges } = await import("@/lib/server/hiscores/mark-ladders-dirty");
        const { announce, topic } = await import("@/lib/server/changes/announce");
        await tx.$executeRaw`UPDATE hiscore_stats SET experience = experience + 1 WHERE "userId" = ${a.id} AND skill = 1`;
        await recordLadderChanges(tx, [{ gameMode: "ULTIMATE_IRONMAN", xpMode: "X25" }]);
        await announce(tx, [topic.player(a.username)]);
        written();
        await held;
      },
      { timeout: 30_000 },
    );
    await isWritten;
    try {
      const outcome = await Promise.race([
        pushHiscores({ player_id: b.id, ...mode, experience: flat(50) }).then(() => "done"),
        new Promise((r) => setTimeout(() => r("still waiting"), 10_000)),
      ]);
      expect(outcome).toBe("done");
    } finally {
      release();
      await holder;
    }
    const stats = await db.hiscoreStat.findFirstOrThrow({ where: { userId: b.id, skill: 1 } });
    expect(Number(stats.experience)).toBe(50);
  });
});

describe("ladder refreshes", () => {
  it("two refreshes of one ladder at once (the push's job and the crontab's) both finish, and the anchors are whole", async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser()));
    for (const [i, u] of users.entries()) await pushHiscores({ player_id: u.id, game_mode: "group_ironman", xp_mode: "15x", experience: flat(100 + i) });
    for (let round = 0; round < 5; round++) {
      const results = await Promise.allSettled([
        refreshLadder({ gameMode: "GROUP_IRONMAN", xpMode: "X15" }, { force: true, every: 2 }),
        refreshLadder({ gameMode: "GROUP_IRONMAN", xpMode: "X15" }, { force: true, every: 2 }),
      ]);
      expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "ok"))).toEqual(["ok", "ok"]);
    }
    // Every second player of 12 is an anchor: 6 per skill, none twice.
    const anchors = await db.hiscoreAnchor.groupBy({ by: ["skill"], where: { gameMode: "GROUP_IRONMAN", xpMode: "X15" }, _count: true });
    expect(anchors.length).toBeGreaterThanOrEqual(SKILLS.length + 1);
    for (const a of anchors.filter((x) => x.skill <= SKILLS.length)) expect(a._count, `skill ${a.skill}`).toBe(6);
  });
});

describe("who is on which ladder", () => {
  it("leaves out staff and banned players, in lists and lookups, and closes the gap", async () => {
    const [top, mid, low] = [await createUser(), await createUser(), await createUser()];
    const staff = await createUser({ privilege: "MODERATOR" });
    const mode = { game_mode: "ironman" as const, xp_mode: "25x" as const };
    await pushHiscores({ player_id: staff.id, ...mode, experience: flat(9_000_000) });
    await pushHiscores({ player_id: top.id, ...mode, experience: flat(3000) });
    await pushHiscores({ player_id: mid.id, ...mode, experience: flat(2000) });
    await pushHiscores({ player_id: low.id, ...mode, experience: flat(1000) });
    const q = { mode: "ironman", xp: "25x" };
    expect((await list(q)).results.map((e) => e.id)).toEqual([top.id, mid.id, low.id]);
    expect((await player(staff.username)).status).toBe(404);

    await banUser(mid.username, "Botting", "test");
    const after = await list(q);
    expect(after.results.map((e) => [e.id, e.rank])).toEqual([
      [top.id, 1],
      [low.id, 2],
    ]);
    expect((await player(mid.username)).status).toBe(404);
    const low404 = await player(low.username);
    expect((low404.json.results as { rank: number }[]).every((r) => r.rank === 2)).toBe(true);

    // A player promoted to staff leaves; demoted again, comes back.
    await setPrivilege(top.username, "ADMINISTRATOR", "test");
    expect((await list(q)).results.map((e) => e.id)).toEqual([low.id]);
    await setPrivilege(top.username, "PLAYER", "test");
    expect((await list(q)).results.map((e) => e.id)).toEqual([top.id, low.id]);
  });

  it("lists the push of a player whose temporary ban has ended before its lift job ran; hides it while a ban runs", async () => {
    const [ended, running] = [await createUser(), await createUser()];
    await setEndedBan(ended.id);
    await setRunningBan(running.id);
    const mode = { game_mode: "group_ironman" as const, xp_mode: "10x" as const };
    await pushHiscores({ player_id: ended.id, ...mode, experience: flat(5000) });
    await pushHiscores({ player_id: running.id, ...mode, experience: flat(6000) });
    expect(await db.hiscoreStat.count({ where: { userId: ended.id, hidden: false } })).toBe(SKILLS.length + 1);
    expect(await db.hiscoreStat.count({ where: { userId: running.id, hidden: true } })).toBe(SKILLS.length + 1);
    expect((await list({ mode: "group_ironman", xp: "10x" })).results.map((e) => [e.id, e.rank])).toEqual([[ended.id, 1]]);
    expect((await player(ended.username)).status).toBe(200);
    expect((await player(running.username)).status).toBe(404);
  });

  it("keeps each game mode and XP mode a ladder of its own, and the player's own mode on their page", async () => {
    const iron = await createUser();
    const boosted = await createUser();
    await pushHiscores({ player_id: iron.id, game_mode: "hardcore_ironman", xp_mode: "regular", experience: flat(777) });
    await pushHiscores({ player_id: boosted.id, game_mode: "hardcore_ironman", xp_mode: "15x", experience: flat(888) });
    expect((await list({ mode: "hardcore_ironman" })).results.map((e) => e.id)).toEqual([iron.id]);
    expect((await list({ mode: "hardcore_ironman", xp: "15x" })).results.map((e) => e.id)).toEqual([boosted.id]);
    expect((await list({ mode: "regular", xp: "15x" })).results.map((e) => e.id)).not.toContain(boosted.id);

    const page = await player(iron.username.toUpperCase());
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ id: iron.id, username: iron.username, game_mode: "hardcore_ironman", xp_mode: "regular" });
    const results = page.json.results as Record<string, unknown>[];
    expect(results).toHaveLength(24);
    expect(results[0]).toEqual({ skill: 0, skill_name: "Overall", rank: 1, level: 23 * 7, experience: 777 * 23 }); // 7 from 650 XP, 8 at 801
    expect(results[23]).toMatchObject({ skill: 23, skill_name: "Construction", rank: 1, level: 7, experience: 777 });
    expect((await player(iron.username, "?mode=ironman")).status).toBe(404);
    expect((await player(iron.username, "?mode=hardcore_ironman&xp=regular")).status).toBe(200);

    // Moving to another ladder leaves the old one.
    await pushHiscores({ player_id: iron.id, game_mode: "ironman", xp_mode: "regular", experience: flat(777) });
    expect((await list({ mode: "hardcore_ironman" })).results).toEqual([]);
  });
});

describe("a player's last change", () => {
  it("is the latest time one of their rows reached its value: a push that changes nothing keeps it, a new value moves it", async () => {
    const u = await createUser();
    const ladder = { game_mode: "ultimate_ironman", xp_mode: "10x" } as const;
    await pushHiscores({ player_id: u.id, ...ladder, experience: flat(500) });
    await db.hiscoreStat.updateMany({ where: { userId: u.id }, data: { reachedAt: new Date("2025-01-01T00:00:00Z") } });
    await db.hiscoreStat.updateMany({ where: { userId: u.id, skill: 11 }, data: { reachedAt: new Date("2025-03-14T12:34:56Z") } });
    const updated = async () => (await player(u.username)).json.updated;
    expect(await updated()).toBe("2025-03-14T12:34:56.000Z");

    await pushHiscores({ player_id: u.id, ...ladder, experience: flat(500) });
    expect(await updated()).toBe("2025-03-14T12:34:56.000Z");

    const before = Date.now();
    await pushHiscores({ player_id: u.id, ...ladder, experience: SKILLS.map((_, i) => (i === 0 ? 900 : 500)) });
    expect(Date.parse(String(await updated()))).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe("GET /api/v1/hiscores paging", () => {
  it("answers 25 a page with links, reads a page below 1 or not a number as 1, and 400 for an unknown skill or mode", async () => {
    const users = [];
    for (let i = 0; i < 30; i++) users.push(await createUser());
    for (const [i, u] of users.entries()) await pushHiscores({ player_id: u.id, game_mode: "ironman", xp_mode: "15x", experience: flat(10_000 + i) });
    const q = { mode: "ironman", xp: "15x" };
    const one = await list(q);
    expect(one.results).toHaveLength(25);
    expect(one.previous).toBeNull();
    expect(one.next).toMatch(/\/api\/v1\/hiscores\?.*page=2/);
    expect(new URL(one.next!).searchParams.get("mode")).toBe("ironman");
    for (const page of ["0", "-4", "abc", "1.5", ""]) {
      const p = await list({ ...q, page });
      expect(p.status, `page=${page}`).toBe(200);
      expect(p.results.map((e) => e.rank)[0]).toBe(1);
      expect(p.previous).toBeNull();
    }
    const two = await list({ ...q, page: 2 });
    expect(two.results.map((e) => e.rank)).toEqual([26, 27, 28, 29, 30]);
    expect(two.next).toBeNull();
    expect(two.previous).not.toBeNull();
    const beyond = await list({ ...q, page: 99 });
    expect(beyond.results).toEqual([]);
    expect(beyond.next).toBeNull();

    expect((await list({ skill: "sailing" })).status).toBe(400);
    expect((await list({ skill: "24" })).status).toBe(400);
    expect((await list({ mode: "deadman" })).status).toBe(400);
    expect((await list({ xp: "5x" })).status).toBe(400);
  });
});

describe("Old School index_lite lookups", () => {
  it("answers the CSV and JSON shapes, in the official order, per mode, and 404 for an unknown player", async () => {
    const u = await createUser();
    const xp = SKILLS.map((_, i) => XP_FOR_LEVEL[10 + i]!);
    await pushHiscores({ player_id: u.id, game_mode: "ultimate_ironman", xp_mode: "regular", experience: xp });
    const ws = await call(indexLiteWsRoute, { path: `/api/v1/hiscores/index_lite.ws?player=${encodeURIComponent(u.username)}` });
    expect(ws.status).toBe(200);
    expect(ws.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = ws.json.__text as string;
    const lines = text.split("\n");
    expect(lines.pop()).toBe("");
    // 25 skill rows (Sailing unranked) and 88 activity rows, none ranked yet.
    expect(lines).toHaveLength(113);
    for (const line of lines.slice(0, 25)) expect(line).toMatch(/^(-1|\d+),\d+,(-1|\d+)$/);
    expect(lines.slice(25)).toEqual(Array.from({ length: 88 }, () => "-1,-1"));
    const totalLevel = SKILLS.reduce((s, _, i) => s + 10 + i, 0);
    expect(lines[0]).toBe(`1,${totalLevel},${xp.reduce((a, b) => a + b, 0)}`);
    expect(lines[1]).toBe("1,10,1154"); // Attack: level 10 from 1,154 XP
    expect(lines[23]).toBe("1,32,16456"); // Construction: level 32 from 16,456 XP
    expect(lines[24]).toBe("-1,1,-1"); // Sailing: not on this server

    const json = await call(indexLiteJsonRoute, { path: `/api/v1/hiscores/index_lite.json?player=${encodeURIComponent(u.username)}&mode=ultimate_ironman` });
    expect(json.status).toBe(200);
    expect(Object.keys(json.json)).toEqual(["name", "skills", "activities"]);
    expect(json.json.name).toBe(u.username);
    expect(json.json.activities).toHaveLength(88);
    const skills = json.json.skills as Record<string, unknown>[];
    expect(skills).toHaveLength(25);
    expect(skills[0]).toEqual({ id: 0, name: "Overall", rank: 1, level: totalLevel, xp: xp.reduce((a, b) => a + b, 0) });
    expect(skills.map((s) => s.name)).toEqual(["Overall", ...SKILLS.map((s) => (s === "Runecrafting" ? "Runecraft" : s)), "Sailing"]);
    expect(Object.keys(skills[4]!).sort()).toEqual(["id", "level", "name", "rank", "xp"]);

    // A skill without a row is unranked.
    await db.hiscoreStat.delete({ where: { userId_gameMode_xpMode_skill: { userId: u.id, gameMode: "ULTIMATE_IRONMAN", xpMode: "REGULAR", skill: 7 } } });
    const partial = await call(indexLiteWsRoute, { path: `/api/v1/hiscores/index_lite.ws?player=${encodeURIComponent(u.username)}` });
    expect((partial.json.__text as string).split("\n")[7]).toBe("-1,1,-1");

    expect((await call(indexLiteWsRoute, { path: "/api/v1/hiscores/index_lite.ws?player=nobody_here" })).status).toBe(404);
    expect((await call(indexLiteJsonRoute, { path: `/api/v1/hiscores/index_lite.json?player=${encodeURIComponent(u.username)}&mode=regular` })).status).toBe(
      404,
    );
    expect((await call(indexLiteJsonRoute, { path: "/api/v1/hiscores/index_lite.json" })).status).toBe(400);
  });
});

describe("a push waiting for another push of the same player", () => {
  // Last in the file: this case waits six seconds.
  it("still lands after six seconds behind that push's commit (past Prisma's default 5 s)", async () => {
    // Two pushes for one player apply one after the other (the player's row is locked): the
    // second waits for the first's commit, however long the first takes.
    const b = await createUser();
    await pushHiscores({ player_id: b.id, game_mode: "group_ironman", xp_mode: "25x", experience: flat(5) });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${b.id} FOR UPDATE`;
        locked();
        await held;
      },
      { timeout: 30_000 },
    );
    await isLocked;
    const started = pushHiscores({ player_id: b.id, game_mode: "group_ironman", xp_mode: "25x", experience: flat(70) });
    started.catch(() => {}); // awaited below
    try {
      // The push is now waiting for the player's row (the pg_stat_activity pattern, docs/testing.md).
      let waiting = false;
      for (let i = 0; i < 200 && !waiting; i++) {
        const rows = await db.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM users WHERE id%FOR UPDATE%'`;
        waiting = rows[0]!.n > 0;
        if (!waiting) await new Promise((r) => setTimeout(r, 25));
      }
      expect(waiting, "the push never waited for the player's row").toBe(true);
      await new Promise((r) => setTimeout(r, 6_000));
    } finally {
      release();
      await holder;
    }
    expect(await started).toMatchObject({ player_id: b.id });
    const stats = await db.hiscoreStat.findFirstOrThrow({ where: { userId: b.id, skill: 1 } });
    expect(Number(stats.experience)).toBe(70);
  });
});
