import { generate, verify } from "otplib";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkTotp, newTotpSecret, TOTP_PERIOD } from "@/lib/server/accounts/totp";
import { activateTwoFactor, consumeSecondFactor, deactivateTwoFactor, getTwoFactorStatus } from "@/lib/server/accounts/two-factor";
import { db } from "@/lib/server/db";
import { encryptSecret } from "@/lib/server/security/encryption";
import { sha256 } from "@/lib/server/security/tokens";
import { createUser } from "../factories/users";

// Two-factor verification (lib/server/accounts/two-factor.ts, totp.ts) called directly against
// the database: the drift window, each step accepted once, recovery codes, what activation and
// deactivation write. Quick, so each mutant of npm run test:mutation -- --only=two-factor runs
// few requests. The same through the login and 2FA routes: accounts-2fa.test.ts.

// The library's verify, watched: checkTotp refuses a code of the wrong form before asking it.
vi.mock("otplib", async (importOriginal) => {
  const otplib = await importOriginal<typeof import("otplib")>();
  return { ...otplib, verify: vi.fn(otplib.verify) };
});

// The clock stands still in the middle of a time step, so a step boundary never falls between
// making a code and checking it.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime((Math.floor(Date.now() / 1000 / TOTP_PERIOD) * TOTP_PERIOD + TOTP_PERIOD / 2) * 1000);
});
afterEach(() => {
  vi.useRealTimers();
});

const nowSec = () => Math.floor(Date.now() / 1000);
const stepNow = () => Math.floor(nowSec() / TOTP_PERIOD);
/** The code of the time step `offset` steps from now. */
const codeAt = (secret: string, offset: number) => generate({ secret, epoch: (stepNow() + offset) * TOTP_PERIOD + 15 });
const invalid = (message = "Invalid two-factor code. Please try again.") => expect.objectContaining({ code: "BAD_REQUEST", userMessage: message });

/**
 * Runs `calls` while this test holds the user's row lock, and lets go only once PostgreSQL shows
 * `waiters` of them waiting for it (docs/testing.md, "A race test that proves the lock"): both
 * have read the row and checked their code before either writes.
 */
async function racingOnUserRow<T>(userId: number, waiters: number, calls: () => Array<Promise<T>>): Promise<PromiseSettledResult<T>[]> {
  let started: Array<Promise<T>> = [];
  let waited = false;
  await db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
      started = calls();
      for (let i = 0; i < 200 && !waited; i++) {
        const [row] = await db.$queryRaw<{ n: number }[]>`
          SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%UPDATE%users%'`;
        waited = row!.n >= waiters;
        if (!waited) await new Promise((r) => setTimeout(r, 25));
      }
    },
    { timeout: 20_000 },
  );
  expect(waited).toBe(true);
  return Promise.allSettled(started);
}

/**
 * A secret whose codes of two neighbouring steps are the same (found by searching steps; one
 * pair in a million steps has this): at COLLISION_STEP and the step after it the code is
 * COLLISION_CODE. A code spent at the first step is still good for the second.
 */
const COLLISION_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const COLLISION_STEP = 60_779_457;
const COLLISION_CODE = "566269";
const atStep = (step: number) => vi.setSystemTime((step * TOTP_PERIOD + TOTP_PERIOD / 2) * 1000);

/** The pending secret the setup dialog shows a user without two-factor. */
async function pendingSecret(userId: number): Promise<string> {
  const status = await getTwoFactorStatus(userId);
  if (status.activated || !status.secret) throw new Error("expected a pending secret");
  return status.secret;
}

async function activated() {
  const user = await createUser();
  const secret = await pendingSecret(user.id);
  const codes = await activateTwoFactor(user.id, await codeAt(secret, 0), "203.0.113.9");
  return { user, secret, codes };
}

