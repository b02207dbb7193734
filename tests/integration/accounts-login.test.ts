import bcrypt from "bcryptjs";
import { type JWTHeaderParameters, type JWTPayload, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as loginRoute } from "@/app/api/v1/login/route";
import { POST as logoutRoute } from "@/app/api/v1/logout/route";
import { DELETE as endOne } from "@/app/api/v1/sessions/[kind]/[id]/route";
import { DELETE as endAll, GET as listSessions } from "@/app/api/v1/sessions/route";
import { POST as refreshRoute } from "@/app/api/v1/token/refresh/route";
import { POST as tokenRoute } from "@/app/api/v1/token/route";
import { GET as userRoute } from "@/app/api/v1/user/route";
import { db } from "@/lib/server/db";
import { SESSION_ABSOLUTE_MS } from "@/lib/server/sessions/constants";
import { SESSION_HINT_MAX_AGE_SEC } from "@/lib/session-hint";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, loginCookie as login, SAME_ORIGIN, sessionFrom } from "./helpers";

let restore: () => void;
beforeAll(() => {
  restore = setEnv({ TRUST_PROXY: "true" });
});
afterAll(() => restore());

const ip = () => freshClient();
const loginCookie = (username: string, password = DEFAULT_PASSWORD) => login(username, password);

