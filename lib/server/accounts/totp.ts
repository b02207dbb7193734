import "server-only";
import { generateSecret, generateURI, verify } from "otplib";
import { siteConfig } from "@/lib/site-config";

// TOTP per RFC 6238: SHA1, 6 digits, 30-second steps (what authenticator apps expect).

export const TOTP_PERIOD = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(username: string, secret: string): string {
  return generateURI({ issuer: siteConfig.name, label: username, secret, algorithm: "sha1", digits: 6, period: TOTP_PERIOD });
}

/**
 * Checks a 6-digit code, allowing one step of clock drift either way. Codes from a step at or
 * before `afterStep` are refused: each code is accepted once. Returns the step it matched.
 */
export async function checkTotp(secret: string, code: string, afterStep: bigint | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const nowStep = Math.floor(Date.now() / 1000 / TOTP_PERIOD);
  const after = afterStep === null ? undefined : Number(afterStep);
  try {
    const r = await verify({
      secret,
      token: code,
      epochTolerance: TOTP_PERIOD,
      ...(after !== undefined && after <= nowStep + 1 ? { afterTimeStep: after } : {}),
    });
    if (!r.valid) return null;
    const step = nowStep + r.delta;
    if (after !== undefined && step <= after) return null;
    return step;
  } catch {
    return null;
  }
}
