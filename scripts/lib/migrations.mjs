// Applies the committed Prisma migrations (prisma/migrations/*/migration.sql) without the
// Prisma CLI or its schema engine, and records them in Prisma's own `_prisma_migrations`
// table the way `prisma migrate deploy` does. Either tool can follow the other:
// `prisma migrate status` reports "up to date" after this runner, and this runner applies
// nothing after `prisma migrate deploy`.
//
// What it shares with Prisma Migrate (PostgreSQL):
// - the table's DDL, its columns' meaning (id = random uuid, checksum = sha256 hex of the
//   file's text, started_at/finished_at, applied_steps_count = 1 when done, logs = the
//   error of a failed attempt, rolled_back_at set by `prisma migrate resolve --rolled-back`);
// - the advisory lock key (72707369): the runner, `migrate deploy` and `migrate dev` never
//   run at the same time against one database;
// - order (directory names, compared as the Prisma CLI compares them) and refusals: a
//   non-empty database without `_prisma_migrations` (P3005: baseline it first) and an
//   unresolved failed migration (P3009).
// Stricter than `migrate deploy`: an applied migration whose file has changed since is an
// error (Prisma only reports it in `migrate dev`/`status`). Unlike Prisma, each migration
// runs inside one transaction together with its bookkeeping row.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** Prisma Migrate's PostgreSQL advisory lock key. */
export const PRISMA_ADVISORY_LOCK_KEY = 72707369;

const MIGRATIONS_TABLE = "_prisma_migrations";

// Byte-for-byte the statement the schema engine runs (sql-schema-connector, postgres flavour).
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE _prisma_migrations (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
);`;

// Tables Prisma ignores when deciding whether a database is empty (PostGIS).
const IGNORED_TABLES = /^(spatial_ref_sys|geometry_columns)$/i;

/**
 * @typedef {object} MigrationOptions
 * @property {string} [migrationsDir] folder of migrations (default "prisma/migrations", from the working directory)
 * @property {(message: string) => void} [log] progress messages (default: none)
 * @property {number} [lockTimeoutMs] how long to wait for another migrator (default 60 s)
 */

/**
 * @typedef {object} CommittedMigration
 * @property {string} name directory name, e.g. 20260101000000_init
 * @property {string} script content of migration.sql
 * @property {string} checksum as Prisma computes it
 */

/** sha256 of the script's UTF-8 text, lower-case hex, zero-padded: Prisma's `render_checksum`. */
export function migrationChecksum(script) {
  return createHash("sha256").update(script, "utf8").digest("hex");
}

/**
 * Prisma's `script_matches_checksum`: line-ending agnostic (CRLF/LF checkouts), and
 * tolerant of the non-zero-padded checksums very old engines wrote.
 */
export function checksumMatches(script, checksum) {
  const variants = [script, script.replace(/\r\n/g, "\n"), script.replace(/\n/g, "\r\n")];
  return variants.some((s) => {
    const digest = createHash("sha256").update(s, "utf8").digest();
    const rendered = checksum.length !== 0 && checksum.length !== 64 ? [...digest].map((b) => b.toString(16)).join("") : digest.toString("hex");
    return rendered === checksum;
  });
}

/**
 * The committed migrations, in the order Prisma applies them.
 * @param {string} [migrationsDir]
 * @returns {CommittedMigration[]}
 */
export function readCommittedMigrations(migrationsDir = "prisma/migrations") {
  const dir = path.resolve(migrationsDir);
  if (!existsSync(dir)) return [];
  const lockfile = path.join(dir, "migration_lock.toml");
  if (existsSync(lockfile)) {
    const provider = /^\s*provider\s*=\s*"([^"]*)"/m.exec(readFileSync(lockfile, "utf8"))?.[1];
    if (provider && provider !== "postgresql") {
      throw new Error(`${lockfile} says the migrations were made for "${provider}", not "postgresql" (Prisma error P3019).`);
    }
  }
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b)) // what the Prisma CLI does
    .map((name) => {
      const file = path.join(dir, name, "migration.sql");
      if (!existsSync(file)) throw new Error(`Migration ${name} has no migration.sql (${file}).`);
      const script = readFileSync(file, "utf8");
      return { name, script, checksum: migrationChecksum(script) };
    });
}

/** @param {string} connectionString */
function clientFor(connectionString) {
  if (!connectionString) throw new Error("No database URL given (DATABASE_URL is not set).");
  // Prisma's `?schema=` parameter selects the schema the migrations (and their table) live in.
  let schema = "public";
  try {
    schema = new URL(connectionString).searchParams.get("schema") || "public";
  } catch {
    // not a URL (key=value form): default schema
  }
  return { client: new pg.Client({ connectionString, application_name: "migrations-runner" }), schema };
}

function quoteIdent(name) {
  return `"${String(name).replace(/"/g, '""')}"`;
}