describe("website login", () => {
  it("sets an HttpOnly SameSite session cookie and answers the profile", async () => {
    const u = await createUser();
    const r = await call(loginRoute, { method: "POST", body: { username: u.username.toUpperCase(), password: DEFAULT_PASSWORD }, headers: ip() });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ two_factor_required: false, user: { name: u.username } });
    const cookie = r.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const token = sessionFrom(r.headers)!;
    // The database holds only a hash of the token.
    expect(await db.session.count({ where: { tokenHash: token } })).toBe(0);
  });

  it("answers the same 400 for a wrong password and an unknown user", async () => {
    const u = await createUser();
    const wrong = await call(loginRoute, { method: "POST", body: { username: u.username, password: "Nope!123x" }, headers: ip() });
    const unknown = await call(loginRoute, { method: "POST", body: { username: "nobody-here", password: "Nope!123x" }, headers: ip() });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.json).toEqual(unknown.json);
    expect(sessionFrom(wrong.headers)).toBeNull();
  });

  it("requires both fields", async () => {
    const r = await call(loginRoute, { method: "POST", body: {}, headers: ip() });
    expect(r.status).toBe(400);
    expect(r.json.username).toEqual(["This field is required."]);
    expect(r.json.password).toEqual(["This field is required."]);
  });

  it("tells a banned player why and gives no session or token", async () => {
    const u = await createUser({ bannedAt: new Date(), banReason: "Real-world trading" });
    const r = await call(loginRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: ip() });
    expect(r.status).toBe(403);
    expect(r.json.details).toContain("Real-world trading");
    expect(sessionFrom(r.headers)).toBeNull();
    const t = await call(tokenRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: ip() });
    expect(t.status).toBe(403);
    expect(t.json.access).toBeUndefined();
  });

  it("slows password guessing per account and IP with 429, without locking out other places", async () => {
    const u = await createUser();
    const attacker = { "x-forwarded-for": "10.66.6.6" };
    for (let i = 0; i < 10; i++) await call(loginRoute, { method: "POST", body: { username: u.username, password: "Wrong!pass1" }, headers: attacker });
    const blocked = await call(loginRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: attacker });
    expect(blocked.status).toBe(429);
    expect(blocked.json.details).toBe("You have been rate limited, please try again later.");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    const owner = await call(loginRoute, {
      method: "POST",
      body: { username: u.username, password: DEFAULT_PASSWORD },
      headers: { "x-forwarded-for": "10.55.5.5" },
    });
    expect(owner.status).toBe(200);
  });

  it("counts attempts before verifying: 14 parallel guesses against a limit of 10 get at most 10 checks", async () => {
    const u = await createUser();
    const attacker = freshClient();
    const results = await Promise.all(
      Array.from({ length: 14 }, () => call(loginRoute, { method: "POST", body: { username: u.username, password: "Wrong!pass1" }, headers: attacker })),
    );
    const checked = results.filter((r) => r.status === 400);
    const limited = results.filter((r) => r.status === 429);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(checked.length + limited.length).toBe(14);
    for (const r of limited) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("lets the owner in from another address after 10+ failures elsewhere, and clears their own count on success", async () => {
    const u = await createUser();
    const attacker = freshClient();
    for (let i = 0; i < 12; i++) await call(loginRoute, { method: "POST", body: { username: u.username, password: "Wrong!pass1" }, headers: attacker });
    const owner = freshClient();
    for (let i = 0; i < 9; i++) await call(loginRoute, { method: "POST", body: { username: u.username, password: "Typo!pass1" }, headers: owner });
    expect((await call(loginRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: owner })).status).toBe(200);
    // The success reset this address's count: another nine typos are still allowed.
    for (let i = 0; i < 9; i++)
      expect((await call(loginRoute, { method: "POST", body: { username: u.username, password: "Typo!pass1" }, headers: owner })).status).toBe(400);
  });

  it("stops guessing spread over many addresses at a per-account ceiling, with Retry-After", async () => {
    const u = await createUser();
    // 100 failures from 100 addresses, written as the counter would hold them.
    await db.rateLimitBucket.create({ data: { key: `login-account:${u.usernameKey}`, count: 100, resetAt: new Date(Date.now() + 3_600_000) } });
    const r = await call(loginRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: freshClient() });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(sessionFrom(r.headers)).toBeNull();
  });

  it("verifies a legacy bcrypt hash and upgrades it to argon2id", async () => {
    const u = await createUser();
    await db.user.update({ where: { id: u.id }, data: { passwordHash: await bcrypt.hash("Legacy!pass9", 8) } });
    const r = await call(loginRoute, { method: "POST", body: { username: u.username, password: "Legacy!pass9" }, headers: ip() });
    expect(r.status).toBe(200);
    expect((await db.user.findUniqueOrThrow({ where: { id: u.id }, select: { passwordHash: true } })).passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe("GET /api/v1/user", () => {
  it("answers 401 without credentials", async () => {
    const r = await call(userRoute);
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ details: "Authentication credentials were not provided." });
  });

  it("answers the profile with a cookie or a bearer token", async () => {
    const u = await createUser();
    const byCookie = await call(userRoute, { cookies: { session: await loginCookie(u.username) } });
    expect(byCookie.status).toBe(200);
    for (const field of ["name", "email", "privilege", "memberRank", "joinDate", "totalVotes", "totalSpent", "storeCredits", "is_staff"])
      expect(byCookie.json).toHaveProperty(field);
    const t = await call(tokenRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: ip() });
    const byBearer = await call(userRoute, { headers: { authorization: `Bearer ${t.json.access}` } });
    expect(byBearer.status).toBe(200);
    expect(byBearer.json.name).toBe(u.username);
  });

  it("sets the hint cookie at login by rank (the page cache reads it); /api/v1/user sets no cookie", async () => {
    const player = await createUser();
    const staff = await createUser({ privilege: "MODERATOR" });
    const hintOf = (h: Headers) => /(?:^|,\s*)signed_in=([^;]*)/.exec(h.get("set-cookie") ?? "")?.[1];
    const loginAs = (username: string) => call(loginRoute, { method: "POST", body: { username, password: DEFAULT_PASSWORD }, headers: ip() });
    expect(hintOf((await loginAs(player.username)).headers)).toBe("1");
    const staffLogin = await loginAs(staff.username);
    expect(hintOf(staffLogin.headers)).toBe("staff");
    // A stale hint is put right in the browser (hintCorrection), never by a GET.
    await db.user.update({ where: { id: staff.id }, data: { privilege: "PLAYER" } });
    const me = await call(userRoute, { cookies: { session: sessionFrom(staffLogin.headers)!, signed_in: "staff" } });
    expect(me.status).toBe(200);
    expect(me.json.privilege).toBe("PLAYER");
    expect(me.headers.get("set-cookie")).toBeNull();
    // The hint lives as long as a session.
    expect(SESSION_HINT_MAX_AGE_SEC * 1000).toBe(SESSION_ABSOLUTE_MS);
  });

  it("refuses a forged or wrong-audience bearer token", async () => {
    const r = await call(userRoute, { headers: { authorization: "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0." } });
    expect(r.status).toBe(401);

    // The claims of a real access token, signed again with the server's key: as they are, they
    // are accepted (the positive control); with only the audience changed, refused.
    const u = await createUser();
    const t = await call(tokenRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: ip() });
    expect(t.status).toBe(200);
    const [header, payload] = String(t.json.access)
      .split(".")
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, "base64url").toString()) as Record<string, unknown>) as [JWTHeaderParameters, JWTPayload];
    expect(payload.aud).toBe("api");
    const key = new TextEncoder().encode(process.env.AUTH_SECRET);
    const resigned = (claims: JWTPayload) => new SignJWT(claims).setProtectedHeader(header).sign(key);
    const asBearer = async (token: string) => call(userRoute, { headers: { authorization: `Bearer ${token}` } });
    const same = await asBearer(await resigned(payload));
    expect(same.status).toBe(200);
    expect(same.json.name).toBe(u.username);
    expect((await asBearer(await resigned({ ...payload, aud: "game" }))).status).toBe(401);

    // The same claims unsigned (alg none) are refused too.
    const unsigned = new UnsecuredJWT(payload).encode();
    expect(JSON.parse(Buffer.from(unsigned.split(".")[0]!, "base64url").toString())).toEqual({ alg: "none" });
    expect((await asBearer(unsigned)).status).toBe(401);
  });
});

