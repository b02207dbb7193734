import "server-only";
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { getEnv } from "../env";
import { AppError } from "../errors";

// AES-256-GCM for secrets at rest (TOTP secrets). Format: v1.<iv>.<tag>.<ciphertext>, base64url.

function key(): Buffer {
  const raw = getEnv().TOTP_ENCRYPTION_KEY;
  if (!raw) throw new AppError("INTERNAL", { userMessage: "Two-factor encryption is not configured." });
  const buf = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
  if (buf.length !== 32) throw new AppError("INTERNAL", { userMessage: "Two-factor encryption is misconfigured." });
  return buf;
}

export function encryptSecret(plain: string, aad = ""): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(".");
}

/** Throws if the ciphertext was tampered with or the key/aad differ. */
export function decryptSecret(sealed: string, aad = ""): string {
  const [v, iv, tag, data] = sealed.split(".");
  if (v !== "v1" || !iv || !tag || !data) throw new Error("Unrecognised ciphertext");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
