import "server-only";
import { isIP } from "node:net";
import { type Challenge, type Solution, verifySolution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { z } from "zod";
import { getEnv } from "../env";
import { hitRateLimit } from "../security/rate-limit";
import { log } from "../log";
import { activeCaptchaProvider } from "./captcha-config";
import { altchaSecrets } from "./create-challenge";

// Checks the registration form's human-verification token with the provider in force.
// Bad or replayed tokens answer false; only infrastructure failures (database) throw.

const SITEVERIFY_URL = {
  turnstile: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
  hcaptcha: "https://api.hcaptcha.com/siteverify",
} as const;
const SITEVERIFY_TIMEOUT_MS = 5_000;
const MAX_TOKEN_LENGTH = 8_000;

/** A solved challenge is accepted once; the window outlives the challenge's expiry. */
const ALTCHA_USED = { name: "altcha-used", limit: 1, windowSec: 3600 };

// Shape only: the parameters are passed on untouched, since the signature covers every key.
const ZAltchaPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string(),
      expiresAt: z.number(),
    }),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  solution: z.object({ counter: z.number(), derivedKey: z.string(), time: z.number().optional() }),
});

export async function verifyCaptcha(token: string, ip: string): Promise<boolean> {
  if (typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return false;
  const env = getEnv();
  const provider = activeCaptchaProvider(env);
  switch (provider) {
    case "altcha":
      return verifyAltcha(token);
    case "turnstile":
    case "hcaptcha":
      return verifySiteverify(provider, token, ip);
    case "off":
      return env.isLocal;
  }
}

async function verifyAltcha(token: string): Promise<boolean> {
  let signature: string;
  try {
    const parsed = ZAltchaPayload.safeParse(JSON.parse(Buffer.from(token, "base64").toString("utf8")));
    if (!parsed.success) return false;
    const { challenge, solution } = parsed.data as unknown as { challenge: Challenge & { signature: string }; solution: Solution };
    const secrets = altchaSecrets();
    const result = await verifySolution({
      challenge,
      solution,
      deriveKey,
      hmacSignatureSecret: secrets.signature,
      hmacKeySignatureSecret: secrets.keySignature,
    });
    if (!result.verified) return false;
    signature = challenge.signature;
  } catch {
    // Malformed base64/JSON/hex from the client: not a valid solution.
    return false;
  }
  // Recorded only after it verifies, so garbage never reaches the table.
  const use = await hitRateLimit(ALTCHA_USED, signature);
  return use.count === 1;
}

async function verifySiteverify(provider: "turnstile" | "hcaptcha", token: string, ip: string): Promise<boolean> {
  const env = getEnv();
  const secret = provider === "turnstile" ? env.TURNSTILE_SECRET_KEY : env.HCAPTCHA_SECRET_KEY;
  if (!secret) return false;
  const form = new URLSearchParams({ secret, response: token });
  // Without a trusted proxy the wrapper's ip is a placeholder ("direct"): send only real addresses.
  if (isIP(ip)) form.set("remoteip", ip);
  if (provider === "hcaptcha" && env.HCAPTCHA_SITE_KEY) form.set("sitekey", env.HCAPTCHA_SITE_KEY);
  try {
    const res = await fetch(env.CAPTCHA_VERIFY_URL ?? SITEVERIFY_URL[provider], {
      method: "POST",
      body: form,
      redirect: "error",
      signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
    });
    if (!res.ok) {
      log.warn("captcha siteverify answered an error status", { provider, status: res.status });
      return false;
    }
    const data = (await res.json()) as { success?: unknown; "error-codes"?: unknown };
    if (data.success === true) return true;
    const codes = Array.isArray(data["error-codes"]) ? data["error-codes"].map(String) : [];
    // Secret or configuration problems are the operator's to fix, not the visitor's.
    if (codes.some((c) => c.includes("secret") || c.includes("sitekey"))) log.warn("captcha siteverify rejects our configuration", { provider, codes });
    return false;
  } catch (err) {
    log.warn("captcha siteverify unreachable", { provider, err: err instanceof Error ? err.name : "unknown" });
    return false;
  }
}
