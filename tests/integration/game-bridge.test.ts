import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { POST as hiscoresRoute } from "@/app/api/v1/game/hiscores/route";
import { POST as gameLoginRoute } from "@/app/api/v1/game/login/route";
import { POST as reportOnlineRoute } from "@/app/api/v1/game/players-online/route";
import { GET as playersOnlineRoute } from "@/app/api/v1/players-online/route";
import { db } from "@/lib/server/db";
import { CLI_ACTOR } from "@/lib/server/audit/audit-actor";
import { revokeGameApiKey } from "@/lib/server/game/api-keys";
import { GAME_LOGIN_PER_KEY } from "@/lib/server/game/verify-game-login";
import { encryptSecret } from "@/lib/server/security/encryption";
import { SKILLS } from "@/lib/skills";
import { levelForXp, XP_FOR_LEVEL } from "@/lib/xp";
import { createGameKey } from "../factories/game-keys";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { call } from "./helpers";

// The game bridge's key auth, login verification, hiscores push and players online, through
// the real route handlers and database.

const login = (headers: Record<string, string>, body: Record<string, unknown>) => call(gameLoginRoute, { method: "POST", headers, body });
const xpFor = (level: number) => XP_FOR_LEVEL[level]!;

describe("game API keys", () => {
  it("answers 401 for a missing, malformed, unknown, tampered or revoked key, and 403 for a key without the scope", async () => {
    const u = await createUser();
    const body = { username: u.username, password: DEFAULT_PASSWORD };
    const good = await createGameKey();
    expect((await login(good.headers, body)).status).toBe(200);

    expect((await login({}, body)).status).toBe(401);
    expect((await login({ "x-api-key": "not-a-key" }, body)).status).toBe(401);
    expect((await login({ "x-api-key": `${good.prefix}_${"A".repeat(43)}` }, body)).status).toBe(401);
    const tampered = good.key.slice(0, -1) + (good.key.endsWith("A") ? "B" : "A");
    const r401 = await login({ "x-api-key": tampered }, body);
    expect(r401.status).toBe(401);
    expect(r401.json.details).toBe("Invalid game server key.");
    // Bearer works as well as X-Api-Key.
    expect((await login({ authorization: `Bearer ${good.key}` }, body)).status).toBe(200);

    const hiscoresOnly = await createGameKey(["hiscores"]);
    const r403 = await login(hiscoresOnly.headers, body);
    expect(r403.status).toBe(403);
    expect(String(r403.json.details)).toContain("login");

    await revokeGameApiKey(CLI_ACTOR, { prefixOrName: good.prefix });
    expect((await login(good.headers, body)).status).toBe(401);
  });

  it("lets several keys live at once so a key rotates without downtime", async () => {
    const u = await createUser();
    const body = { username: u.username, password: DEFAULT_PASSWORD };
    const oldKey = await createGameKey();
    const newKey = await createGameKey();
    expect((await login(oldKey.headers, body)).status).toBe(200);
    expect((await login(newKey.headers, body)).status).toBe(200);
    await revokeGameApiKey(CLI_ACTOR, { prefixOrName: oldKey.prefix });
    expect((await login(oldKey.headers, body)).status).toBe(401);
    expect((await login(newKey.headers, body)).status).toBe(200);
    const row = await db.gameApiKey.findUniqueOrThrow({ where: { prefix: newKey.prefix }, omit: { keyHash: false } });
    expect(row.lastUsedAt).not.toBeNull();
    // Only the hash is stored.
    expect(row.keyHash).not.toContain(newKey.key.split("_").pop()!);
  });
});

