import "server-only";
import { randomInt } from "node:crypto";
import QRCode from "qrcode";
import type { TTwoFactorStatus } from "@/lib/schemas/accounts";
import { recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db";
import { queueMail } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { notifySecurity } from "../notifications/events";
import { AppError } from "../errors";
import { decryptSecret, encryptSecret } from "../security/encryption";
import { sha256 } from "../security/tokens";
import { checkTotp, newTotpSecret, totpUri } from "./totp";

// Two-factor: a pending secret exists until the first correct code activates it. The secret
// is sealed with AES-GCM bound to the user id; recovery codes are stored as hashes only.

const RECOVERY_CODES = 10;
const aad = (userId: number) => `totp:user:${userId}`;
const codeError = (message = "Invalid two-factor code. Please try again.") => new AppError("BAD_REQUEST", { userMessage: message, messageKey: "error" });

function recoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const part = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join("");
  return `${part()}-${part()}`;
}
const normaliseRecovery = (code: string) => code.trim().toLowerCase().replace(/\s+/g, "");

export async function getTwoFactorStatus(userId: number): Promise<TTwoFactorStatus> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, totpSecretEnc: true, totpEnabledAt: true } });
  if (user.totpEnabledAt) {
    const left = await db.recoveryCode.count({ where: { userId, usedAt: null } });
    return { activated: true, recovery_codes_left: left };
  }
  let secret: string;
  if (user.totpSecretEnc) {
    secret = decryptSecret(user.totpSecretEnc, aad(userId));
  } else {
    secret = newTotpSecret();
    // Only set when still empty, so two tabs opening the modal agree on one secret.
    const set = await db.user.updateMany({
      where: { id: userId, totpSecretEnc: null, totpEnabledAt: null },
      data: { totpSecretEnc: encryptSecret(secret, aad(userId)) },
    });
    if (set.count === 0) return getTwoFactorStatus(userId);
  }
  const otpauth_url = totpUri(user.username, secret);
  const qr_code = await QRCode.toDataURL(otpauth_url, { errorCorrectionLevel: "M", margin: 1, width: 220 });
  return { activated: false, secret, otpauth_url, qr_code };
}

export async function activateTwoFactor(userId: number, code: string, ip: string | null): Promise<string[]> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { totpSecretEnc: true, totpEnabledAt: true, totpLastStep: true } });
  if (user.totpEnabledAt) throw codeError("Two-factor authentication is already active.");
  if (!user.totpSecretEnc) throw codeError("Open the authenticator setup first to get your secret.");
  const step = await checkTotp(decryptSecret(user.totpSecretEnc, aad(userId)), code, user.totpLastStep);
  if (step === null) throw codeError();
  const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
  await db.$transaction(async (tx) => {
    const done = await tx.user.updateMany({
      where: { id: userId, totpEnabledAt: null, totpSecretEnc: user.totpSecretEnc },
      data: { totpEnabledAt: new Date(), totpLastStep: BigInt(step) },
    });
    if (done.count === 0) throw codeError("Two-factor authentication is already active.");
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await tx.recoveryCode.createMany({ data: codes.map((c) => ({ userId, codeHash: sha256(normaliseRecovery(c)) })) });
    await recordAudit({ action: "2fa.activated", actorId: userId, targetType: "user", targetId: userId, ip }, tx);
    const owner = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, email: true } });
    await queueMail(owner.email, mailTemplates.twoFactorOn(owner.username), { tx });
    await notifySecurity(tx, { userId, event: "2fa_on", at: new Date() });
  });
  return codes;
}

/**
 * Consumes a second factor: a TOTP code (each time step accepted once, atomically) or an
 * unused recovery code. Returns how it was satisfied, or null. `onRecovery` runs in the
 * transaction that spends a recovery code (the login's audit entry and security mail).
 */
export async function consumeSecondFactor(userId: number, code: string, onRecovery?: (tx: Tx) => Promise<void>): Promise<"totp" | "recovery" | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { totpSecretEnc: true, totpEnabledAt: true, totpLastStep: true } });
  if (!user?.totpEnabledAt || !user.totpSecretEnc) return null;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = await checkTotp(decryptSecret(user.totpSecretEnc, aad(userId)), trimmed, user.totpLastStep);
    if (step === null) return null;
    // Conditional write: a replay racing this request finds the step already taken.
    const won = await db.user.updateMany({
      where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: BigInt(step) } }] },
      data: { totpLastStep: BigInt(step) },
    });
    return won.count === 1 ? "totp" : null;
  }
  return db.$transaction(async (tx) => {
    const used = await tx.recoveryCode.updateMany({
      where: { userId, codeHash: sha256(normaliseRecovery(trimmed)), usedAt: null },
      data: { usedAt: new Date() },
    });
    if (used.count !== 1) return null;
    await onRecovery?.(tx);
    return "recovery" as const;
  });
}

/** The recovery-code mail of a sign-in, in the transaction that spent the code. */
export async function mailRecoveryCodeUsed(tx: Tx, userId: number): Promise<void> {
  const owner = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, email: true } });
  const left = await tx.recoveryCode.count({ where: { userId, usedAt: null } });
  await queueMail(owner.email, mailTemplates.recoveryCodeUsed(owner.username, left), { tx });
  await notifySecurity(tx, { userId, event: "recovery_code_used", at: new Date() });
}

export async function deactivateTwoFactor(userId: number, code: string, ip: string | null): Promise<void> {
  const how = await consumeSecondFactor(userId, code);
  if (!how) throw codeError();
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { totpSecretEnc: null, totpEnabledAt: null, totpLastStep: null } });
    await tx.recoveryCode.deleteMany({ where: { userId } });
    await recordAudit({ action: "2fa.deactivated", actorId: userId, targetType: "user", targetId: userId, ip, data: { via: how } }, tx);
    const owner = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, email: true } });
    await queueMail(owner.email, mailTemplates.twoFactorOff(owner.username, how === "recovery"), { tx });
    await notifySecurity(tx, { userId, event: "2fa_off", at: new Date() });
  });
}
