// The one user and session factory for every test kind. It writes plain SQL through a small
// executor, so integration tests run it on the Prisma client and Playwright (which runs outside
// Next and cannot import server-only modules) on a `pg` client. The rows match what the real
// use cases write: registerUser + confirmEmail for users, createBrowserSession for sessions.
// No lib/server imports here: the few rules it repeats (argon2id settings, session lifetimes)
// are checked against the server's own in tests/unit/user-factory.test.ts.
import { createHash, randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { usernameKey } from "../../lib/usernames";

/** Runs one parameterised statement ($1, $2, …) and returns its rows. */
export type SqlExecutor = <T>(text: string, values: readonly unknown[]) => Promise<T[]>;

export type Privilege = "PLAYER" | "MODERATOR" | "ADMINISTRATOR" | "OWNER";

export const DEFAULT_PASSWORD = "Sw0rdfish!x";
/** argon2id with the library defaults, as lib/server/accounts/password-hash.ts. */
export const ARGON2ID = 2;
/** As lib/server/sessions/constants.ts. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;

let counter = 0;
/** A fresh, valid game username (≤ 12 characters): unique names, no shared fixtures. */
export function uniqueUsername(prefix = "u"): string {
  counter += 1;
  return `${prefix}${randomBytes(4).toString("hex")}${counter}`.slice(0, 12);
}

/** Email for a username: unique like the name, lower-case, never delivered anywhere. */
export function emailFor(username: string): string {
  return `${usernameKey(username).replace(/ /g, ".")}@test.example`;
}

let defaultHash: Promise<string> | undefined;
/** Hashing costs ~60 ms: the default password is hashed once per process. */
function passwordHash(password: string): Promise<string> {
  if (password === DEFAULT_PASSWORD) return (defaultHash ??= hash(DEFAULT_PASSWORD, { algorithm: ARGON2ID }));
  return hash(password, { algorithm: ARGON2ID });
}

export type UserOptions = {
  username?: string;
  email?: string;
  password?: string;
  privilege?: Privilege;
  /** false: registered with email confirmation on and not confirmed yet (inactive, no verified date). */
  confirmed?: boolean;
  bannedAt?: Date | null;
  banReason?: string | null;
};

export type CreatedUser = { id: number; username: string; email: string; password: string };

export type SessionOptions = { userAgent?: string | null; ip?: string | null };

/** The columns store UTC wall-clock time (TIMESTAMP(3), as Prisma writes it), whatever the server's time zone. */
const UTC_NOW = `(now() AT TIME ZONE 'UTC')`;
const utc = (n: number) => `($${n}::timestamptz AT TIME ZONE 'UTC')`;

export function userFactory(sql: SqlExecutor) {
  /** A player that can log in: confirmed and active unless told otherwise. */
  async function createUser(opts: UserOptions = {}): Promise<CreatedUser> {
    const username = opts.username ?? uniqueUsername();
    const email = opts.email ?? emailFor(username);
    const password = opts.password ?? DEFAULT_PASSWORD;
    const confirmed = opts.confirmed ?? true;
    const [row] = await sql<{ id: number }>(
      `INSERT INTO users ("username", "usernameKey", "email", "emailKey", "passwordHash", "privilege", "isActive", "emailVerifiedAt", "bannedAt", "banReason", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6::"Privilege", $7, ${confirmed ? UTC_NOW : "NULL"}, ${utc(8)}, $9, ${UTC_NOW})
       RETURNING id`,
      [
        username,
        usernameKey(username),
        email,
        email.toLowerCase(),
        await passwordHash(password),
        opts.privilege ?? "PLAYER",
        confirmed,
        opts.bannedAt?.toISOString() ?? null,
        opts.banReason ?? null,
      ],
    );
    if (!row) throw new Error("user factory: INSERT returned no row");
    return { id: Number(row.id), username, email, password };
  }

  /** A live browser session for the user; returns the raw cookie token (only its hash is stored). */
  async function createSession(userId: number, opts: SessionOptions = {}): Promise<string> {
    const token = randomBytes(32).toString("base64url");
    const tokenHash = createHash("sha256").update(token, "utf8").digest("hex");
    const now = Date.now();
    await sql(
      `INSERT INTO sessions ("tokenHash", "userId", "userAgent", "ip", "createdAt", "lastSeenAt", "idleExpiresAt", "absoluteExpiresAt")
       VALUES ($1, $2, $3, $4, ${UTC_NOW}, ${UTC_NOW}, ${utc(5)}, ${utc(6)})`,
      [
        tokenHash,
        userId,
        opts.userAgent?.slice(0, 300) ?? null,
        opts.ip ?? null,
        new Date(now + SESSION_IDLE_MS).toISOString(),
        new Date(now + SESSION_ABSOLUTE_MS).toISOString(),
      ],
    );
    return token;
  }

  return { createUser, createSession };
}
