import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it, vi } from "vitest";
import { db } from "@/lib/server/db";
import { sha256 } from "@/lib/server/security/tokens";
import { signAccessToken, verifyAccessToken } from "@/lib/server/sessions/access-token";
import { issueTokenPair, rotateRefreshToken } from "@/lib/server/sessions/api-tokens";
import { actorFromAccessToken } from "@/lib/server/sessions/authenticate-request";
import { createUser } from "../factories/users";
import { setEnv } from "../support/env";

// Access tokens (lib/server/sessions/access-token.ts) and refresh-token rotation (api-tokens.ts)
// called directly against the database: what is signed, what is refused, what each rotation
// writes. Quick, so each mutant of npm run test:mutation -- --only=tokens runs few requests. The
// same through the HTTP routes: session-expiry-and-jwt.test.ts and accounts-login.test.ts.

const client = { userAgent: "Mozilla/5.0 test", ip: "203.0.113.5" };
const key = () => new TextEncoder().encode(process.env.AUTH_SECRET);
const sign = (claims: Record<string, unknown>, sub: string) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(sub)
    .setIssuer("http://localhost:3000")
    .setAudience("api")
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(key());

describe("issueTokenPair and the access token", () => {
  it("stores a family for the login (agent cut to 300, address, 30 days) with only the refresh token's hash", async () => {
    const user = await createUser();
    const before = Date.now();
    const pair = await issueTokenPair(user.id, { userAgent: "a".repeat(400), ip: client.ip });
    const family = await db.refreshTokenFamily.findFirstOrThrow({ where: { userId: user.id }, include: { tokens: { omit: { tokenHash: false } } } });
    expect(family.userAgent).toBe("a".repeat(300));
    expect(family.ip).toBe(client.ip);
    const days30 = 30 * 24 * 3600 * 1000;
    expect(family.expiresAt.getTime()).toBeGreaterThanOrEqual(before + days30);
    expect(family.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + days30);
    expect(family.tokens.map((t) => t.tokenHash)).toEqual([sha256(pair.refresh)]);
    expect(await verifyAccessToken(pair.access)).toEqual({ userId: user.id, familyId: family.id });
  });

  it("takes a client without a user agent", async () => {
    const user = await createUser();
    await issueTokenPair(user.id, { userAgent: null, ip: null });
    expect(await db.refreshTokenFamily.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({ userAgent: null, ip: null });
  });

  it("signs HS256 JWTs for the api audience, issued by the site's origin, for 15 minutes", async () => {
    const restore = setEnv({ SITE_URL: "http://localhost:3000/some/path" });
    try {
      const token = await signAccessToken(42, 7);
      expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT" });
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({ sub: "42", fam: 7, iss: "http://localhost:3000", aud: "api" });
      expect(claims.exp! - claims.iat!).toBe(15 * 60);
      expect(await verifyAccessToken(token)).toEqual({ userId: 42, familyId: 7 });
    } finally {
      restore();
    }
  });

  it("refuses a token issued for another site", async () => {
    const token = await signAccessToken(42, 7);
    const restore = setEnv({ SITE_URL: "https://other.example" });
    try {
      expect(await verifyAccessToken(token)).toBeNull();
    } finally {
      restore();
    }
  });

  it("refuses a validly signed token whose subject or family is not an integer, and garbage", async () => {
    // Positive control: the same builder with integer claims is accepted.
    expect(await verifyAccessToken(await sign({ fam: 7 }, "42"))).toEqual({ userId: 42, familyId: 7 });
    expect(await verifyAccessToken(await sign({ fam: 7 }, "4.2"))).toBeNull();
    expect(await verifyAccessToken(await sign({ fam: "x" }, "42"))).toBeNull();
    expect(await verifyAccessToken(await sign({}, "42"))).toBeNull();
    expect(await verifyAccessToken("not.a.jwt")).toBeNull();
  });

  it("answers 500 rather than signing or checking anything without AUTH_SECRET", async () => {
    const token = await signAccessToken(42, 7);
    const restore = setEnv({ AUTH_SECRET: undefined });
    try {
      const internal = expect.objectContaining({ code: "INTERNAL", userMessage: "Server authentication is not configured." });
      await expect(signAccessToken(42, 7)).rejects.toThrow(internal);
      await expect(verifyAccessToken(token)).rejects.toThrow(internal);
    } finally {
      restore();
    }
  });
});

describe("actorFromAccessToken", () => {
  it("gives the bearer actor of a live login, and nothing once the login is revoked", async () => {
    const user = await createUser({ privilege: "MODERATOR" });
    const pair = await issueTokenPair(user.id, client);
    const family = await db.refreshTokenFamily.findFirstOrThrow({ where: { userId: user.id } });
    expect(await actorFromAccessToken(pair.access)).toMatchObject({
      userId: user.id,
      via: "bearer",
      sessionId: family.id,
      scope: "full",
      privilege: "MODERATOR",
      isStaff: true,
    });
    await db.refreshTokenFamily.update({ where: { id: family.id }, data: { revokedAt: new Date() } });
    expect(await actorFromAccessToken(pair.access)).toBeNull();
  });

  it("refuses a token that names another user's login or no login at all", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await issueTokenPair(b.id, client);
    const familyOfB = await db.refreshTokenFamily.findFirstOrThrow({ where: { userId: b.id } });
    expect(await actorFromAccessToken(await signAccessToken(a.id, familyOfB.id))).toBeNull();
    expect(await actorFromAccessToken(await signAccessToken(b.id, familyOfB.id))).toMatchObject({ userId: b.id });
    expect(await actorFromAccessToken(await signAccessToken(a.id, 2_000_000_000))).toBeNull();
    expect(await actorFromAccessToken("garbage")).toBeNull();
  });
});

