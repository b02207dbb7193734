import "server-only";
import { banMessage, isBanned } from "@/lib/bans";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { log } from "../log";
import { randomToken, sha256 } from "../security/tokens";
import { signAccessToken } from "./access-token";
import type { ClientInfo } from "./browser-sessions";
import { REFRESH_FAMILY_TTL_MS } from "./constants";

export type TokenPair = { access: string; refresh: string };

/** A new refresh-token family (one API login) with its first refresh token. */
export async function issueTokenPair(userId: number, client: ClientInfo, tx: Tx = db): Promise<TokenPair & { familyId: number }> {
  const refresh = randomToken();
  const family = await tx.refreshTokenFamily.create({
    data: {
      userId,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip,
      expiresAt: new Date(Date.now() + REFRESH_FAMILY_TTL_MS),
      tokens: { create: { tokenHash: sha256(refresh) } },
    },
  });
  return { access: await signAccessToken(userId, family.id), refresh, familyId: family.id };
}

const INVALID = () => new AppError("UNAUTHENTICATED", { userMessage: "Token is invalid or expired" });

/**
 * Rotates a refresh token. Presenting a token that was already rotated is treated as theft:
 * the whole family is revoked, so both the thief's and the owner's copies stop working.
 */
export async function rotateRefreshToken(refresh: string): Promise<TokenPair> {
  const hash = sha256(refresh);
  const next = randomToken();
  const result = await db.$transaction(async (tx) => {
    const token = await tx.refreshToken.findUnique({
      where: { tokenHash: hash },
      include: { family: { include: { user: { select: { id: true, bannedAt: true, bannedUntil: true, banReason: true, isActive: true } } } } },
    });
    if (!token) return { kind: "invalid" as const };
    const fam = token.family;
    if (fam.expiresAt <= new Date()) return { kind: "invalid" as const };
    // A ban revokes every login, but the holder of one of its tokens is told why (403), not just "invalid".
    if (isBanned(fam.user)) return { kind: "banned" as const, message: banMessage(fam.user) };
    if (fam.revokedAt || !fam.user.isActive) return { kind: "invalid" as const };
    // Mark used only if still unused: a concurrent second use loses this race and counts as reuse.
    const claimed = await tx.refreshToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: new Date() } });
    if (claimed.count === 0) {
      await tx.refreshTokenFamily.update({ where: { id: fam.id }, data: { revokedAt: new Date(), revokedReason: "refresh token reuse" } });
      return { kind: "reuse" as const, familyId: fam.id, userId: fam.userId };
    }
    await tx.refreshToken.create({ data: { familyId: fam.id, tokenHash: sha256(next) } });
    await tx.refreshTokenFamily.update({ where: { id: fam.id }, data: { lastUsedAt: new Date() } });
    return { kind: "ok" as const, familyId: fam.id, userId: fam.userId };
  });
  if (result.kind === "reuse") {
    log.warn("refresh token reuse: family revoked", { familyId: result.familyId, userId: result.userId });
    throw INVALID();
  }
  if (result.kind === "invalid") throw INVALID();
  if (result.kind === "banned") throw new AppError("FORBIDDEN", { userMessage: result.message });
  return { access: await signAccessToken(result.userId, result.familyId), refresh: next };
}
