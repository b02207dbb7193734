import "server-only";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { sha256 } from "../security/tokens";

/** Follows the emailed link: activates the account once, before it expires. */
export async function confirmEmail(uid: string, token: string): Promise<boolean> {
  const userId = Number(uid);
  if (!Number.isInteger(userId) || userId <= 0 || !token) return false;
  const now = new Date();
  return db.$transaction(async (tx) => {
    const used = await tx.emailToken.updateMany({
      where: { userId, kind: "EMAIL_CONFIRMATION", tokenHash: sha256(token), usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (used.count !== 1) return false;
    await tx.user.update({ where: { id: userId }, data: { isActive: true, emailVerifiedAt: now } });
    await recordAudit({ action: "account.email_confirmed", actorId: userId, targetType: "user", targetId: userId }, tx);
    return true;
  });
}