describe("rotateRefreshToken", () => {
  it("marks the presented token used, stores the next one, and keeps the login", async () => {
    const user = await createUser();
    const first = await issueTokenPair(user.id, client);
    const old = new Date(Date.now() - 24 * 3600 * 1000);
    await db.refreshTokenFamily.updateMany({ where: { userId: user.id }, data: { lastUsedAt: old } });
    const before = new Date();
    const second = await rotateRefreshToken(first.refresh);
    expect(second.refresh).not.toBe(first.refresh);
    const family = await db.refreshTokenFamily.findFirstOrThrow({
      where: { userId: user.id },
      include: { tokens: { orderBy: { id: "asc" }, select: { tokenHash: true, usedAt: true } } },
    });
    expect(family.tokens.map((t) => t.tokenHash)).toEqual([sha256(first.refresh), sha256(second.refresh)]);
    expect(family.tokens[0]!.usedAt).not.toBeNull();
    expect(family.tokens[1]!.usedAt).toBeNull();
    expect(family.lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(family.revokedAt).toBeNull();
    expect(await verifyAccessToken(second.access)).toEqual({ userId: user.id, familyId: family.id });
    // The next token rotates in turn.
    await expect(rotateRefreshToken(second.refresh)).resolves.toMatchObject({ refresh: expect.any(String) });
  });

  it("treats a second use of a token as theft: 401, and the whole login is revoked", async () => {
    const user = await createUser();
    const first = await issueTokenPair(user.id, client);
    const second = await rotateRefreshToken(first.refresh);
    await expect(rotateRefreshToken(first.refresh)).rejects.toThrow(
      expect.objectContaining({ code: "UNAUTHENTICATED", userMessage: "Token is invalid or expired" }),
    );
    const family = await db.refreshTokenFamily.findFirstOrThrow({ where: { userId: user.id } });
    expect(family.revokedAt).not.toBeNull();
    expect(family.revokedReason).toBe("refresh token reuse");
    await expect(rotateRefreshToken(second.refresh)).rejects.toThrow(expect.objectContaining({ code: "UNAUTHENTICATED" }));
    expect(await actorFromAccessToken(second.access)).toBeNull();
  });

  it("lets exactly one of two concurrent uses of a token win; the loser revokes the login", async () => {
    const user = await createUser();
    const first = await issueTokenPair(user.id, client);
    const results = await Promise.allSettled([rotateRefreshToken(first.refresh), rotateRefreshToken(first.refresh)]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await db.refreshTokenFamily.findFirstOrThrow({ where: { userId: user.id } })).revokedAt).not.toBeNull();
  });

  it("refuses an unknown token, an expired login, a revoked login and an inactive account (401)", async () => {
    const invalid = expect.objectContaining({ code: "UNAUTHENTICATED" });
    await expect(rotateRefreshToken("no-such-token")).rejects.toThrow(invalid);

    const expired = await createUser();
    const e = await issueTokenPair(expired.id, client);
    await db.refreshTokenFamily.updateMany({ where: { userId: expired.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expect(rotateRefreshToken(e.refresh)).rejects.toThrow(invalid);

    const revoked = await createUser();
    const r = await issueTokenPair(revoked.id, client);
    await db.refreshTokenFamily.updateMany({ where: { userId: revoked.id }, data: { revokedAt: new Date() } });
    await expect(rotateRefreshToken(r.refresh)).rejects.toThrow(invalid);

    const inactive = await createUser({ confirmed: false });
    const i = await issueTokenPair(inactive.id, client);
    await expect(rotateRefreshToken(i.refresh)).rejects.toThrow(invalid);
    // None of the refused tokens was spent: a refusal changes nothing.
    for (const t of [e, r, i]) expect((await db.refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256(t.refresh) } })).usedAt).toBeNull();
  });

  it("ends a login at its expiry instant, not a millisecond later", async () => {
    const user = await createUser();
    const pair = await issueTokenPair(user.id, client);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const now = new Date();
      await db.refreshTokenFamily.updateMany({ where: { userId: user.id }, data: { expiresAt: now } });
      await expect(rotateRefreshToken(pair.refresh)).rejects.toThrow(expect.objectContaining({ code: "UNAUTHENTICATED" }));
      // Positive control: one millisecond before its expiry the same token rotates.
      await db.refreshTokenFamily.updateMany({ where: { userId: user.id }, data: { expiresAt: new Date(now.getTime() + 1) } });
      await expect(rotateRefreshToken(pair.refresh)).resolves.toMatchObject({ refresh: expect.any(String) });
    } finally {
      vi.useRealTimers();
    }
  });

  it("tells a banned account why (403 with the ban's reason), and spends nothing", async () => {
    const user = await createUser({ bannedAt: new Date(), banReason: "Botting" });
    const pair = await issueTokenPair(user.id, client);
    await expect(rotateRefreshToken(pair.refresh)).rejects.toThrow(
      expect.objectContaining({ code: "FORBIDDEN", userMessage: "This account has been banned: Botting." }),
    );
    expect((await db.refreshToken.findUniqueOrThrow({ where: { tokenHash: sha256(pair.refresh) } })).usedAt).toBeNull();
  });
});
