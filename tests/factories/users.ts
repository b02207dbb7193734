import { randomBytes } from "node:crypto";
import type { Privilege } from "@/lib/generated/prisma/client";
import { hashPassword } from "@/lib/server/accounts/password-hash";
import { db } from "@/lib/server/db";
import { randomToken, sha256 } from "@/lib/server/security/tokens";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "@/lib/server/sessions/constants";
import { usernameKey } from "@/lib/usernames";

// Each test makes its own users: unique names, no shared fixtures.

let counter = 0;
export function uniqueUsername(prefix = "u"): string {
  counter += 1;
  return `${prefix}${randomBytes(3).toString("hex")}${counter}`.slice(0, 12);
}

export const DEFAULT_PASSWORD = "Sw0rdfish!x";
let cachedHash: string | undefined;

export async function createUser(overrides: { username?: string; email?: string; password?: string; privilege?: Privilege; bannedAt?: Date | null; banReason?: string | null; isActive?: boolean } = {}) {
  const username = overrides.username ?? uniqueUsername();
  const email = overrides.email ?? `${usernameKey(username).replace(/ /g, ".")}.${randomBytes(2).toString("hex")}@test.example`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const passwordHash = password === DEFAULT_PASSWORD ? (cachedHash ??= await hashPassword(DEFAULT_PASSWORD)) : await hashPassword(password);
  const user = await db.user.create({
    data: {
      username,
      usernameKey: usernameKey(username),
      email,
      emailKey: email.toLowerCase(),
      passwordHash,
      privilege: overrides.privilege ?? "PLAYER",
      emailVerifiedAt: new Date(),
      isActive: overrides.isActive ?? true,
      bannedAt: overrides.bannedAt ?? null,
      banReason: overrides.banReason ?? null,
    },
  });
  return { ...user, password };
}

/** A live browser session for the user; returns the raw cookie token. */
export async function createSessionToken(userId: number): Promise<string> {
  const token = randomToken();
  const now = Date.now();
  await db.session.create({
    data: { userId, tokenHash: sha256(token), idleExpiresAt: new Date(now + SESSION_IDLE_MS), absoluteExpiresAt: new Date(now + SESSION_ABSOLUTE_MS) },
  });
  return token;
}
