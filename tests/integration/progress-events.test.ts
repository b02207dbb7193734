import { describe, expect, it } from "vitest";
import { POST as eventsRoute } from "@/app/api/v1/game/events/route";
import { GET as logRoute } from "@/app/api/v1/hiscores/player/[name]/log/route";
import { GET as achievementsRoute } from "@/app/api/v1/hiscores/player/[name]/achievements/route";
import { GET as recentRoute } from "@/app/api/v1/hiscores/recent/route";
import { XP_99 } from "@/lib/progress/config";
import { db } from "@/lib/server/db";
import { pushHiscores } from "@/lib/server/game/push-hiscores";
import { SKILLS } from "@/lib/skills";
import { createGameKey } from "../factories/game-keys";
import { createUser } from "../factories/users";
import { call } from "./helpers";

// What the game reports on its own (POST /api/v1/game/events), and how the log, the achievements
// and the server-wide feed read (docs/progress.md).

const send = (headers: Record<string, string>, body: unknown) => call(eventsRoute, { method: "POST", path: "/api/v1/game/events", headers, body });
const skills = (xp: number, over: Record<number, number> = {}) => SKILLS.map((_, i) => over[i + 1] ?? xp);

async function log(name: string): Promise<{ kind: string; text: string; count: number; server_first: boolean }[]> {
  const r = await call(logRoute, { path: `/api/v1/hiscores/player/${name}/log`, params: { name } });
  expect(r.status).toBe(200);
  return r.json.results as { kind: string; text: string; count: number; server_first: boolean }[];
}

describe("events from the game", () => {
  it("needs the events scope", async () => {
    const u = await createUser();
    await pushHiscores({ player_id: u.id, experience: skills(0) });
    const other = await createGameKey(["hiscores"]);
    expect((await send(other.headers, { player_id: u.id, events: [{ type: "quest", name: "Dragon Slayer I" }] })).status).toBe(403);
    const key = await createGameKey(["events"]);
    const ok = await send(key.headers, { player_id: u.id, events: [{ type: "quest", name: "Dragon Slayer I" }] });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ player_id: u.id, logged: 1, ignored: 0 });
    expect((await log(u.username)).map((e) => e.text)).toContain("Completed the quest Dragon Slayer I");
  });

  it("logs rare drops past the threshold only, folds repeats, and feeds the rarest", async () => {
    const u = await createUser();
    await pushHiscores({ player_id: u.id, experience: skills(0) });
    const key = await createGameKey(["events"]);
    const r = await send(key.headers, {
      player_id: u.id,
      events: [
        { type: "drop", name: "Rune platebody", rarity: 128 },
        { type: "drop", name: "Twisted bow", rarity: 34_500 },
        { type: "clue", tier: "elite" },
      ],
    });
    expect(r.json).toMatchObject({ logged: 2, ignored: 1 });
    await send(key.headers, {
      player_id: u.id,
      events: [
        { type: "clue", tier: "elite" },
        { type: "clue", tier: "elite" },
      ],
    });
    const entries = await log(u.username);
    expect(entries.find((e) => e.kind === "clue")).toMatchObject({ count: 3, text: "Completed 3 elite clue scrolls" });
    expect(entries.find((e) => e.kind === "drop")?.text).toBe("Received a rare drop: Twisted bow (1/34,500)");
    expect(entries.some((e) => e.text.includes("Rune platebody"))).toBe(false);
    const feed = await call(recentRoute, { path: "/api/v1/hiscores/recent" });
    expect((feed.json.results as { username: string; kind: string }[]).some((e) => e.username === u.username && e.kind === "drop")).toBe(true);
  });

  it("makes the first of each pet a server first, once, even when two arrive together", async () => {
    const key = await createGameKey(["events"]);
    const [a, b] = [await createUser(), await createUser()];
    await Promise.all([a, b].map((p) => send(key.headers, { player_id: p.id, events: [{ type: "pet", name: "Lil' Zik" }] })));
    const firsts = await db.playerEvent.findMany({ where: { kind: "pet", key: "pet:lil' zik", serverFirst: true } });
    expect(firsts).toHaveLength(1);
    expect(await db.playerEvent.count({ where: { kind: "pet", key: "pet:lil' zik" } })).toBe(2);
    const winner = firsts[0]!.userId === a.id ? a : b;
    await pushHiscores({ player_id: winner.id, experience: skills(0) });
    expect((await log(winner.username))[0]).toMatchObject({ server_first: true, text: "Server first! Found a pet: Lil' Zik" });
  });

  it("refuses hostile input naming the field, and writes nothing", async () => {
    const u = await createUser();
    const key = await createGameKey(["events"]);
    const before = await db.playerEvent.count();
    const bad = await send(key.headers, { player_id: u.id, events: [{ type: "drop", name: "x".repeat(101), rarity: 1000 }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).join()).toContain("events");
    expect((await send(key.headers, { player_id: u.id, events: [] })).status).toBe(400);
    expect((await send(key.headers, { player_id: u.id, events: [{ type: "loot" }] })).status).toBe(400);
    expect((await send(key.headers, { player_id: 2_000_000_000, events: [{ type: "pet", name: "Pet rock" }] })).status).toBe(404);
    expect(await db.playerEvent.count()).toBe(before);
  });
});

describe("achievements read", () => {
  it("lists every tier with the player's value, dated or before history", async () => {
    const u = await createUser();
    await db.hiscoreStat.create({ data: { userId: u.id, skill: 2, level: 99, experience: BigInt(XP_99) } });
    await pushHiscores({ player_id: u.id, experience: skills(0, { 2: XP_99, 3: XP_99 }) });
    const r = await call(achievementsRoute, { path: `/api/v1/hiscores/player/${u.username}/achievements`, params: { name: u.username } });
    const rows = r.json.results as { key: string; met: boolean; reached_at: string | null; before_history: boolean; value: number }[];
    const by = new Map(rows.map((x) => [x.key, x]));
    expect(by.get(`xp:2:${XP_99}`)).toMatchObject({ met: true, reached_at: null, before_history: true });
    expect(by.get(`xp:3:${XP_99}`)).toMatchObject({ met: true, before_history: false });
    expect(by.get(`xp:3:${XP_99}`)!.reached_at).not.toBeNull();
    expect(by.get("xp:3:50000000")).toMatchObject({ met: false, value: XP_99 });
    expect(typeof r.json.history_from).toBe("string");
  });
});