describe("checkTotp", () => {
  it("accepts the current step and one step of drift either way, and answers the step matched", async () => {
    const secret = newTotpSecret();
    const s = stepNow();
    expect(await checkTotp(secret, await codeAt(secret, 0), null)).toBe(s);
    expect(await checkTotp(secret, await codeAt(secret, -1), null)).toBe(s - 1);
    expect(await checkTotp(secret, await codeAt(secret, 1), null)).toBe(s + 1);
    expect(await checkTotp(secret, await codeAt(secret, 2), null)).toBeNull();
    expect(await checkTotp(secret, await codeAt(secret, -2), null)).toBeNull();
  });

  it("refuses steps at or before the last one used, and accepts later ones", async () => {
    const secret = newTotpSecret();
    const s = stepNow();
    expect(await checkTotp(secret, await codeAt(secret, 0), BigInt(s))).toBeNull();
    expect(await checkTotp(secret, await codeAt(secret, -1), BigInt(s - 1))).toBeNull();
    expect(await checkTotp(secret, await codeAt(secret, 0), BigInt(s - 1))).toBe(s);
    expect(await checkTotp(secret, await codeAt(secret, 1), BigInt(s))).toBe(s + 1);
    // A last step stored ahead of the clock (it went back) still refuses every code up to it.
    expect(await checkTotp(secret, await codeAt(secret, 1), BigInt(s + 5))).toBeNull();
  });

  it("refuses anything but six digits without asking the library", async () => {
    const secret = newTotpSecret();
    const code = await codeAt(secret, 0);
    vi.mocked(verify).mockClear();
    expect(await checkTotp(secret, `${code}0`, null)).toBeNull();
    expect(await checkTotp(secret, ` ${code}`, null)).toBeNull();
    expect(await checkTotp(secret, `${code} `, null)).toBeNull();
    expect(await checkTotp(secret, code.slice(1), null)).toBeNull();
    expect(verify).not.toHaveBeenCalled();
    expect(await checkTotp("not base32!", "123456", null)).toBeNull();
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it("takes no step on record (null) as none used, not as step 0", async () => {
    // At the Unix epoch the current step is 0: with nothing on record its code is good.
    vi.setSystemTime((TOTP_PERIOD / 2) * 1000);
    const secret = newTotpSecret();
    expect(await checkTotp(secret, await codeAt(secret, 0), null)).toBe(0);
    expect(await checkTotp(secret, await codeAt(secret, 0), 0n)).toBeNull();
    expect(await checkTotp(secret, await codeAt(secret, 1), 0n)).toBe(1);
  });

  it("accepts a code again for a later step when an earlier, spent step had the same code", async () => {
    expect(await generate({ secret: COLLISION_SECRET, epoch: COLLISION_STEP * TOTP_PERIOD })).toBe(COLLISION_CODE);
    expect(await generate({ secret: COLLISION_SECRET, epoch: (COLLISION_STEP + 1) * TOTP_PERIOD })).toBe(COLLISION_CODE);
    atStep(COLLISION_STEP);
    // Nothing spent: the earlier step matches first.
    expect(await checkTotp(COLLISION_SECRET, COLLISION_CODE, null)).toBe(COLLISION_STEP);
    // The current step spent: the next one, within the drift window, has the same code.
    expect(await checkTotp(COLLISION_SECRET, COLLISION_CODE, BigInt(COLLISION_STEP))).toBe(COLLISION_STEP + 1);
    expect(await checkTotp(COLLISION_SECRET, COLLISION_CODE, BigInt(COLLISION_STEP + 1))).toBeNull();
    // The step before spent, the clock one step on: the first match after it is the current step.
    atStep(COLLISION_STEP + 1);
    expect(await checkTotp(COLLISION_SECRET, COLLISION_CODE, BigInt(COLLISION_STEP))).toBe(COLLISION_STEP + 1);
  });
});

describe("activateTwoFactor", () => {
  it("needs the pending secret first, then a correct code", async () => {
    const user = await createUser();
    await expect(activateTwoFactor(user.id, "123456", null)).rejects.toThrow(invalid("Open the authenticator setup first to get your secret."));
    const secret = await pendingSecret(user.id);
    const wrong = (Number(await codeAt(secret, 0)) + 1) % 1_000_000;
    await expect(activateTwoFactor(user.id, String(wrong).padStart(6, "0"), null)).rejects.toThrow(invalid());
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpEnabledAt).toBeNull();
  });

  it("stores the step used, ten recovery codes as hashes only, and an audit entry", async () => {
    const { user, codes } = await activated();
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.totpEnabledAt).not.toBeNull();
    expect(row.totpLastStep).toBe(BigInt(stepNow()));
    expect(codes).toHaveLength(10);
    for (const c of codes) expect(c).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    const stored = await db.recoveryCode.findMany({ where: { userId: user.id }, select: { codeHash: true } });
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map((c) => sha256(c)).sort());
    const audit = await db.auditLog.findMany({ where: { action: "2fa.activated", actorId: user.id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: "user", targetId: String(user.id), ip: "203.0.113.9" });
    expect(await getTwoFactorStatus(user.id)).toEqual({ activated: true, recovery_codes_left: 10 });
  });

  it("of two activations racing with the same code, exactly one wins and its recovery codes are kept", async () => {
    const user = await createUser();
    const code = await codeAt(await pendingSecret(user.id), 0);
    const results = await racingOnUserRow(user.id, 2, () => [activateTwoFactor(user.id, code, null), activateTwoFactor(user.id, code, null)]);
    const won = results.filter((r): r is PromiseFulfilledResult<string[]> => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect([won.length, lost.length]).toEqual([1, 1]);
    expect(lost[0]!.reason).toEqual(invalid("Two-factor authentication is already active."));
    const stored = await db.recoveryCode.findMany({ where: { userId: user.id }, select: { codeHash: true } });
    expect(stored.map((r) => r.codeHash).sort()).toEqual(won[0]!.value.map((c) => sha256(c)).sort());
    expect(await db.auditLog.count({ where: { action: "2fa.activated", actorId: user.id } })).toBe(1);
  });

  it("touches no other account: its pending secret and recovery codes stay", async () => {
    const other = await activated();
    const pending = await createUser();
    await getTwoFactorStatus(pending.id);
    const pendingBefore = await db.user.findUniqueOrThrow({ where: { id: pending.id } });
    await activated();
    expect(await db.user.findUniqueOrThrow({ where: { id: pending.id } })).toEqual(pendingBefore);
    expect(await db.recoveryCode.count({ where: { userId: other.user.id } })).toBe(10);
  });

  it("refuses a code of a step at or before one already on record for the pending secret", async () => {
    // No path writes a step before activation today; activation still honours one that is there.
    const user = await createUser();
    const secret = await pendingSecret(user.id);
    await db.user.update({ where: { id: user.id }, data: { totpLastStep: BigInt(stepNow()) } });
    await expect(activateTwoFactor(user.id, await codeAt(secret, 0), null)).rejects.toThrow(invalid());
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpEnabledAt).toBeNull();
    await activateTwoFactor(user.id, await codeAt(secret, 1), null);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpLastStep).toBe(BigInt(stepNow() + 1));
  });

  it("refuses a second activation before looking at its code", async () => {
    const { user, secret } = await activated();
    // The activation's own code, already spent: refused as "already active", not as a bad code.
    await expect(activateTwoFactor(user.id, await codeAt(secret, 0), null)).rejects.toThrow(invalid("Two-factor authentication is already active."));
    await expect(activateTwoFactor(user.id, await codeAt(secret, 1), null)).rejects.toThrow(invalid("Two-factor authentication is already active."));
  });
});

