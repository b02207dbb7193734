import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  ZAckInput,
  ZAckResult,
  ZClaimInput,
  ZClaimResult,
  ZGameLoginInput,
  ZGameLoginResult,
  ZHiscoresPush,
  ZHiscoresPushResult,
  ZPlayersOnline,
  ZPlayersOnlineInput,
  ZPreviewResult,
  ZStoreLink,
  ZStoreLinkInput,
  type TGameLoginResult,
  ZGameEventsPush,
} from "@/lib/schemas/game";
import { MAX_XP, XP_FOR_LEVEL } from "@/lib/xp";
import { zPaged } from "@/lib/schemas/api";
import { ZCompetition, ZCompetitionView } from "@/lib/schemas/competitions";
import { activitiesFor, DEMO_PLAYER, experienceFor, parseSimArgs, progressPlan, runSim, type SimOptions } from "@/scripts/game-sim";

// The simulator against a fake site that checks every request against the game bridge's own
// contracts (lib/schemas/game.ts) and answers only what those contracts allow.

const KEY = "gsk_abcdefgh_" + "s".repeat(43);
const DEMO_RACE = {
  id: 3,
  title: "Demo week",
  status: "ongoing",
  type: "classic",
  signup: "everyone",
  metric_kind: "skills",
  metrics: [{ metric: "overall", name: "Overall", weight: 1 }],
  teams: [],
  prizes: [],
  starts_at: "2026-01-01T00:00:00Z",
  ends_at: "2026-01-08T00:00:00Z",
  ended_at: null,
  cancelled_at: null,
  schedule_id: null,
};
type Seen = { method: string; path: string; headers: http.IncomingHttpHeaders; body: string };

function fakeSite(opts: { status?: number; headers?: Record<string, string>; login?: TGameLoginResult; refuseAt?: boolean } = {}) {
  const seen: Seen[] = [];
  const answers: Record<string, [z.ZodType | null, z.ZodType, (b: never) => unknown]> = {
    "POST /api/v1/game/players-online": [ZPlayersOnlineInput, ZPlayersOnline, (b: { count: number }) => ({ count: b.count, worlds: [] })],
    "POST /api/v1/game/login": [
      ZGameLoginInput,
      ZGameLoginResult,
      () =>
        opts.login ?? {
          ok: true,
          player: { id: 7, name: "Player", privilege: "PLAYER", memberRank: "NONE", is_staff: false, banned: false, ban_reason: null, mute: null },
        },
    ],
    "POST /api/v1/game/hiscores": [ZHiscoresPush, ZHiscoresPushResult, () => ({ player_id: 7, total_level: 1500, total_experience: 12_345_678 })],
    "GET /api/v1/game/deliveries": [
      null,
      ZPreviewResult,
      () => ({
        deliveries: [
          { id: 11, kind: "store_item", payload: { item_id: 4151, quantity: 1, name: "Abyssal whip" }, created: "2026-01-01T00:00:00Z", status: "pending" },
        ],
      }),
    ],
    "POST /api/v1/game/deliveries/claim": [
      ZClaimInput,
      ZClaimResult,
      () => ({
        lease_id: "lease-1",
        leased_until: "2026-01-01T00:01:00Z",
        deliveries: [
          { id: 11, kind: "store_item", payload: { item_id: 4151, quantity: 1, name: "Abyssal whip" }, created: "2026-01-01T00:00:00Z" },
          { id: 12, kind: "vote_reward", payload: { points: 1, site: "runelocus" }, created: "2026-01-01T00:00:00Z" },
        ],
      }),
    ],
    "POST /api/v1/game/deliveries/ack": [ZAckInput, ZAckResult, (b: { delivery_ids: number[] }) => ({ delivered: b.delivery_ids, rejected: [] })],
    "POST /api/v1/game/store-link": [ZStoreLinkInput, ZStoreLink, () => ({ url: "http://site.test/store-link/abc", expires_at: "2026-01-01T00:05:00Z" })],
    "POST /api/v1/vote/callback/runelist": [null, z.object({ status: z.string() }), () => ({ status: "accepted" })],
    "GET /api/v1/competitions": [null, zPaged(ZCompetition), () => ({ results: [DEMO_RACE], count: 1, previous: null, next: null })],
    "GET /api/v1/competitions/3": [
      null,
      ZCompetitionView,
      () => ({
        competition: DEMO_RACE,
        participants: 1,
        results: [{ rank: 1, id: 7, username: "Player", score: 1234, reached_at: "2026-01-01T00:00:00Z", team: null, progress: [] }],
        teams: null,
        me: null,
        count: 1,
        previous: null,
        next: null,
      }),
    ],
    "POST /api/v1/game/events": [
      ZGameEventsPush,
      z.object({ player_id: z.number(), logged: z.number(), ignored: z.number() }),
      (b: { events: unknown[] }) => ({ player_id: 7, logged: b.events.length, ignored: 0 }),
    ],
  };
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const path = req.url!.split("?")[0]!;
      seen.push({ method: req.method!, path: req.url!, headers: req.headers, body });
      const send = (status: number, data: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(data));
      const answer = answers[`${req.method} ${path}`];
      if (!answer) return send(404, { details: "Not found." });
      if (opts.status) return send(opts.status, { details: "Invalid game server key." }, opts.headers);
      const [input, output, make] = answer;
      if (path.startsWith("/api/v1/game/") && req.headers["x-api-key"] !== KEY) return send(401, { details: "Invalid game server key." });
      if (opts.refuseAt && body.includes('"at"')) return send(400, { at: ["This player's last push was later: a push cannot be dated before it."] });
      const parsed = input ? input.safeParse(JSON.parse(body)) : { success: true as const, data: null };
      if (!parsed.success) return send(400, { details: parsed.error.message });
      send(200, output.parse(make(parsed.data as never)));
    });
  });
  return new Promise<{ url: string; seen: Seen[]; close: () => void }>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => server.close() })),
  );
}

