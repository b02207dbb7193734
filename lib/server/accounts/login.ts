import "server-only";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import { clearRateLimit, enforceRateLimit, type RateLimitRule, undoRateLimitHit } from "../security/rate-limit";
import { log } from "../log";
import { banMessage, isBanned } from "@/lib/bans";
import { EMAIL_UNCONFIRMED } from "@/lib/schemas/accounts";
import { usernameKey } from "@/lib/usernames";
import { assertAddressNotBanned } from "../punishments/restrictions";
import { hashPassword, isLegacyHash, verifyPassword } from "./password-hash";
import { consumeSecondFactor, mailRecoveryCodeUsed } from "./two-factor";

// Login (website and API). Every attempt is counted atomically *before* the password or code
// is checked, so parallel guesses cannot slip past a limit, and a success takes its count back.
// Failures are limited per account *and* client address, so an attacker's failures never lock
// the owner out from elsewhere; a much higher per-account ceiling stops guessing spread over
// many addresses (the price: past it, the owner waits too, with Retry-After).

export const LOGIN_PER_IP: RateLimitRule = { name: "login-ip", limit: 30, windowSec: 15 * 60 };
/** Password attempts for one account from one address (cleared by a correct password). */
export const LOGIN_PER_ACCOUNT_IP: RateLimitRule = { name: "login-account-ip", limit: 10, windowSec: 15 * 60 };
/** Password attempts for one account from all addresses together. */
export const LOGIN_PER_ACCOUNT: RateLimitRule = { name: "login-account", limit: 100, windowSec: 60 * 60 };
/** Second-factor codes, keyed the same way: someone who knows the password cannot lock the owner out. */
export const SECOND_FACTOR_PER_ACCOUNT_IP: RateLimitRule = { name: "login-2fa-ip", limit: 10, windowSec: 15 * 60 };
export const SECOND_FACTOR_PER_ACCOUNT: RateLimitRule = { name: "login-2fa-account", limit: 100, windowSec: 60 * 60 };

export const INVALID_CREDENTIALS = "Invalid username or password.";

// A real argon2id hash of a random string: unknown usernames cost the same time as known ones.
let dummyHash: Promise<string> | undefined;

export type LoginResult = { status: "ok"; userId: number } | { status: "two_factor_required"; userId: number };

export async function login(input: { username: string; password: string; code?: string | undefined }, ip: string): Promise<LoginResult> {
  await enforceRateLimit(LOGIN_PER_IP, ip);
  // An address ban refuses every login from its address (the game's login checks the player's
  // address itself: its `ip` here is a rate-limit key, which matches no address).
  await assertAddressNotBanned(ip);
  const key = usernameKey(input.username);
  const accountIp = `${key}|${ip}`;
  // Counted before the password is checked: once limited, even the right password teaches nothing.
  await enforceRateLimit(LOGIN_PER_ACCOUNT_IP, accountIp);
  await enforceRateLimit(LOGIN_PER_ACCOUNT, key);
  const user = await db.user.findUnique({ where: { usernameKey: key }, omit: { passwordHash: false } });
  const stored = user?.passwordHash ?? (await (dummyHash ??= hashPassword(`dummy-${Date.now()}`)));
  const ok = await verifyPassword(stored, input.password);

  if (!user || !ok) {
    log.info("auth.login_failed", { reason: user ? "bad_password" : "unknown_user", ip });
    throw new AppError("VALIDATION", { userMessage: INVALID_CREDENTIALS });
  }
  // The right password: this address starts afresh, and the account-wide count loses only this hit.
  await clearRateLimit(LOGIN_PER_ACCOUNT_IP, accountIp);
  await undoRateLimitHit(LOGIN_PER_ACCOUNT, key);
  if (isBanned(user)) {
    throw new AppError("FORBIDDEN", { userMessage: banMessage(user) });
  }
  if (!user.isActive) {
    throw new AppError("FORBIDDEN", { userMessage: EMAIL_UNCONFIRMED });
  }

  if (user.totpEnabledAt) {
    const code = input.code?.trim();
    if (!code) return { status: "two_factor_required", userId: user.id };
    const codeIp = `${user.id}|${ip}`;
    await enforceRateLimit(SECOND_FACTOR_PER_ACCOUNT_IP, codeIp);
    await enforceRateLimit(SECOND_FACTOR_PER_ACCOUNT, String(user.id));
    // A recovery code is spent, audited and mailed about in one transaction.
    const how = await consumeSecondFactor(user.id, code, async (tx) => {
      await recordAudit({ action: "2fa.recovery_code_used", actorId: user.id, targetType: "user", targetId: user.id, ip }, tx);
      await mailRecoveryCodeUsed(tx, user.id);
    });
    if (!how) {
      log.info("auth.second_factor_failed", { userId: user.id, ip });
      throw new AppError("VALIDATION", { userMessage: "Invalid two-factor code.", fields: { code: ["Invalid or already used code."] } });
    }
    await clearRateLimit(SECOND_FACTOR_PER_ACCOUNT_IP, codeIp);
    await undoRateLimitHit(SECOND_FACTOR_PER_ACCOUNT, String(user.id));
  }

  // Legacy bcrypt hashes from an older site are upgraded to argon2id on a successful login.
  const rehash = isLegacyHash(user.passwordHash) ? await hashPassword(input.password) : null;
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date(), ...(rehash ? { passwordHash: rehash } : {}) } });
  log.info("auth.login", { userId: user.id, ip, rehashed: Boolean(rehash) });
  return { status: "ok", userId: user.id };
}
