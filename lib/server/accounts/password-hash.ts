import "server-only";
import { hash, verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";

// argon2id with the library defaults (m=19 MiB, t=2, p=1: OWASP's minimum). Legacy bcrypt
// hashes imported from an older site still verify, and the caller rehashes them.

const ARGON2ID = 2; // Algorithm.Argon2id (const enum, not importable under isolatedModules)

export async function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export function isLegacyHash(stored: string): boolean {
  return /^\$2[aby]\$/.test(stored);
}

/** True when the password matches; never throws on a malformed stored hash. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    if (isLegacyHash(stored)) return await bcrypt.compare(password, stored);
    if (stored.startsWith("$argon2")) return await verify(stored, password);
    return false;
  } catch {
    return false;
  }
}

/** A hash no password matches: for accounts that cannot log in (imported or demo ladder players). */
export const UNUSABLE_PASSWORD_HASH = "!unusable";
