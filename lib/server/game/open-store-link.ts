import "server-only";
import { db } from "../db";
import { log } from "../log";
import { sha256 } from "../security/tokens";
import { type ClientInfo, createBrowserSession } from "../sessions/browser-sessions";

// GET /store-link?token=…: spends a ::store link and opens a browser session for its player.
// The token is claimed by one conditional update (unused, unexpired, of this kind), so of two
// tabs opening the same link at once exactly one is signed in.

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

export type OpenedStoreLink = { ok: true; userId: number; sessionToken: string } | { ok: false };

export async function openStoreLink(token: string | null, client: ClientInfo): Promise<OpenedStoreLink> {
  if (!token || !TOKEN_PATTERN.test(token)) return { ok: false };
  const tokenHash = sha256(token);
  const now = new Date();
  const spent = await db.emailToken.updateMany({
    where: { tokenHash, kind: "GAME_STORE_LINK", usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  if (spent.count !== 1) {
    log.info("game.store_link_refused", { ip: client.ip });
    return { ok: false };
  }
  const link = await db.emailToken.findUniqueOrThrow({ where: { tokenHash }, select: { userId: true, user: { select: { bannedAt: true, isActive: true } } } });
  // Banned or deactivated since the game asked for the link: no session.
  if (link.user.bannedAt || !link.user.isActive) {
    log.info("game.store_link_refused", { userId: link.userId, ip: client.ip, reason: "account not allowed in" });
    return { ok: false };
  }
  const session = await createBrowserSession(link.userId, client);
  log.info("game.store_link_opened", { userId: link.userId, ip: client.ip });
  return { ok: true, userId: link.userId, sessionToken: session.token };
}
