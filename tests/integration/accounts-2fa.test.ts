import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as activateRoute } from "@/app/api/v1/2fa/activate/route";
import { POST as deactivateRoute } from "@/app/api/v1/2fa/deactivate/route";
import { GET as statusRoute } from "@/app/api/v1/2fa/status/route";
import { POST as loginRoute } from "@/app/api/v1/login/route";
import { db } from "@/lib/server/db";
import { createUser, DEFAULT_PASSWORD } from "../factories/users";
import { setEnv } from "../support/env";
import { call, SAME_ORIGIN, sessionFrom } from "./helpers";

let restore: () => void;
beforeAll(() => {
  restore = setEnv({ TRUST_PROXY: "true" });
});
afterAll(() => restore());

let n = 0;
const ip = () => ({ "x-forwarded-for": `10.6.${n % 250}.${++n % 250}` });
const at = (epochSec: number) => ({ epoch: epochSec });
const now = () => Math.floor(Date.now() / 1000);

async function signedIn() {
  const u = await createUser();
  const r = await call(loginRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD }, headers: ip() });
  return { user: u, session: sessionFrom(r.headers)! };
}

async function activate(session: string) {
  const status = await call(statusRoute, { cookies: { session } });
  const secret = String(status.json.secret);
  const code = await generate({ secret, ...at(now()) });
  const r = await call(activateRoute, { method: "POST", cookies: { session }, headers: SAME_ORIGIN, body: { code } });
  expect(r.status).toBe(200);
  return { secret, codes: r.json.recovery_codes as string[], activationCode: code };
}