describe("consumeSecondFactor", () => {
  it("is null for an account without two-factor", async () => {
    const user = await createUser();
    expect(await consumeSecondFactor(user.id, "123456")).toBeNull();
  });

  it("accepts each time step once: the activation's step is spent, the next one works once", async () => {
    const { user, secret } = await activated();
    expect(await consumeSecondFactor(user.id, await codeAt(secret, 0))).toBeNull();
    const next = await codeAt(secret, 1);
    expect(await consumeSecondFactor(user.id, ` ${next} `)).toBe("totp");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpLastStep).toBe(BigInt(stepNow() + 1));
    expect(await consumeSecondFactor(user.id, next)).toBeNull();
  });

  it("accepts a code when no step has been recorded yet", async () => {
    const { user, secret } = await activated();
    await db.user.update({ where: { id: user.id }, data: { totpLastStep: null } });
    expect(await consumeSecondFactor(user.id, await codeAt(secret, 0))).toBe("totp");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpLastStep).toBe(BigInt(stepNow()));
  });

  it("accepts a code whose earlier step is spent for the later step that has the same code", async () => {
    const user = await createUser();
    await db.user.update({
      where: { id: user.id },
      data: { totpSecretEnc: encryptSecret(COLLISION_SECRET, `totp:user:${user.id}`), totpEnabledAt: new Date(), totpLastStep: BigInt(COLLISION_STEP) },
    });
    atStep(COLLISION_STEP);
    expect(await consumeSecondFactor(user.id, COLLISION_CODE)).toBe("totp");
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpLastStep).toBe(BigInt(COLLISION_STEP + 1));
    expect(await consumeSecondFactor(user.id, COLLISION_CODE)).toBeNull();
  });

  it("of two uses of one code racing, exactly one gets through", async () => {
    const { user, secret } = await activated();
    const next = await codeAt(secret, 1);
    const results = await racingOnUserRow(user.id, 2, () => [consumeSecondFactor(user.id, next), consumeSecondFactor(user.id, next)]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : "rejected")).sort()).toEqual([null, "totp"]);
  });

  it("is null for a secret still pending (never activated), even with its correct code, and for no account", async () => {
    const user = await createUser();
    expect(await consumeSecondFactor(user.id, await codeAt(await pendingSecret(user.id), 0))).toBeNull();
    expect(await consumeSecondFactor(2_000_000_000, "123456")).toBeNull();
  });

  it("accepts a recovery code once, however it is typed", async () => {
    const { user, codes } = await activated();
    const typed = ` ${codes[0]!.toUpperCase().replace("-", " - ")} `;
    expect(await consumeSecondFactor(user.id, typed)).toBe("recovery");
    expect(await consumeSecondFactor(user.id, codes[0]!)).toBeNull();
    expect(await consumeSecondFactor(user.id, "abcde-fghjk")).toBeNull();
    expect(await getTwoFactorStatus(user.id)).toEqual({ activated: true, recovery_codes_left: 9 });
  });
});

describe("deactivateTwoFactor", () => {
  it("refuses a wrong code and changes nothing", async () => {
    const { user } = await activated();
    await expect(deactivateTwoFactor(user.id, "12345", null)).rejects.toThrow(invalid());
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).totpEnabledAt).not.toBeNull();
  });

  it("with a code, clears the secret, the step and the recovery codes, and records how", async () => {
    const other = await activated();
    const { user, codes } = await activated();
    await deactivateTwoFactor(user.id, codes[3]!, "203.0.113.10");
    const row = await db.user.findUniqueOrThrow({ where: { id: user.id }, omit: { totpSecretEnc: false } });
    expect([row.totpSecretEnc, row.totpEnabledAt, row.totpLastStep]).toEqual([null, null, null]);
    expect(await db.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.recoveryCode.count({ where: { userId: other.user.id } })).toBe(10);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "2fa.deactivated", actorId: user.id } });
    expect(audit).toMatchObject({ targetType: "user", targetId: String(user.id), ip: "203.0.113.10", data: { via: "recovery" } });
  });
});