async function setSearchPath(client, schema) {
  await client.query(`SET search_path TO ${quoteIdent(schema)}`);
}

async function migrationsTableExists(client, schema) {
  const { rows } = await client.query(`SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = $1 AND tablename = $2`, [schema, MIGRATIONS_TABLE]);
  return rows.length > 0;
}

/** Rows of `_prisma_migrations`, oldest first. */
async function recordedMigrations(client) {
  const { rows } = await client.query(
    `SELECT id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count
       FROM ${MIGRATIONS_TABLE} ORDER BY started_at ASC`,
  );
  return rows;
}

/**
 * The committed migrations not applied yet (for health checks): those without a
 * finished, not rolled back, row in `_prisma_migrations`. A failed migration counts as
 * pending. Read-only: takes no lock and creates nothing.
 * @param {string} connectionString
 * @param {MigrationOptions} [opts]
 * @returns {Promise<string[]>}
 */
export async function pendingMigrations(connectionString, { migrationsDir = "prisma/migrations" } = {}) {
  const committed = readCommittedMigrations(migrationsDir);
  const { client, schema } = clientFor(connectionString);
  await client.connect();
  try {
    if (!(await migrationsTableExists(client, schema))) return committed.map((m) => m.name);
    await setSearchPath(client, schema);
    const applied = new Set((await recordedMigrations(client)).filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => r.migration_name));
    return committed.filter((m) => !applied.has(m.name)).map((m) => m.name);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Applies the committed migrations that are not applied yet, in order, each in one
 * transaction with its `_prisma_migrations` row. Safe to call from several processes
 * at once (advisory lock). Throws, applying nothing, when the history is not sound.
 * @param {string} connectionString
 * @param {MigrationOptions} [opts]
 * @returns {Promise<{ applied: string[] }>}
 */
export async function applyMigrations(connectionString, { migrationsDir = "prisma/migrations", log = () => {}, lockTimeoutMs = 60_000 } = {}) {
  const committed = readCommittedMigrations(migrationsDir);
  const { client, schema } = clientFor(connectionString);
  await client.connect();
  let locked = false;
  try {
    // Session-level lock, the one Prisma Migrate takes.
    await client.query(`SET lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`);
    try {
      await client.query(`SELECT pg_advisory_lock(${PRISMA_ADVISORY_LOCK_KEY})`);
    } catch (e) {
      if (e?.code === "55P03") {
        throw new Error(
          `Timed out after ${lockTimeoutMs} ms waiting for the migration lock (pg_advisory_lock(${PRISMA_ADVISORY_LOCK_KEY})): another process is migrating this database.`,
        );
      }
      throw e;
    }
    locked = true;
    await client.query(`RESET lock_timeout`);

    // Same place as Prisma: the connection's schema (created when missing, as Prisma does).
    const { rows: ns } = await client.query(`SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1`, [schema]);
    if (ns.length === 0) await client.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
    await setSearchPath(client, schema);

    if (!(await migrationsTableExists(client, schema))) {
      const { rows } = await client.query(`SELECT tablename FROM pg_catalog.pg_tables WHERE schemaname = $1`, [schema]);
      const others = rows.map((r) => r.tablename).filter((t) => !IGNORED_TABLES.test(t));
      if (others.length > 0) {
        throw new Error(
          `The database schema "${schema}" is not empty and has no ${MIGRATIONS_TABLE} table (Prisma error P3005): ` +
            `it was not created by these migrations. Baseline it first (https://pris.ly/d/migrate-baseline). ` +
            `Tables found: ${others.slice(0, 10).join(", ")}${others.length > 10 ? ", …" : ""}`,
        );
      }
      await client.query(CREATE_MIGRATIONS_TABLE);
    }

    const records = await recordedMigrations(client);

    const failed = records.filter((r) => r.finished_at === null && r.rolled_back_at === null);
    if (failed.length > 0) {
      const details = failed
        .map((r) => {
          const logs = r.logs?.trim() ? ` with the following logs:\n${r.logs.trim()}` : "";
          return `The \`${r.migration_name}\` migration started at ${new Date(r.started_at).toISOString()} failed${logs}`;
        })
        .join("\n");
      throw new Error(
        `Found failed migrations in the target database (Prisma error P3009); new migrations will not be applied.\n${details}\n` +
          `Fix the database by hand, then mark it with \`npm run prisma -- migrate resolve --rolled-back <name>\` ` +
          `(or --applied; \`npx prisma migrate resolve ...\` on a machine with internet). See https://pris.ly/d/migrate-resolve`,
      );
    }

    const live = records.filter((r) => r.rolled_back_at === null);
    const byName = new Map(committed.map((m) => [m.name, m]));
    const edited = live.filter((r) => {
      const m = byName.get(r.migration_name);
      return m !== undefined && !checksumMatches(m.script, r.checksum);
    });
    if (edited.length > 0) {
      throw new Error(
        `Applied migration(s) were modified after they were applied: ${edited.map((r) => r.migration_name).join(", ")}. ` +
          `Their migration.sql no longer matches the checksum recorded in ${MIGRATIONS_TABLE}. ` +
          `Restore the committed file(s); schema changes go in a new migration.`,
      );
    }

    const done = new Set(live.map((r) => r.migration_name));
    const applied = [];
    for (const m of committed) {
      if (done.has(m.name)) continue;
      log(`applying migration ${m.name}`);
      const id = randomUUID();
      try {
        await client.query("BEGIN");
        await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (id, checksum, started_at, migration_name) VALUES ($1, $2, clock_timestamp(), $3)`, [
          id,
          m.checksum,
          m.name,
        ]);
        await client.query(m.script); // one simple-protocol query, like the engine's raw_cmd
        await client.query(`UPDATE ${MIGRATIONS_TABLE} SET applied_steps_count = applied_steps_count + 1 WHERE id = $1`, [id]);
        await client.query(`UPDATE ${MIGRATIONS_TABLE} SET finished_at = clock_timestamp() WHERE id = $1`, [id]);
        await client.query("COMMIT");
      } catch (e) {
        await client.query("ROLLBACK").catch(() => {});
        const reason = formatDbError(e);
        // Leave the trace Prisma leaves (a row with logs and no finished_at), so that
        // `prisma migrate status` shows the failure and later runs stop until it is resolved.
        // The migration's own changes were rolled back with the transaction.
        await client
          .query(`INSERT INTO ${MIGRATIONS_TABLE} (id, checksum, started_at, migration_name, logs) VALUES ($1, $2, clock_timestamp(), $3, $4)`, [
            id,
            m.checksum,
            m.name,
            reason,
          ])
          .catch(() => {});
        throw new Error(
          `Migration ${m.name} failed to apply (Prisma error P3018); its changes were rolled back.\n${reason}\n` +
            `After fixing it, run \`npm run prisma -- migrate resolve --rolled-back ${m.name}\` and start again.`,
        );
      }
      applied.push(m.name);
    }
    return { applied };
  } finally {
    if (locked) await client.query(`SELECT pg_advisory_unlock(${PRISMA_ADVISORY_LOCK_KEY})`).catch(() => {});
    await client.end().catch(() => {});
  }
}

function formatDbError(e) {
  const parts = [];
  if (e?.code) parts.push(`Database error code: ${e.code}`);
  parts.push(`Database error:\n${e?.message ?? String(e)}`);
  if (e?.position) parts.push(`Position: ${e.position}`);
  if (e?.detail) parts.push(`DETAIL: ${e.detail}`);
  if (e?.hint) parts.push(`HINT: ${e.hint}`);
  return parts.join("\n");
}