describe("POST /api/v1/game/login", () => {
  it("answers the profile for the right password and a refusal for a wrong one or an unknown name", async () => {
    const { headers } = await createGameKey(["login"]);
    const u = await createUser({ privilege: "MODERATOR" });
    const ok = await login(headers, { username: u.username.toUpperCase(), password: DEFAULT_PASSWORD, ip: "198.51.100.7" });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({
      ok: true,
      player: { id: u.id, name: u.username, privilege: "MODERATOR", memberRank: "NONE", is_staff: true, banned: false, ban_reason: null, mute: null },
    });

    const wrong = await login(headers, { username: u.username, password: "Wrong-pass1!", ip: "198.51.100.7" });
    expect(wrong.status).toBe(200);
    expect(wrong.json).toMatchObject({ ok: false, reason: "invalid_credentials", ban_reason: null });
    expect(wrong.json.player).toBeUndefined();
    const unknown = await login(headers, { username: "nobody-here", password: DEFAULT_PASSWORD });
    expect(unknown.json).toMatchObject({ ok: false, reason: "invalid_credentials" });
  });

  it("takes the player's address only as an IPv4 or IPv6 address (it keys the login limits)", async () => {
    const { headers } = await createGameKey(["login"]);
    const u = await createUser();
    for (const ip of ["not-an-ip", "1.2.3.4; DROP", "", "1.2.3.256", "999.1.1.1", "::g", "10.0.0.1 "]) {
      const r = await login(headers, { username: u.username, password: DEFAULT_PASSWORD, ip });
      expect(r.status, ip).toBe(400);
      expect(r.json.ip, ip).toEqual(["Must be the player's IPv4 or IPv6 address, e.g. 203.0.113.7."]);
    }
    for (const ip of ["203.0.113.7", "2001:DB8::7", "::ffff:203.0.113.7"])
      expect((await login(headers, { username: u.username, password: DEFAULT_PASSWORD, ip })).json, ip).toMatchObject({ ok: true, player: { id: u.id } });
  });

  it("refuses a banned player with the reason", async () => {
    const { headers } = await createGameKey(["login"]);
    const u = await createUser({ bannedAt: new Date(), banReason: "Real-world trading" });
    const r = await login(headers, { username: u.username, password: DEFAULT_PASSWORD });
    expect(r.json).toMatchObject({ ok: false, reason: "banned", ban_reason: "Real-world trading" });
  });

  it("asks a 2FA player for a code, refuses a wrong or replayed code and accepts a fresh one", async () => {
    const { headers } = await createGameKey(["login"]);
    const u = await createUser();
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await db.user.update({ where: { id: u.id }, data: { totpSecretEnc: encryptSecret(secret, `totp:user:${u.id}`), totpEnabledAt: new Date() } });
    const body = { username: u.username, password: DEFAULT_PASSWORD, ip: "198.51.100.8" };

    expect((await login(headers, body)).json).toMatchObject({ ok: false, reason: "two_factor_required" });
    expect((await login(headers, { ...body, code: "000000" })).json).toMatchObject({ ok: false, reason: "invalid_two_factor_code" });
    const code = await generate({ secret });
    expect((await login(headers, { ...body, code })).json).toMatchObject({ ok: true, player: { id: u.id } });
    // A code is accepted once.
    expect((await login(headers, { ...body, code })).json).toMatchObject({ ok: false, reason: "invalid_two_factor_code" });
  });

  it("limits wrong passwords per account and player address with 429 and Retry-After, without locking out other addresses", async () => {
    const { headers } = await createGameKey(["login"]);
    const u = await createUser();
    const attempts = await Promise.all(
      Array.from({ length: 12 }, () => login(headers, { username: u.username, password: "Wrong-pass1!", ip: "203.0.113.50" })),
    );
    const limited = attempts.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(2);
    expect(limited[0]!.headers.get("retry-after")).toMatch(/^\d+$/);
    // The owner, from their own address, still gets in.
    expect((await login(headers, { username: u.username, password: DEFAULT_PASSWORD, ip: "203.0.113.51" })).json).toMatchObject({ ok: true });
  });

  it("stops password guessing spread over many accounts and addresses with one key at the key's ceiling (429, Retry-After); another key and right passwords are unaffected", async () => {
    const key = await createGameKey(["login"]);
    const { headers } = key;
    const other = await createGameKey(["login"]);
    const limit = GAME_LOGIN_PER_KEY.limit;
    const accounts = await Promise.all(Array.from({ length: 30 }, () => createUser()));
    // The key's window is opened here, an hour long. Its own minute runs from the first hit, and
    // the ~130 password checks below took up to 23 s on a loaded machine: past a minute the count
    // would start again and the ceiling never be reached.
    const { id: keyId } = await db.gameApiKey.findUniqueOrThrow({ where: { prefix: key.prefix }, select: { id: true } });
    await db.rateLimitBucket.create({ data: { key: `${GAME_LOGIN_PER_KEY.name}:${keyId}`, count: 0, resetAt: new Date(Date.now() + 3_600_000) } });
    // Addresses the game reports: a fresh one per attempt, as a leaked key would send.
    let n = 0;
    const ip = () => {
      n += 1;
      return `198.18.${Math.floor(n / 250)}.${n % 250}`;
    };
    const guess = (i: number) => login(headers, { username: accounts[i % accounts.length]!.username, password: `Wrong-pass-${i}!`, ip: ip() });
    const right = (i: number) => login(headers, { username: accounts[i]!.username, password: DEFAULT_PASSWORD, ip: ip() });

    // Below the ceiling: every guess is an ordinary refusal, and right passwords in between
    // (honest players) get in without using it up.
    const honest: Awaited<ReturnType<typeof login>>[] = [];
    for (let batch = 0; batch < (limit - 1) / 17; batch++) {
      const size = Math.min(17, limit - 1 - batch * 17);
      const answers = await Promise.all(Array.from({ length: size }, (_, j) => guess(batch * 17 + j)));
      for (const a of answers) expect(a.json).toMatchObject({ ok: false, reason: "invalid_credentials" });
      honest.push(await right(batch % accounts.length));
    }
    for (const h of honest) expect(h.json).toMatchObject({ ok: true });
    expect((await guess(limit - 1)).json).toMatchObject({ ok: false, reason: "invalid_credentials" }); // the last one allowed

    // Past it: refused before the password is checked, even a right one, with Retry-After.
    const past = await guess(limit);
    expect(past.status).toBe(429);
    // Until the window opened above ends: under an hour, more than the test has taken.
    expect(Number(past.headers.get("retry-after"))).toBeGreaterThan(3_600 - 600);
    expect(Number(past.headers.get("retry-after"))).toBeLessThanOrEqual(3_600);
    expect((await right(0)).status).toBe(429);

    // Another key (another world) is not affected.
    const elsewhere = await login(other.headers, { username: accounts[0]!.username, password: DEFAULT_PASSWORD, ip: ip() });
    expect(elsewhere.json).toMatchObject({ ok: true, player: { id: accounts[0]!.id } });
    // About 130 argon2 password checks and 30 accounts: 12–23 s on the shared two-core machine,
    // too close to the 30 s default.
  }, 120_000);

  it("names the missing field", async () => {
    const { headers } = await createGameKey(["login"]);
    const r = await login(headers, { username: "someone" });
    expect(r.status).toBe(400);
    expect(r.json.password).toEqual(["This field is required."]);
  });
});

