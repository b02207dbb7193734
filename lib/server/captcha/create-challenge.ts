import "server-only";
import { createHmac } from "node:crypto";
import { type Challenge, createChallenge, randomInt } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { getEnv } from "../env";
import { AppError } from "../errors";

// ALTCHA proof of work (PoW v2, deterministic mode): the server picks a secret counter and
// signs the key it derives; the browser must try every counter up to it. PBKDF2/SHA-256 runs
// natively (WebCrypto) in the widget's workers. Measured in Chromium on a 2-core machine:
// ~0.5 ms per attempt at cost 5,000 (Chromium's WebCrypto gains nothing from a second
// worker), so 1,000–2,800 attempts ≈ 0.5–1.4 s. Creation costs one PBKDF2 (~3 ms),
// verification one HMAC (keySignature).

export const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
export const ALTCHA_COST = 5_000;
export const ALTCHA_COUNTER_MIN = 1_000;
export const ALTCHA_COUNTER_MAX = 2_800;
export const ALTCHA_TTL_SEC = 600;

/** The two HMAC secrets: ALTCHA_HMAC_KEY, or one derived from AUTH_SECRET under a fixed label. */
export function altchaSecrets(): { signature: string; keySignature: string } {
  const env = getEnv();
  const base = env.ALTCHA_HMAC_KEY ?? (env.AUTH_SECRET && createHmac("sha256", env.AUTH_SECRET).update("altcha-hmac-key/v1").digest("hex"));
  if (!base) throw new AppError("INTERNAL", { userMessage: "Human verification is not configured." });
  return { signature: base, keySignature: createHmac("sha256", base).update("altcha-key-signature/v1").digest("hex") };
}

/** A signed challenge for the widget; it expires after ALTCHA_TTL_SEC. */
export async function createCaptchaChallenge(): Promise<Challenge> {
  const secrets = altchaSecrets();
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: ALTCHA_COST,
    counter: randomInt(ALTCHA_COUNTER_MAX, ALTCHA_COUNTER_MIN),
    deriveKey,
    expiresAt: new Date(Date.now() + ALTCHA_TTL_SEC * 1000),
    hmacSignatureSecret: secrets.signature,
    hmacKeySignatureSecret: secrets.keySignature,
  });
}
