import "server-only";
import { createHmac, generateKeyPairSync, type KeyObject, randomBytes } from "node:crypto";
import { getEnv } from "../env";

// Secrets of the local test checkout (never used in production: env.ts refuses it there).
// Derived from AUTH_SECRET so every process of one install agrees; without it, per process.

let fallback: string | undefined;
function base(): string {
  return getEnv().AUTH_SECRET ?? (fallback ??= randomBytes(32).toString("hex"));
}

export function localSecret(label: "stripe" | "coinbase"): string {
  const hex = createHmac("sha256", base()).update(`payments-local-${label}/v1`).digest("hex");
  return label === "stripe" ? `whsec_${hex}` : hex;
}

let pair: { privateKey: KeyObject; publicKey: KeyObject } | undefined;
/** Signs and verifies local PayPal events in place of PayPal's certificate. */
export function localPaypalKeys(): { privateKey: KeyObject; publicKey: KeyObject } {
  return (pair ??= generateKeyPairSync("rsa", { modulusLength: 2048 }));
}