describe("API tokens", () => {
  it("rotates the refresh token, and reuse of an old one revokes the whole family", async () => {
    const u = await createUser();
    const first = await call(tokenRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: ip() });
    expect(first.status).toBe(200);
    const r1 = String(first.json.refresh);
    const second = await call(refreshRoute, { method: "POST", body: { refresh: r1 } });
    expect(second.status).toBe(200);
    expect(second.json.refresh).not.toBe(r1);
    // The wrapper's field name works too.
    const third = await call(refreshRoute, { method: "POST", body: { refreshToken: second.json.refresh } });
    expect(third.status).toBe(200);

    const reuse = await call(refreshRoute, { method: "POST", body: { refresh: r1 } });
    expect(reuse.status).toBe(401);
    // The family is dead: the newest refresh token and the access tokens stop working.
    expect((await call(refreshRoute, { method: "POST", body: { refresh: third.json.refresh } })).status).toBe(401);
    expect((await call(userRoute, { headers: { authorization: `Bearer ${third.json.access}` } })).status).toBe(401);
  });

  it("requires the code when two-factor is active", async () => {
    const u = await createUser();
    await db.user.update({ where: { id: u.id }, data: { totpEnabledAt: new Date(), totpSecretEnc: "v1.x.y.z" } });
    const r = await call(tokenRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: ip() });
    expect(r.status).toBe(400);
    expect(r.json.code).toBeDefined();
    expect(r.json.access).toBeUndefined();
  });
});

describe("sessions and logout", () => {
  it("logout ends the session on the server", async () => {
    const u = await createUser();
    const token = await loginCookie(u.username);
    const out = await call(logoutRoute, { method: "POST", cookies: { session: token }, headers: SAME_ORIGIN });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await call(userRoute, { cookies: { session: token } })).status).toBe(401);
  });

  it("lists a player's sessions and ends one or all others", async () => {
    const u = await createUser();
    const a = await loginCookie(u.username);
    const b = await loginCookie(u.username);
    const c = await loginCookie(u.username);
    const list = await call(listSessions, { cookies: { session: a } });
    const results = list.json.results as Array<{ id: number; kind: string; current: boolean; device: string }>;
    expect(results).toHaveLength(3);
    expect(results.filter((s) => s.current)).toHaveLength(1);
    expect(results[0]!.device).toBe("Chrome on Windows");
    const other = results.find((s) => !s.current)!;
    const ended = await call(endOne, { method: "DELETE", cookies: { session: a }, headers: SAME_ORIGIN, params: { kind: "browser", id: String(other.id) } });
    expect(ended.status).toBe(200);
    const all = await call(endAll, { method: "DELETE", cookies: { session: a }, headers: SAME_ORIGIN });
    expect(all.json.ended).toBe(1);
    expect((await call(userRoute, { cookies: { session: b } })).status).toBe(401);
    expect((await call(userRoute, { cookies: { session: c } })).status).toBe(401);
    expect((await call(userRoute, { cookies: { session: a } })).status).toBe(200);
  });

  it("player A can neither see nor end player B's sessions", async () => {
    const a = await createUser();
    const b = await createUser();
    const aToken = await loginCookie(a.username);
    const bToken = await loginCookie(b.username);
    const bSession = await db.session.findFirstOrThrow({ where: { userId: b.id } });
    const listA = await call(listSessions, { cookies: { session: aToken } });
    expect((listA.json.results as Array<{ id: number }>).map((s) => s.id)).not.toContain(bSession.id);
    const attempt = await call(endOne, {
      method: "DELETE",
      cookies: { session: aToken },
      headers: SAME_ORIGIN,
      params: { kind: "browser", id: String(bSession.id) },
    });
    expect(attempt.status).toBe(404);
    expect((await call(userRoute, { cookies: { session: bToken } })).status).toBe(200);
  });
});
