import "server-only";
import { banMessage, isBanned } from "@/lib/bans";
import { EMAIL_UNCONFIRMED } from "@/lib/messages/accounts";
import { STORE_LINK_TTL_SEC } from "@/lib/schemas/game";
import { STAFF_STORE_LINK_REFUSED } from "@/lib/messages/store-link";
import { STORE_LINK_PATH } from "@/lib/security-headers";
import { db } from "../db";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { randomToken, sha256 } from "../security/tokens";
import { NO_SUCH_PLAYER } from "./claim-deliveries";

// POST /game/store-link (::store): a one-time link that signs the player in on the site and
// opens the credit store. Only the token's SHA-256 is stored; it lives STORE_LINK_TTL_SEC and
// is spent by its first use (open-store-link.ts). The game server vouches for the player, so
// a player the website would not let in (banned, email unconfirmed) gets no link either.
// A link opens a store session only (buying, nothing else), and staff accounts get none at all:
// a leaked game key must never be a way into a staff account. A player with 2FA gets a link,
// but opening it asks for their code (open-store-link.ts).

export async function createStoreLink(playerId: number): Promise<{ url: string; expires_at: string }> {
  const user = await db.user.findUnique({
    where: { id: playerId },
    select: { bannedAt: true, bannedUntil: true, banReason: true, isActive: true, privilege: true },
  });
  if (!user) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_PLAYER });
  if (user.privilege !== "PLAYER") throw new AppError("FORBIDDEN", { userMessage: STAFF_STORE_LINK_REFUSED });
  if (isBanned(user)) throw new AppError("FORBIDDEN", { userMessage: banMessage(user) });
  if (!user.isActive) throw new AppError("FORBIDDEN", { userMessage: EMAIL_UNCONFIRMED });

  const token = randomToken();
  const expiresAt = new Date(Date.now() + STORE_LINK_TTL_SEC * 1000);
  await db.emailToken.create({ data: { userId: playerId, kind: "GAME_STORE_LINK", tokenHash: sha256(token), expiresAt } });
  // From the configured SITE_URL, never from a request header.
  const url = new URL(STORE_LINK_PATH, getEnv().SITE_URL);
  url.searchParams.set("token", token);
  return { url: url.toString(), expires_at: expiresAt.toISOString() };
}
