import "server-only";
import { isBanned } from "@/lib/bans";
import { SECOND_FACTOR_PER_ACCOUNT, SECOND_FACTOR_PER_ACCOUNT_IP } from "../accounts/login";
import { consumeSecondFactor, mailRecoveryCodeUsed } from "../accounts/two-factor";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { clearRateLimit, enforceRateLimit, undoRateLimitHit } from "../security/rate-limit";
import { log } from "../log";
import { sha256 } from "../security/tokens";
import { type ClientInfo, createBrowserSession } from "../sessions/browser-sessions";

// The ::store link in two steps, so that no GET changes who a browser is signed in as:
// - GET /store-link?token=… shows whose link it is (peekStoreLink, reads only), with a button;
// - that button's same-origin POST spends the token and opens a store session (openStoreLink).
// An <img> or a link in a forum post can therefore fire the GET at most, which signs no one in.
// The token is claimed by one conditional update (unused, unexpired, of this kind), so of two
// tabs posting the same link at once exactly one is signed in. A player with 2FA must give a
// code first; a wrong code leaves the link unspent (it still expires in five minutes).

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

export type StoreLinkPreview = { username: string; twoFactor: boolean };
export type OpenedStoreLink = { ok: true; userId: number; sessionToken: string } | { ok: false; reason: "invalid" | "code" };

/** The live link behind a token, whose player the website would still let in; null otherwise. */
async function findLiveLink(token: string | null | undefined) {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const link = await db.emailToken.findUnique({
    where: { tokenHash: sha256(token) },
    select: {
      id: true,
      kind: true,
      usedAt: true,
      expiresAt: true,
      userId: true,
      user: { select: { username: true, bannedAt: true, bannedUntil: true, isActive: true, privilege: true, totpEnabledAt: true } },
    },
  });
  if (!link || link.kind !== "GAME_STORE_LINK" || link.usedAt || link.expiresAt <= new Date()) return null;
  // Banned, deactivated or made staff since the game asked for the link: no session.
  if (isBanned(link.user) || !link.user.isActive || link.user.privilege !== "PLAYER") return null;
  return link;
}

/** Whose link this is, for the confirmation page; null when it cannot sign anyone in. Writes nothing. */
export async function peekStoreLink(token: string | null | undefined): Promise<StoreLinkPreview | null> {
  const link = await findLiveLink(token);
  return link ? { username: link.user.username, twoFactor: Boolean(link.user.totpEnabledAt) } : null;
}

/** Spends a ::store link (the confirmation page's POST) and opens a store session for its player. */
export async function openStoreLink(token: string | null, code: string | null, client: ClientInfo): Promise<OpenedStoreLink> {
  const link = await findLiveLink(token);
  if (!link) {
    log.info("game.store_link_refused", { ip: client.ip });
    return { ok: false, reason: "invalid" };
  }
  if (link.user.totpEnabledAt) {
    // The same limits as the login's second step: guessing here is no cheaper than there.
    const codeIp = `${link.userId}|${client.ip ?? "direct"}`;
    await enforceRateLimit(SECOND_FACTOR_PER_ACCOUNT_IP, codeIp);
    await enforceRateLimit(SECOND_FACTOR_PER_ACCOUNT, String(link.userId));
    // A recovery code is spent, audited and mailed about in one transaction.
    const how = code?.trim()
      ? await consumeSecondFactor(link.userId, code, async (tx) => {
          await recordAudit({ action: "2fa.recovery_code_used", actorId: link.userId, targetType: "user", targetId: link.userId, ip: client.ip }, tx);
          await mailRecoveryCodeUsed(tx, link.userId);
        })
      : null;
    if (!how) {
      log.info("game.store_link_code_refused", { userId: link.userId, ip: client.ip });
      return { ok: false, reason: "code" };
    }
    await clearRateLimit(SECOND_FACTOR_PER_ACCOUNT_IP, codeIp);
    await undoRateLimitHit(SECOND_FACTOR_PER_ACCOUNT, String(link.userId));
  }
  const opened = await db.$transaction(async (tx) => {
    const spent = await tx.emailToken.updateMany({
      where: { id: link.id, kind: "GAME_STORE_LINK", usedAt: null, expiresAt: { gt: new Date() } },
      data: { usedAt: new Date() },
    });
    if (spent.count !== 1) return null;
    return createBrowserSession(link.userId, client, "store", tx);
  });
  if (!opened) {
    log.info("game.store_link_refused", { userId: link.userId, ip: client.ip, reason: "already spent" });
    return { ok: false, reason: "invalid" };
  }
  log.info("game.store_link_opened", { userId: link.userId, ip: client.ip });
  return { ok: true, userId: link.userId, sessionToken: opened.token };
}
