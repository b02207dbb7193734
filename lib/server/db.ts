import "server-only";
import { createHash } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import type { ITXClientDenyList } from "@prisma/client/runtime/client";
import { type Prisma, PrismaClient, type User } from "@/lib/generated/prisma/client";
import { getEnv } from "./env";
import { forgetLocalWrite } from "./credential-cache";

/**
 * Secrets are never read unless a query names them: password hashes, the encrypted TOTP secret
 * and every token, code and key hash are left out of every row by default. A use case that needs
 * one asks for it by name (`select: { passwordHash: true }`). Filtering on them
 * (`where: { tokenHash }`) is unaffected.
 */
export const SECRET_COLUMNS = {
  user: { passwordHash: true, totpSecretEnc: true },
  session: { tokenHash: true },
  refreshToken: { tokenHash: true },
  emailToken: { tokenHash: true },
  recoveryCode: { codeHash: true },
  gameApiKey: { keyHash: true },
  giftCard: { codeHash: true },
  accountDevice: { keyHash: true },
  ticketAppeal: { tokenHash: true },
  voteSite: { callbackSecret: true },
} as const;

type Client = PrismaClient<never, typeof SECRET_COLUMNS>;

/** An account row as queries return it by default: every column but the secrets. */
export type UserRow = Omit<User, keyof typeof SECRET_COLUMNS.user>;

type TxOptions = { maxWait?: number; timeout?: number; isolationLevel?: Prisma.TransactionIsolationLevel };

/**
 * The app's client type. Prisma 7 types an interactive transaction's client without the global
 * `omit` (it still applies at run time), so a `tx.user.findUnique()` would claim a
 * `passwordHash` that is not there; this re-declares `$transaction` with the right `Tx`.
 */
export type Db = Omit<Client, "$transaction"> & {
  $transaction<P extends Prisma.PrismaPromise<unknown>[]>(queries: [...P], options?: TxOptions): Promise<{ [K in keyof P]: Awaited<P[K]> }>;
  $transaction<R>(work: (tx: Tx) => Promise<R>, options?: TxOptions): Promise<R>;
};

/** A transaction in progress on the app's client: the same models, secrets left out the same way. */
export type Tx = Omit<Db, ITXClientDenyList>;

/**
 * Every transaction's limits unless it names its own: up to 10 s to get a pooled connection and
 * 15 s to run, against Prisma's 2 s and 5 s. Under a burst, writes queue for a busy row or a
 * connection; they should drain, not answer 500 (a staff credit grant while the mixed benchmark
 * seeded failed after Prisma's 2 s on a loaded machine).
 */
const TRANSACTION_LIMITS = { maxWait: 10_000, timeout: 15_000 } as const;

/** The comment that starts a statement to be prepared (`PREPARED` in lib/server/sql/prepared-statements.ts). */
export const PREPARED_MARK = "/* prepared */";

/**
 * The adapter's statement namer. PostgreSQL plans an unnamed statement on every call; a named one
 * is parsed once per pooled connection and its plan reused. For a few hot, heavy raw statements
 * planning costs more than running (the forum's unread markers: about 1.5 ms to plan, 0.4 ms to
 * run; docs/forums.md, "Unread markers at scale"), so those that start with PREPARED_MARK get a
 * name: a hash of their whole text, so two texts never share one. Every other query stays
 * unnamed: each named text stays prepared on every pooled connection for the connection's life.
 */
export function preparedStatementName(query: { sql: string }): string | undefined {
  if (!query.sql.trimStart().startsWith(PREPARED_MARK)) return undefined;
  return `p_${createHash("sha256").update(query.sql).digest("hex").slice(0, 24)}`;
}

/** A client of its own on `url` with the app's settings (scripts and tests that need a second database). */
export function createDbClient(url: string, pool: { max?: number } = {}): Db {
  // A new connection may take as long as a transaction may wait for one (a loaded machine took
  // more than 5 s, and the request answered 500).
  const adapter = new PrismaPg(
    {
      connectionString: url,
      connectionTimeoutMillis: TRANSACTION_LIMITS.maxWait,
      ...(pool.max === undefined ? {} : { max: pool.max }),
    },
    // Typed as always naming; pg takes an undefined name as an unnamed statement (the adapter passes it on).
    { statementNameGenerator: preparedStatementName as (query: { sql: string }) => string },
  );
  const client = new PrismaClient({ adapter, omit: SECRET_COLUMNS, transactionOptions: TRANSACTION_LIMITS });
  return client.$extends({ query: CREDENTIAL_WRITES }) as unknown as Db;
}

/**
 * The columns and relations whose change may end or narrow a credential, by model (what the
 * database's auth_changes triggers watch: prisma/migrations/…_auth_change_notices).
 */
const CREDENTIAL_FIELDS: Record<"user" | "session" | "refreshTokenFamily", readonly string[]> = {
  user: ["bannedAt", "bannedUntil", "isActive", "privilege", "memberRank", "username", "email", "sessions", "refreshFamilies"],
  session: ["revokedAt", "absoluteExpiresAt", "scope", "userId", "user"],
  refreshTokenFamily: ["revokedAt", "userId", "user"],
};
const WRITES = new Set(["update", "updateMany", "updateManyAndReturn", "upsert", "delete", "deleteMany"]);

function credentialWrite(model: keyof typeof CREDENTIAL_FIELDS) {
  return async ({ operation, args, query }: { operation: string; args: unknown; query: (args: unknown) => Promise<unknown> }) => {
    if (!WRITES.has(operation)) return query(args);
    const data = (args as { data?: object; update?: object }).data ?? (args as { update?: object }).update ?? {};
    const touches = operation.startsWith("delete") || CREDENTIAL_FIELDS[model].some((f) => f in data);
    if (touches) forgetLocalWrite();
    const result = await query(args);
    // Again once written: a lookup that ran meanwhile read the old row.
    if (touches) forgetLocalWrite();
    return result;
  };
}

/**
 * This process's own writes to credentials drop its credential cache at once
 * (lib/server/credential-cache.ts); other processes hear the database's announcement.
 */
const CREDENTIAL_WRITES = {
  user: { $allOperations: credentialWrite("user") },
  session: { $allOperations: credentialWrite("session") },
  refreshTokenFamily: { $allOperations: credentialWrite("refreshTokenFamily") },
};

// The one Prisma client. Kept on globalThis so dev-server reloads don't open new pools.
const globalForDb = globalThis as unknown as { prisma?: Db };

export function getDb(): Db {
  globalForDb.prisma ??= createDbClient(getEnv().DATABASE_URL, { max: getEnv().DATABASE_POOL_SIZE });
  return globalForDb.prisma;
}

/** Lazily connected client: importing this module opens nothing. */
export const db: Db = new Proxy({} as Db, {
  get(_target, prop) {
    const client = getDb();
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export { Prisma } from "@/lib/generated/prisma/client";
