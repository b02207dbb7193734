import "server-only";
import type { TGameLoginInput, TGameLoginResult, TLoginRefusal } from "@/lib/schemas/game";
import { isBanned } from "@/lib/bans";
import { EMAIL_UNCONFIRMED } from "@/lib/schemas/accounts";
import { login } from "../accounts/login";
import { db } from "../db";
import { isAppError } from "../errors";
import { enforceRateLimit, type RateLimitRule, undoRateLimitHit } from "../security/rate-limit";
import { usernameKey } from "@/lib/usernames";
import { activeAddressBan, activeMuteOf, ADDRESS_BANNED_MESSAGE } from "../punishments/restrictions";

// The game's login screen checks the website credential (docs/product.md §1: the same account logs into
// the game). It runs the website's own login, so the same per-account-and-address limits,
// 2FA rule and ban check apply; only the answer differs: a verdict the game can act on.

const MESSAGES: Record<TLoginRefusal, string> = {
  invalid_credentials: "Invalid username or password.",
  two_factor_required: "Enter the 6-digit code from your authenticator app.",
  invalid_two_factor_code: "Invalid or already used two-factor code.",
  banned: "This account has been banned.",
  address_banned: ADDRESS_BANNED_MESSAGE,
  email_unconfirmed: EMAIL_UNCONFIRMED,
};

const refuse = (reason: TLoginRefusal, ban_reason: string | null = null): TGameLoginResult => ({ ok: false, reason, message: MESSAGES[reason], ban_reason });

/**
 * The ceiling per game key: attempts that do not prove the right password (wrong passwords,
 * unknown names, wrong codes, attempts refused by another limit), over all accounts and
 * addresses. The address is the game's word, so a leaked key could rotate it freely and the
 * per-address limits would never bind; this one does. 120 a minute is two wrong passwords a
 * second for a whole minute, far past a busy world's typos (a right password takes its hit
 * back, so honest logins never count). Past it every login through that key is refused with
 * 429 and Retry-After until the minute ends, the right password too: letting it through would
 * tell a guesser when a guess was right.
 */
export const GAME_LOGIN_PER_KEY: RateLimitRule = { name: "game-login-key", limit: 120, windowSec: 60 };

/**
 * `gameKeyId` and the player's address (as the game reports it) key the rate limits, so many
 * players behind one game server do not share one address bucket.
 */
export async function verifyGameLogin(input: TGameLoginInput, gameKeyId: number): Promise<TGameLoginResult> {
  // Counted before the password is checked, so parallel guesses cannot slip past the ceiling.
  const keySubject = String(gameKeyId);
  await enforceRateLimit(GAME_LOGIN_PER_KEY, keySubject);
  // Without the player's address, the per-address bucket becomes per account: one shared
  // "unknown" bucket would let a few players' typos lock out everyone on that server.
  // An address ban refuses every login from the player's address, before any password is checked.
  if (await activeAddressBan(input.ip)) return refuse("address_banned");
  const address = `game:${gameKeyId}:${input.ip?.trim() || `account:${usernameKey(input.username)}`}`;
  let userId: number;
  try {
    const result = await login({ username: input.username, password: input.password, code: input.code }, address);
    // The password was right: the key's count loses this hit.
    await undoRateLimitHit(GAME_LOGIN_PER_KEY, keySubject);
    if (result.status === "two_factor_required") return refuse("two_factor_required");
    userId = result.userId;
  } catch (e) {
    if (!isAppError(e)) throw e;
    if (e.code === "RATE_LIMITED") throw e; // 429 with Retry-After: the game should back off
    if (e.code === "VALIDATION") return refuse(e.fields?.code ? "invalid_two_factor_code" : "invalid_credentials");
    if (e.code === "FORBIDDEN") {
      // The password was right (banned or unconfirmed): not a guess.
      await undoRateLimitHit(GAME_LOGIN_PER_KEY, keySubject);
      // login() refuses banned and unconfirmed accounts only after the password was right.
      const user = await db.user.findUnique({
        where: { usernameKey: usernameKey(input.username) },
        select: { bannedAt: true, bannedUntil: true, banReason: true },
      });
      return user && isBanned(user) ? refuse("banned", user.banReason ?? null) : refuse("email_unconfirmed");
    }
    throw e;
  }
  const user = await db.user.findUniqueOrThrow({ where: { id: userId } });
  const mute = await activeMuteOf(user.id);
  return {
    ok: true,
    player: {
      id: user.id,
      name: user.username,
      privilege: user.privilege,
      memberRank: user.memberRank,
      is_staff: user.privilege !== "PLAYER",
      banned: false,
      ban_reason: null,
      mute: mute ? { until: mute.endsAt?.toISOString() ?? null, message: mute.message } : null,
    },
  };
}
