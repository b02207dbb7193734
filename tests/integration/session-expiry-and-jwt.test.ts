import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { POST as tokenRoute } from "@/app/api/v1/token/route";
import { GET as userRoute } from "@/app/api/v1/user/route";
import { db } from "@/lib/server/db";
import { sha256 } from "@/lib/server/security/tokens";
import { createSessionToken, createUser, DEFAULT_PASSWORD } from "../factories/users";
import { call } from "./helpers";

const key = () => new TextEncoder().encode(process.env.AUTH_SECRET);
const issuer = "http://localhost:3000";

async function apiLogin() {
  const u = await createUser();
  const r = await call(tokenRoute, { method: "POST", body: { username: u.username, password: DEFAULT_PASSWORD } });
  expect(r.status).toBe(200);
  const family = await db.refreshTokenFamily.findFirstOrThrow({ where: { userId: u.id } });
  return { user: u, familyId: family.id, access: String(r.json.access) };
}

const bearer = (t: string) => ({ headers: { authorization: `Bearer ${t}` } });

describe("browser session expiry", () => {
  it("ends a session idle past its limit", async () => {
    const u = await createUser();
    const token = await createSessionToken(u.id);
    expect((await call(userRoute, { cookies: { session: token } })).status).toBe(200);
    await db.session.updateMany({ where: { tokenHash: sha256(token) }, data: { idleExpiresAt: new Date(Date.now() - 1000) } });
    expect((await call(userRoute, { cookies: { session: token } })).status).toBe(401);
  });

  it("extends the idle window on use, but never past the absolute limit", async () => {
    const u = await createUser();
    const token = await createSessionToken(u.id);
    const absolute = new Date(Date.now() + 60 * 60 * 1000);
    await db.session.updateMany({
      where: { tokenHash: sha256(token) },
      data: { lastSeenAt: new Date(Date.now() - 10 * 60 * 1000), idleExpiresAt: new Date(Date.now() + 60 * 1000), absoluteExpiresAt: absolute },
    });
    expect((await call(userRoute, { cookies: { session: token } })).status).toBe(200);
    const s = await db.session.findUniqueOrThrow({ where: { tokenHash: sha256(token) } });
    expect(s.idleExpiresAt.getTime()).toBe(absolute.getTime());
    await db.session.update({ where: { id: s.id }, data: { absoluteExpiresAt: new Date(Date.now() - 1) } });
    expect((await call(userRoute, { cookies: { session: token } })).status).toBe(401);
  });
});

describe("access token checks", () => {
  it("accepts our own token", async () => {
    const { access } = await apiLogin();
    expect((await call(userRoute, bearer(access))).status).toBe(200);
  });

  it("refuses an expired token", async () => {
    const { user, familyId } = await apiLogin();
    const now = Math.floor(Date.now() / 1000);
    const built = (exp: number) =>
      new SignJWT({ fam: familyId })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(user.id))
        .setIssuer(issuer)
        .setAudience("api")
        .setIssuedAt(now - 3600)
        .setExpirationTime(exp)
        .sign(key());
    // Positive control: the same token, only not yet expired, is accepted.
    expect((await call(userRoute, bearer(await built(now + 300)))).status).toBe(200);
    const t = await built(now - 60);
    expect((await call(userRoute, bearer(t))).status).toBe(401);
  });

  it("refuses another audience, another issuer, or an algorithm outside the allowlist", async () => {
    const { user, familyId } = await apiLogin();
    const base = () => new SignJWT({ fam: familyId }).setSubject(String(user.id)).setIssuedAt().setExpirationTime("5m");
    // Positive control: built the same way with the right algorithm, issuer and audience, the
    // token is accepted, so each refusal below is for the one property it changes.
    const good = await base().setProtectedHeader({ alg: "HS256" }).setIssuer(issuer).setAudience("api").sign(key());
    const ok = await call(userRoute, bearer(good));
    expect(ok.status).toBe(200);
    expect(ok.json.name).toBe(user.username);
    const wrongAud = await base().setProtectedHeader({ alg: "HS256" }).setIssuer(issuer).setAudience("game").sign(key());
    const wrongIss = await base().setProtectedHeader({ alg: "HS256" }).setIssuer("https://evil.example").setAudience("api").sign(key());
    // Same secret, other HMAC algorithm: only HS256 is allowed.
    const hs512 = await base().setProtectedHeader({ alg: "HS512" }).setIssuer(issuer).setAudience("api").sign(key());
    const claimsOf = (t: string) => JSON.parse(Buffer.from(t.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
    const headerOf = (t: string) => JSON.parse(Buffer.from(t.split(".")[0]!, "base64url").toString()) as Record<string, unknown>;
    const differences = (t: string) => [
      ...Object.keys({ ...headerOf(good), ...headerOf(t) })
        .filter((k) => headerOf(good)[k] !== headerOf(t)[k])
        .map((k) => `header.${k}`),
      ...Object.keys({ ...claimsOf(good), ...claimsOf(t) }).filter((k) => !["iat", "exp"].includes(k) && claimsOf(good)[k] !== claimsOf(t)[k]),
    ];
    expect(differences(wrongAud)).toEqual(["aud"]);
    expect(differences(wrongIss)).toEqual(["iss"]);
    expect(differences(hs512)).toEqual(["header.alg"]);
    for (const t of [wrongAud, wrongIss, hs512]) expect((await call(userRoute, bearer(t))).status).toBe(401);
  });

  it("refuses a token whose login was ended", async () => {
    const { familyId, access } = await apiLogin();
    await db.refreshTokenFamily.update({ where: { id: familyId }, data: { revokedAt: new Date() } });
    expect((await call(userRoute, bearer(access))).status).toBe(401);
  });
});