const servers: { close: () => void }[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function simulate(extra: Partial<SimOptions> = {}, site: Parameters<typeof fakeSite>[0] = {}) {
  const s = await fakeSite(site);
  servers.push(s);
  const lines: string[] = [];
  const base = parseSimArgs(["--url", s.url, "--key", KEY, "--players", "12"], {});
  if ("exit" in base) throw new Error(base.text);
  const code = await runSim({ ...base, ...extra }, (l) => lines.push(l));
  return { code, out: lines.join("\n"), seen: s.seen };
}

describe("npm run game:sim against a fake site", () => {
  it("runs every step with requests the contracts accept, and acks exactly the ids it claimed", async () => {
    const { code, out, seen } = await simulate();
    expect(out).not.toMatch(/✗/);
    expect(code).toBe(0);
    expect(out).toMatch(/✓ players online +world 1: reported 12/);
    expect(out).toMatch(/✓ login +ok: Player \(id 7\)/);
    expect(out).toMatch(
      /✓ hiscores +pushed 23 skills: total level 1500, total experience 12,345,678; 14 activity scores \(\d+ clue scrolls, \d+ Zulrah kills, \d+ PvP kills\)/,
    );
    // The push carries the activity scores, in the contract's shape (the fake site parsed it).
    expect(JSON.parse(seen.findLast((r) => r.path === "/api/v1/game/hiscores")!.body).activities).toEqual(activitiesFor("Player"));
    expect(out).toMatch(/✓ competitions +1 running; Player is #1 in "Demo week" with 1,234 points/);
    expect(out).toMatch(/✓ claim +2 delivery\(ies\) leased as lease-1/);
    expect(out).toMatch(/grant #11 store_item: 1 x Abyssal whip \(item id 4151\)/);
    expect(out).toMatch(/grant #12 vote_reward: 1 vote point\(s\) for voting on runelocus/);
    expect(out).toMatch(/✓ ack +delivered \[11, 12\]/);
    expect(out).toMatch(/✓ store link +http:\/\/site\.test\/store-link\/abc/);
    expect(JSON.parse(seen.find((r) => r.path.endsWith("/ack"))!.body)).toEqual({ lease_id: "lease-1", delivery_ids: [11, 12] });
    expect(seen.every((r) => r.headers["x-api-key"] === KEY)).toBe(true);
  });

  it("with --no-ack claims but never acks", async () => {
    const { code, out, seen } = await simulate({ ack: false });
    expect(code).toBe(0);
    expect(out).toMatch(/✓ ack +skipped \(--no-ack\)/);
    expect(seen.some((r) => r.path.endsWith("/ack"))).toBe(false);
  });

  it("plays a listing site's vote callback as a form with the site's own parameter names, without the game key", async () => {
    const { code, out, seen } = await simulate({ voteToken: "tok123", voteSite: "runelist", voteSecret: "s3cret" });
    expect(code).toBe(0);
    expect(out).toMatch(/✓ vote callback +Runelist called back: accepted/);
    const vote = seen.find((r) => r.path.startsWith("/api/v1/vote/"))!;
    expect(vote.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    expect(vote.headers["x-api-key"]).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(vote.body))).toEqual({ incentive: "tok123", secret: "s3cret" });
  });

  it("a wrong or revoked key (401) exits 1 and says how to make a key", async () => {
    const { code, out } = await simulate({ key: "gsk_wrong" });
    expect(code).toBe(1);
    expect(out).toMatch(/✗ players online +401 Invalid game server key\. The key is wrong or revoked: make one with npm run admin -- game-key create sim/);
  });

  it("a rate limit (429) names the Retry-After", async () => {
    const { code, out } = await simulate({}, { status: 429, headers: { "retry-after": "42" } });
    expect(code).toBe(1);
    expect(out).toMatch(/429 rate limited: try again in 42 seconds/);
  });

  it("a refused login stops with the reason, and asks for --code when 2FA is on", async () => {
    const { code, out, seen } = await simulate(
      {},
      { login: { ok: false, reason: "two_factor_required", message: "Enter your authenticator code.", ban_reason: null } },
    );
    expect(code).toBe(1);
    expect(out).toMatch(/✗ login +refused \(two_factor_required\): Enter your authenticator code\. Run again with --code/);
    expect(seen.some((r) => r.path.includes("/deliveries"))).toBe(false);
  });

  it("no site listening: exits 1 and says to start it", async () => {
    const s = await fakeSite();
    s.close();
    const lines: string[] = [];
    const o = parseSimArgs(["--url", s.url, "--key", KEY], {}) as SimOptions;
    expect(await runSim(o, (l) => lines.push(l))).toBe(1);
    expect(lines.join("\n")).toMatch(/connection refused\): is the site running\? Start it with npm start/);
  });
});

describe("game:sim history", () => {
  it("pushes days of past play first, dated in order, each value only growing, then the values it reports", async () => {
    const { code, out, seen } = await simulate({ days: 2 });
    expect(code).toBe(0);
    expect(out).toMatch(/✓ history +pushed 8 past pushes over 2 day\(s\)/);
    const pushes = seen.filter((r) => r.path === "/api/v1/game/hiscores").map((r) => JSON.parse(r.body) as { at?: string; experience: number[] });
    expect(pushes).toHaveLength(9);
    const ats = pushes.slice(0, -1).map((p) => Date.parse(p.at!));
    expect(ats).toEqual([...ats].sort((a, b) => a - b));
    expect(Date.now() - ats[0]!).toBeGreaterThan(40 * 3_600_000);
    expect(pushes.at(-1)!.at).toBeUndefined();
    for (let i = 1; i < pushes.length; i++) pushes[i]!.experience.forEach((xp, s) => expect(xp).toBeGreaterThanOrEqual(pushes[i - 1]!.experience[s]!));
    // The best skill crosses 99 along the way.
    const best = pushes.at(-1)!.experience.indexOf(Math.max(...pushes.at(-1)!.experience));
    expect(pushes[0]!.experience[best]).toBeLessThan(XP_FOR_LEVEL[99]!);
    expect(pushes.at(-1)!.experience[best]).toBeGreaterThanOrEqual(XP_FOR_LEVEL[99]!);
    expect(out).toMatch(/✓ events +reported a hard clue and a rare drop: 2 logged/);
  });

  it("skips the history of a player already pushed to later, and goes on", async () => {
    const { code, out } = await simulate({ days: 3 }, { refuseAt: true });
    expect(code).toBe(0);
    expect(out).toMatch(/✓ history +skipped: Player already has pushes after/);
    expect(out).toMatch(/✓ hiscores +pushed 23 skills/);
  });

  it("plans the same history for a name on every run, ending at its experience and activities", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    expect(progressPlan("Zezima", now, 3)).toEqual(progressPlan("Zezima", now, 3));
    const last = progressPlan("Zezima", now, 3).at(-1)!;
    expect(last.at).toEqual(now);
    expect(last.activities).toEqual(activitiesFor("Zezima"));
    expect(progressPlan("Zezima", now, 0)).toHaveLength(1);
  });
});

describe("game:sim options", () => {
  it("uses the demo player of local mode, the site's URL and the key from the environment", () => {
    const o = parseSimArgs([], { GAME_SIM_KEY: KEY, SITE_URL: "http://localhost:4000/" });
    expect(o).toMatchObject({ url: "http://localhost:4000", key: KEY, username: "Player", password: "Ember!Player1", world: 1, lease: 60, ack: true });
  });

  it("the demo player is the one npm start seeds", () => {
    const seed = readFileSync("prisma/seed-demo.ts", "utf8");
    expect(seed).toContain(`username: "${DEMO_PLAYER.username}"`);
    expect(seed).toContain(`password: "${DEMO_PLAYER.password}"`);
  });

  it("has no default player in production, and refuses bad values with exit 2", () => {
    expect(parseSimArgs(["--key", KEY], { APP_MODE: "production" })).toMatchObject({ exit: 2, text: expect.stringMatching(/--username and --password/) });
    expect(parseSimArgs(["--key", KEY, "--username", "Zezima"], {})).toMatchObject({ exit: 2 });
    expect(parseSimArgs([], {})).toMatchObject({ exit: 2, text: expect.stringMatching(/game-key create sim/) });
    expect(parseSimArgs(["--key", KEY, "--lease", "5"], {})).toMatchObject({ exit: 2 });
    expect(parseSimArgs(["--key", KEY, "--vote-site", "nowhere"], {})).toMatchObject({ exit: 2 });
    expect(parseSimArgs(["--nope"], {})).toMatchObject({ exit: 2 });
    expect(parseSimArgs(["--help"], {})).toMatchObject({ exit: 0, text: expect.stringMatching(/^Usage: npm run game:sim/) });
  });

  it("pushes plausible experience: 23 skills, whole, in range, Hitpoints at least level 10, the same each run", () => {
    const xp = experienceFor("Player");
    expect(xp).toHaveLength(23);
    expect(xp.every((x) => Number.isInteger(x) && x >= 0 && x <= MAX_XP)).toBe(true);
    expect(xp[3]).toBeGreaterThanOrEqual(1154);
    expect(experienceFor("player")).toEqual(xp);
  });

  it("pushes plausible activity scores: known keys, whole, clue tiers adding up to the total, a streak no longer than the kills", () => {
    const a = activitiesFor("Player");
    expect(ZHiscoresPush.parse({ player_id: 7, experience: experienceFor("Player"), activities: a }).activities).toEqual(a);
    const tiers = ["beginner", "easy", "medium", "hard", "elite", "master"].map((t) => a[`clue_scrolls_${t}`]!);
    expect(a.clue_scrolls_all).toBe(tiers.reduce((x, y) => x + y, 0));
    expect(a.pvp_kill_streak).toBeLessThanOrEqual(a.pvp_kills!);
    expect(activitiesFor("player")).toEqual(a);
    expect(activitiesFor("Zezima")).not.toEqual(a);
  });
});