describe("POST /api/v1/game/hiscores", () => {
  const push = (headers: Record<string, string>, body: Record<string, unknown>) => call(hiscoresRoute, { method: "POST", headers, body });

  it("stores levels derived from experience, with Overall as the sums", async () => {
    const { headers } = await createGameKey(["hiscores"]);
    const u = await createUser();
    const experience = SKILLS.map((_, i) => xpFor(10 + i));
    const r = await push(headers, { player_id: u.id, game_mode: "ironman", xp_mode: "10x", experience });
    expect(r.status).toBe(200);
    const totalLevel = SKILLS.reduce((sum, _, i) => sum + 10 + i, 0);
    expect(r.json).toEqual({ player_id: u.id, total_level: totalLevel, total_experience: experience.reduce((a, b) => a + b, 0) });
    const rows = await db.hiscoreStat.findMany({ where: { userId: u.id }, orderBy: { skill: "asc" } });
    expect(rows).toHaveLength(24);
    expect(rows.every((row) => row.gameMode === "IRONMAN" && row.xpMode === "X10" && !row.hidden)).toBe(true);
    expect(rows[0]).toMatchObject({ skill: 0, level: totalLevel });
    expect(rows[5]).toMatchObject({ skill: 5, level: 14, experience: BigInt(xpFor(14)) });
    expect(levelForXp(xpFor(14) - 1)).toBe(13);
  });

  it("keeps the time an experience value was first reached, and moves it when the experience changes", async () => {
    const { headers } = await createGameKey(["hiscores"]);
    const u = await createUser();
    const experience = SKILLS.map(() => 1000);
    await push(headers, { player_id: u.id, experience });
    const past = new Date("2026-01-01T00:00:00Z");
    await db.hiscoreStat.updateMany({ where: { userId: u.id }, data: { reachedAt: past } });
    const next = [...experience];
    next[0] = 5000;
    await push(headers, { player_id: u.id, experience: next });
    const rows = await db.hiscoreStat.findMany({ where: { userId: u.id }, orderBy: { skill: "asc" } });
    expect(rows[0]!.reachedAt.getTime()).toBeGreaterThan(past.getTime()); // Overall changed
    expect(rows[1]!.reachedAt.getTime()).toBeGreaterThan(past.getTime()); // Attack changed
    expect(rows[2]!.reachedAt.getTime()).toBe(past.getTime()); // Defence did not
  });

  it("keeps a player on one ladder, hides staff and banned players, and applies concurrent pushes whole", async () => {
    const { headers } = await createGameKey(["hiscores"]);
    const u = await createUser();
    await push(headers, { player_id: u.id, game_mode: "hardcore_ironman", experience: SKILLS.map(() => 100) });
    const pushes = [1, 2, 3, 4].map((k) => push(headers, { player_id: u.id, game_mode: "ironman", experience: SKILLS.map(() => 1000 * k) }));
    expect((await Promise.all(pushes)).every((r) => r.status === 200)).toBe(true);
    const rows = await db.hiscoreStat.findMany({ where: { userId: u.id } });
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((r) => r.gameMode))).toEqual(new Set(["IRONMAN"]));
    // One push's values throughout, never a mix.
    expect(new Set(rows.filter((r) => r.skill > 0).map((r) => r.experience)).size).toBe(1);

    const staff = await createUser({ privilege: "ADMINISTRATOR" });
    const banned = await createUser({ bannedAt: new Date(), banReason: "Botting" });
    for (const p of [staff, banned]) await push(headers, { player_id: p.id, experience: SKILLS.map(() => 50) });
    expect(await db.hiscoreStat.count({ where: { userId: { in: [staff.id, banned.id] }, hidden: false } })).toBe(0);
  });

  it("answers 404 for an unknown player and 400 naming the field for bad experience", async () => {
    const { headers } = await createGameKey(["hiscores"]);
    expect((await push(headers, { player_id: 2_000_000_000, experience: SKILLS.map(() => 0) })).status).toBe(404);
    const u = await createUser();
    const short = await push(headers, { player_id: u.id, experience: [1, 2, 3] });
    expect(short.status).toBe(400);
    expect((short.json.experience as string[])[0]).toContain("all 23 skills");
    const negative = await push(headers, { player_id: u.id, experience: SKILLS.map(() => -1) });
    expect(negative.status).toBe(400);
    expect(await db.hiscoreStat.count({ where: { userId: u.id } })).toBe(0);
  });
});

describe("players online", () => {
  it("sums the worlds that reported recently and leaves out stale ones", async () => {
    const { headers } = await createGameKey(["players"]);
    const world = 500 + (process.pid % 400);
    const r = await call(reportOnlineRoute, { method: "POST", headers, body: { world, count: 37 } });
    expect(r.status).toBe(200);
    const before = await call(playersOnlineRoute);
    expect(before.json.worlds).toContainEqual(expect.objectContaining({ world, count: 37 }));
    await db.$executeRaw`UPDATE game_worlds SET "updatedAt" = now() - interval '10 minutes' WHERE world = ${world}`;
    const after = await call(playersOnlineRoute);
    expect((after.json.worlds as Array<{ world: number }>).some((w) => w.world === world)).toBe(false);
    expect((await call(reportOnlineRoute, { method: "POST", headers, body: { world, count: -1 } })).status).toBe(400);
  });
});
