// Users for Playwright journeys, written straight to the e2e database (the same one both
// servers use). Playwright runs outside Next, so no lib/server imports here (they are
// server-only): plain `pg` and the same argon2id settings as lib/server/accounts/password-hash.
import { createHash, randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import pg from "pg";
import { usernameKey } from "../../lib/usernames";

export const E2E_PASSWORD = "Sw0rdfish!x";
const ARGON2ID = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

let counter = 0;
/** A fresh, valid game username (≤ 12 characters). */
export function uniqueUsername(prefix = "e"): string {
  counter += 1;
  return `${prefix}${randomBytes(4).toString("hex")}${counter}`.slice(0, 12);
}

/** Email for a username: unique, lower-case, never delivered anywhere. */
export function emailFor(username: string): string {
  return `${usernameKey(username).replace(/ /g, ".")}@e2e.example`;
}

function databaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error("E2E_DATABASE_URL is not set: run the journeys through `node scripts/test.mjs --only=build,e2e`.");
  return url;
}

async function withClient<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let defaultHash: Promise<string> | undefined;

export type E2EUser = { id: number; username: string; email: string; password: string };

/** An active, confirmed player. */
export async function createE2EUser(opts: { username?: string; email?: string; password?: string } = {}): Promise<E2EUser> {
  const username = opts.username ?? uniqueUsername();
  const email = opts.email ?? emailFor(username);
  const password = opts.password ?? E2E_PASSWORD;
  const passwordHash = password === E2E_PASSWORD ? await (defaultHash ??= hash(E2E_PASSWORD, { algorithm: ARGON2ID })) : await hash(password, { algorithm: ARGON2ID });
  const id = await withClient(async (c) => {
    const r = await c.query<{ id: number }>(
      `INSERT INTO users ("username", "usernameKey", "email", "emailKey", "passwordHash", "emailVerifiedAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, now(), now()) RETURNING id`,
      [username, usernameKey(username), email, email.toLowerCase(), passwordHash],
    );
    return r.rows[0]!.id;
  });
  return { id, username, email, password };
}

/**
 * A live browser session for the user, as the login route would create it; returns the raw
 * cookie token. Lets a journey start signed in without spending a (rate-limited) login.
 */
export async function createE2ESession(userId: number, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 e2e"): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const tokenHash = createHash("sha256").update(token, "utf8").digest("hex");
  const now = Date.now();
  await withClient((c) =>
    c.query(`INSERT INTO sessions ("tokenHash", "userId", "userAgent", "ip", "idleExpiresAt", "absoluteExpiresAt") VALUES ($1, $2, $3, $4, $5, $6)`, [
      tokenHash,
      userId,
      userAgent,
      "203.0.113.7",
      new Date(now + 7 * DAY_MS),
      new Date(now + 30 * DAY_MS),
    ]),
  );
  return token;
}
