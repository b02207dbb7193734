import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { verifyPassword } from "./password-hash";
import { consumeSecondFactor, mailRecoveryCodeUsed } from "./two-factor";
import { recordAudit } from "../audit/record-audit";

export const WRONG_PASSWORD = "Your current password is incorrect.";
export const CODE_NEEDED = "Enter the code from your authenticator app (or a recovery code).";
export const CODE_WRONG = "Invalid or already used code.";

/**
 * The current password, and with two-factor on a code (a recovery code is spent, audited and
 * mailed about): what the account controls ask before a change of address or a deletion.
 * The routes limit the attempts per account.
 */
export async function verifyIdentity(userId: number, password: string, code: string | undefined, ip: string | null) {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, omit: { passwordHash: false } });
  if (user.deletedAt || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError("VALIDATION", { fields: { password: [WRONG_PASSWORD] }, userMessage: WRONG_PASSWORD });
  }
  if (user.totpEnabledAt) {
    if (!code?.trim()) throw new AppError("VALIDATION", { fields: { code: [CODE_NEEDED] }, userMessage: CODE_NEEDED });
    const how = await consumeSecondFactor(userId, code, async (tx) => {
      await recordAudit({ action: "2fa.recovery_code_used", actorId: userId, targetType: "user", targetId: userId, ip }, tx);
      await mailRecoveryCodeUsed(tx, userId);
    });
    if (!how) throw new AppError("VALIDATION", { fields: { code: [CODE_WRONG] }, userMessage: CODE_WRONG });
  }
  return user;
}
