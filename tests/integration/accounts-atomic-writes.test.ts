import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { POST as changeRoute } from "@/app/api/v1/change-password/route";
import { POST as resetRoute } from "@/app/api/v1/reset-password/route";
import { banUser } from "@/lib/server/accounts/admin-actions";
import { verifyPassword } from "@/lib/server/accounts/password-hash";
import { db } from "@/lib/server/db";
import { randomToken, sha256 } from "@/lib/server/security/tokens";
import { createSessionToken, createUser, DEFAULT_PASSWORD } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// Password change, password reset and ban each write several rows. A trigger makes the session
// revocation fail for one user, and nothing of the change may remain.

let restore: () => void;
beforeAll(() => {
  restore = setEnv({ TRUST_PROXY: "true" });
});
afterAll(() => restore());

const dropped: string[] = [];
async function failSessionRevocationFor(userId: number) {
  const name = `test_fail_revoke_${userId}`;
  await db.$executeRawUnsafe(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW."userId" = ${userId} THEN RAISE EXCEPTION 'forced failure for the test'; END IF; RETURN NEW; END $$`,
  );
  await db.$executeRawUnsafe(`CREATE TRIGGER ${name} BEFORE UPDATE ON sessions FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  dropped.push(name);
}
afterEach(async () => {
  for (const name of dropped.splice(0)) {
    await db.$executeRawUnsafe(`DROP TRIGGER IF EXISTS ${name} ON sessions`);
    await db.$executeRawUnsafe(`DROP FUNCTION IF EXISTS ${name}()`);
  }
});

async function unchanged(userId: number, otherSession: string) {
  const row = await db.user.findUniqueOrThrow({ where: { id: userId }, omit: { passwordHash: false } });
  expect(await verifyPassword(row.passwordHash, DEFAULT_PASSWORD)).toBe(true);
  expect(row.passwordChangedAt).toBeNull();
  expect(row.bannedAt).toBeNull();
  expect((await db.session.findUniqueOrThrow({ where: { tokenHash: sha256(otherSession) } })).revokedAt).toBeNull();
  expect(await db.auditLog.count({ where: { targetType: "user", targetId: String(userId) } })).toBe(0);
}

describe("multi-write account changes are all or nothing", () => {
  it("password change: a failed session revocation leaves the old password", async () => {
    const u = await createUser();
    const current = await createSessionToken(u.id);
    const other = await createSessionToken(u.id);
    await failSessionRevocationFor(u.id);
    const body = { password: DEFAULT_PASSWORD, newPassword: "Fresh!pass42", newPasswordConfirmation: "Fresh!pass42" };
    const r = await call(changeRoute, { method: "POST", body, cookies: { session: current }, headers: SAME_ORIGIN });
    expect(r.status).toBe(500);
    await unchanged(u.id, other);
  });

  it("password reset: a failed session revocation leaves the link unused and the old password", async () => {
    const u = await createUser();
    const other = await createSessionToken(u.id);
    const token = randomToken();
    await db.emailToken.create({ data: { userId: u.id, kind: "PASSWORD_RESET", tokenHash: sha256(token), expiresAt: new Date(Date.now() + 600_000) } });
    await failSessionRevocationFor(u.id);
    const r = await call(resetRoute, {
      method: "POST",
      body: { uid: String(u.id), token, password: "Fresh!pass42", passwordConfirmation: "Fresh!pass42" },
      headers: freshClient(),
    });
    expect(r.status).toBe(500);
    await unchanged(u.id, other);
    expect((await db.emailToken.findFirstOrThrow({ where: { userId: u.id } })).usedAt).toBeNull();
  });

  it("ban: a failed session revocation leaves the player unbanned", async () => {
    const u = await createUser();
    const other = await createSessionToken(u.id);
    await db.hiscoreStat.create({
      data: { userId: u.id, gameMode: "REGULAR", xpMode: "REGULAR", skill: 0, level: 32, experience: 1000n, reachedAt: new Date() },
    });
    await failSessionRevocationFor(u.id);
    await expect(banUser(u.username, "Botting")).rejects.toThrow();
    await unchanged(u.id, other);
    expect((await db.hiscoreStat.findFirstOrThrow({ where: { userId: u.id } })).hidden).toBe(false);
  });
});