describe("two-factor authentication", () => {
  it("shows a pending secret with its QR code, never the stored ciphertext", async () => {
    const { user, session } = await signedIn();
    const r = await call(statusRoute, { cookies: { session } });
    expect(r.status).toBe(200);
    expect(r.json.activated).toBe(false);
    expect(String(r.json.secret)).toMatch(/^[A-Z2-7]{16,}$/);
    expect(String(r.json.otpauth_url)).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(String(r.json.qr_code)).toMatch(/^data:image\/png;base64,/);
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { totpSecretEnc: false } });
    expect(row.totpSecretEnc).toMatch(/^v1\./);
    expect(row.totpSecretEnc).not.toContain(String(r.json.secret));
    // Asking again shows the same pending secret.
    expect((await call(statusRoute, { cookies: { session } })).json.secret).toBe(r.json.secret);
  });

  it("activates only with a correct code and answers ten single-use recovery codes", async () => {
    const { session } = await signedIn();
    await call(statusRoute, { cookies: { session } });
    const wrong = await call(activateRoute, { method: "POST", cookies: { session }, headers: SAME_ORIGIN, body: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ error: "Invalid two-factor code. Please try again.", details: "Invalid two-factor code. Please try again." });
    const { codes } = await activate(session);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const status = await call(statusRoute, { cookies: { session } });
    expect(status.json).toEqual({ activated: true, recovery_codes_left: 10 });
  });

  it("asks for the code at login, refuses a replayed code, and accepts a fresh one", async () => {
    const { user, session } = await signedIn();
    const { secret, activationCode } = await activate(session);
    const creds = { username: user.username, password: DEFAULT_PASSWORD };

    const step1 = await call(loginRoute, { method: "POST", body: creds, headers: ip() });
    expect(step1.status).toBe(200);
    expect(step1.json).toEqual({ two_factor_required: true });
    expect(sessionFrom(step1.headers)).toBeNull();

    const replay = await call(loginRoute, { method: "POST", body: { ...creds, code: activationCode }, headers: ip() });
    expect(replay.status).toBe(400);
    expect(replay.json.code).toBeDefined();

    // The next time step's code (allowed by the one-step drift window) is fresh.
    const next = await generate({ secret, ...at(now() + 30) });
    const ok = await call(loginRoute, { method: "POST", body: { ...creds, code: next }, headers: ip() });
    expect(ok.status).toBe(200);
    expect(sessionFrom(ok.headers)).toBeTruthy();
    const again = await call(loginRoute, { method: "POST", body: { ...creds, code: next }, headers: ip() });
    expect(again.status).toBe(400);
  });

  it("accepts each recovery code once", async () => {
    const { user, session } = await signedIn();
    const { codes } = await activate(session);
    const creds = { username: user.username, password: DEFAULT_PASSWORD };
    const first = await call(loginRoute, { method: "POST", body: { ...creds, code: codes[0]!.toUpperCase() }, headers: ip() });
    expect(first.status).toBe(200);
    const reused = await call(loginRoute, { method: "POST", body: { ...creds, code: codes[0] }, headers: ip() });
    expect(reused.status).toBe(400);
    expect(await db.auditLog.count({ where: { action: "2fa.recovery_code_used", targetId: String(user.id) } })).toBe(1);
  });

  it("deactivates only with a current code", async () => {
    const { user, session } = await signedIn();
    const { secret } = await activate(session);
    const bad = await call(deactivateRoute, { method: "POST", cookies: { session }, headers: SAME_ORIGIN, body: { code: "123456" } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBeDefined();
    const missing = await call(deactivateRoute, { method: "POST", cookies: { session }, headers: SAME_ORIGIN, body: {} });
    expect(missing.json.code).toEqual(["This field is required."]);
    const code = await generate({ secret, ...at(now() + 30) });
    const ok = await call(deactivateRoute, { method: "POST", cookies: { session }, headers: SAME_ORIGIN, body: { code } });
    expect(ok.status).toBe(200);
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { totpSecretEnc: false } });
    expect(row.totpEnabledAt).toBeNull();
    expect(row.totpSecretEnc).toBeNull();
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    const login = await call(loginRoute, { method: "POST", body: { username: user.username, password: DEFAULT_PASSWORD }, headers: ip() });
    expect(login.json.two_factor_required).toBe(false);
  });

  it("rate limits code attempts per account", async () => {
    const { session } = await signedIn();
    await call(statusRoute, { cookies: { session } });
    const attempt = (s: string, from: Record<string, string>) =>
      call(activateRoute, { method: "POST", cookies: { session: s }, headers: { ...SAME_ORIGIN, ...from }, body: { code: "111111" } });
    // Each attempt from another address: only a limit on the account can refuse the 11th.
    for (let i = 0; i < 10; i++) expect((await attempt(session, ip())).status, `attempt ${i + 1}`).toBe(400);
    const address = ip();
    const blocked = await attempt(session, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account, from the very address just refused, still has its attempts.
    const other = await signedIn();
    await call(statusRoute, { cookies: { session: other.session } });
    expect((await attempt(other.session, address)).status).toBe(400);
  });

  it("wrong codes from one address do not lock the owner out elsewhere, and the limit answers Retry-After", async () => {
    const { user, session } = await signedIn();
    const { secret } = await activate(session);
    const creds = { username: user.username, password: DEFAULT_PASSWORD };
    const attacker = ip();
    for (let i = 0; i < 10; i++) expect((await call(loginRoute, { method: "POST", body: { ...creds, code: "000000" }, headers: attacker })).status).toBe(400);
    const blocked = await call(loginRoute, { method: "POST", body: { ...creds, code: "000000" }, headers: attacker });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    const code = await generate({ secret, ...at(now() + 30) });
    const owner = await call(loginRoute, { method: "POST", body: { ...creds, code }, headers: ip() });
    expect(owner.status).toBe(200);
    expect(sessionFrom(owner.headers)).toBeTruthy();
  });

  it("player A cannot read player B's two-factor status", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const bStatus = await call(statusRoute, { cookies: { session: b.session } });
    const aStatus = await call(statusRoute, { cookies: { session: a.session } });
    expect(aStatus.json.secret).not.toBe(bStatus.json.secret);
    // A asks for B's by every name a request could carry (id, user id, username, in the query):
    // the answer is still A's own pending secret, for A's account name, and nothing of B's.
    const bId = String(b.user.id);
    const asks = [
      `?id=${bId}`,
      `?user_id=${bId}`,
      `?userId=${bId}`,
      `?player_id=${bId}`,
      `?username=${encodeURIComponent(b.user.username)}`,
      `?id=${bId}&user_id=${bId}&username=${encodeURIComponent(b.user.username)}`,
    ];
    for (const q of asks) {
      const r = await call(statusRoute, { path: `/api/v1/2fa/status${q}`, cookies: { session: a.session } });
      expect(r.status, q).toBe(200);
      expect(r.json.secret, q).toBe(aStatus.json.secret);
      expect(String(r.json.otpauth_url), q).toContain(encodeURIComponent(a.user.username));
      expect(JSON.stringify(r.json), q).not.toContain(String(bStatus.json.secret));
    }
    // B's own asking, the same way, answers B's.
    const own = await call(statusRoute, { path: `/api/v1/2fa/status?id=${bId}&user_id=${bId}`, cookies: { session: b.session } });
    expect(own.status).toBe(200);
    expect(own.json.secret).toBe(bStatus.json.secret);
    // Once B's is active, A still reads only A's pending one; B reads B's as active.
    await activate(b.session);
    const afterB = await call(statusRoute, { path: `/api/v1/2fa/status?user_id=${bId}`, cookies: { session: a.session } });
    expect(afterB.json).toMatchObject({ activated: false, secret: aStatus.json.secret });
    expect((await call(statusRoute, { cookies: { session: b.session } })).json).toEqual({ activated: true, recovery_codes_left: 10 });
  });
});
