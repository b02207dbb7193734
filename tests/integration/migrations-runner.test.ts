// The plain migration runner (scripts/lib/migrations.mjs) against a real PostgreSQL, with a
// tiny migrations folder of its own (independent of the real schema).
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { applyMigrations, checksumMatches, migrationChecksum, pendingMigrations } from "../../scripts/lib/migrations.mjs";

// The integration project's global setup provides its server; run alone, use TEST_DATABASE_URL
// or the local server.
const adminUrl = (inject("adminDatabaseUrl") as string | undefined) ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const dbName = `migrations_runner_${randomBytes(4).toString("hex")}`;
const url = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const INIT = `-- CreateEnum
CREATE TYPE "Color" AS ENUM ('RED', 'GREEN');

-- CreateTable
CREATE TABLE "Thing" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL DEFAULT 'a;b',
    "color" "Color" NOT NULL DEFAULT 'RED',

    CONSTRAINT "Thing_pkey" PRIMARY KEY ("id")
);
`;
const SECOND = `-- AlterTable
ALTER TABLE "Thing" ADD COLUMN "note" TEXT;

-- CreateIndex
CREATE INDEX "Thing_name_idx" ON "Thing"("name");
`;

let migrationsDir = "";

async function admin<T>(fn: (c: pg.Client) => Promise<T>, connectionString = adminUrl): Promise<T> {
  const c = new pg.Client({ connectionString });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

function writeMigration(name: string, sql: string) {
  mkdirSync(path.join(migrationsDir, name), { recursive: true });
  writeFileSync(path.join(migrationsDir, name, "migration.sql"), sql);
}

beforeAll(async () => {
  migrationsDir = mkdtempSync(path.join(os.tmpdir(), "migrations-runner-"));
  writeFileSync(path.join(migrationsDir, "migration_lock.toml"), 'provider = "postgresql"\n');
  writeMigration("20260101000000_init", INIT);
  writeMigration("20260102000000_second", SECOND);
  await admin((c) => c.query(`CREATE DATABASE "${dbName}"`));
});

afterAll(async () => {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`));
  if (migrationsDir) rmSync(migrationsDir, { recursive: true, force: true });
});

describe("applyMigrations", () => {
  it("reports every committed migration as pending on an empty database", async () => {
    expect(await pendingMigrations(url, { migrationsDir })).toEqual(["20260101000000_init", "20260102000000_second"]);
  });

  it("applies the migrations in order, then nothing the second time", async () => {
    const first = await applyMigrations(url, { migrationsDir });
    expect(first.applied).toEqual(["20260101000000_init", "20260102000000_second"]);

    const second = await applyMigrations(url, { migrationsDir });
    expect(second.applied).toEqual([]);
    expect(await pendingMigrations(url, { migrationsDir })).toEqual([]);

    await admin(async (c) => {
      const { rows } = await c.query(`INSERT INTO "Thing" DEFAULT VALUES RETURNING name, color, note`);
      expect(rows[0]).toEqual({ name: "a;b", color: "RED", note: null });
    }, url);
  });

  it("records them in _prisma_migrations as prisma migrate deploy does", async () => {
    await admin(async (c) => {
      const columns = await c.query(
        `SELECT column_name, data_type, character_maximum_length, is_nullable
           FROM information_schema.columns WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
      );
      expect(columns.rows.map((r) => [r.column_name, r.data_type, r.character_maximum_length, r.is_nullable])).toEqual([
        ["id", "character varying", 36, "NO"],
        ["checksum", "character varying", 64, "NO"],
        ["finished_at", "timestamp with time zone", null, "YES"],
        ["migration_name", "character varying", 255, "NO"],
        ["logs", "text", null, "YES"],
        ["rolled_back_at", "timestamp with time zone", null, "YES"],
        ["started_at", "timestamp with time zone", null, "NO"],
        ["applied_steps_count", "integer", null, "NO"],
      ]);

      const { rows } = await c.query(`SELECT * FROM _prisma_migrations ORDER BY started_at`);
      expect(rows).toHaveLength(2);
      const expected = [
        ["20260101000000_init", INIT],
        ["20260102000000_second", SECOND],
      ] as const;
      rows.forEach((row, i) => {
        const [name, sql] = expected[i]!;
        expect(row.migration_name).toBe(name);
        expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(row.checksum).toBe(migrationChecksum(sql));
        expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
        expect(row.finished_at).toBeInstanceOf(Date);
        expect(row.finished_at.getTime()).toBeGreaterThanOrEqual(row.started_at.getTime());
        expect(row.logs).toBeNull();
        expect(row.rolled_back_at).toBeNull();
        expect(row.applied_steps_count).toBe(1);
      });
    }, url);
  });

  it("uses Prisma's checksum: sha256 hex of the file, line-ending agnostic", () => {
    expect(migrationChecksum("hello")).toBe("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
    expect(checksumMatches("a\r\nb\r\n", migrationChecksum("a\nb\n"))).toBe(true);
    expect(checksumMatches("abc\n", migrationChecksum("abc"))).toBe(false);
  });

  it("applies a new migration added later and only that one", async () => {
    writeMigration("20260103000000_third", `ALTER TABLE "Thing" ADD COLUMN "size" INTEGER;\n`);
    expect(await pendingMigrations(url, { migrationsDir })).toEqual(["20260103000000_third"]);
    const logged: string[] = [];
    const { applied } = await applyMigrations(url, { migrationsDir, log: (m) => logged.push(m) });
    expect(applied).toEqual(["20260103000000_third"]);
    expect(logged.join("\n")).toContain("20260103000000_third");
  });

  it("lets only one of two concurrent runs apply a migration", async () => {
    writeMigration("20260104000000_fourth", `CREATE TABLE "Other" ("id" SERIAL PRIMARY KEY);\n`);
    const results = await Promise.all([applyMigrations(url, { migrationsDir }), applyMigrations(url, { migrationsDir })]);
    expect(results.map((r) => r.applied).sort()).toEqual([[], ["20260104000000_fourth"]]);
  });

  it("refuses when an applied migration's file was changed", async () => {
    writeMigration("20260102000000_second", SECOND + "-- edited afterwards\n");
    await expect(applyMigrations(url, { migrationsDir })).rejects.toThrow(/modified after they were applied: 20260102000000_second/);
    writeMigration("20260102000000_second", SECOND);
    expect((await applyMigrations(url, { migrationsDir })).applied).toEqual([]);
  });

  it("refuses when the recorded checksum was tampered with", async () => {
    await admin((c) => c.query(`UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = '20260101000000_init'`, ["0".repeat(64)]), url);
    await expect(applyMigrations(url, { migrationsDir })).rejects.toThrow(/checksum/);
    await admin((c) => c.query(`UPDATE _prisma_migrations SET checksum = $1 WHERE migration_name = '20260101000000_init'`, [migrationChecksum(INIT)]), url);
  });

  it("rolls back a failing migration, records the failure and refuses until it is resolved", async () => {
    writeMigration("20260105000000_bad", `CREATE TABLE "Partial" ("id" INTEGER);\nALTER TABLE "Missing" ADD COLUMN "x" INTEGER;\n`);
    await expect(applyMigrations(url, { migrationsDir })).rejects.toThrow(/20260105000000_bad failed to apply/);

    await admin(async (c) => {
      const partial = await c.query(`SELECT to_regclass('"Partial"') AS t`);
      expect(partial.rows[0].t).toBeNull();
      const { rows } = await c.query(`SELECT * FROM _prisma_migrations WHERE migration_name = '20260105000000_bad'`);
      expect(rows).toHaveLength(1);
      expect(rows[0].finished_at).toBeNull();
      expect(rows[0].applied_steps_count).toBe(0);
      expect(rows[0].logs).toMatch(/"Missing" does not exist/);
    }, url);

    await expect(applyMigrations(url, { migrationsDir })).rejects.toThrow(/failed migrations.*P3009/s);
    expect(await pendingMigrations(url, { migrationsDir })).toEqual(["20260105000000_bad"]);

    // What `prisma migrate resolve --rolled-back` does, then a fixed migration applies.
    await admin((c) => c.query(`UPDATE _prisma_migrations SET rolled_back_at = now() WHERE migration_name = '20260105000000_bad'`), url);
    writeMigration("20260105000000_bad", `CREATE TABLE "Partial" ("id" INTEGER);\n`);
    expect((await applyMigrations(url, { migrationsDir })).applied).toEqual(["20260105000000_bad"]);
    expect(await pendingMigrations(url, { migrationsDir })).toEqual([]);
  });

  it("refuses a non-empty database that has no migrations table (P3005)", async () => {
    const other = `${dbName}_nonempty`;
    const otherUrl = url.replace(`/${dbName}`, `/${other}`);
    await admin((c) => c.query(`CREATE DATABASE "${other}"`));
    try {
      await admin((c) => c.query(`CREATE TABLE legacy (id INTEGER)`), otherUrl);
      await expect(applyMigrations(otherUrl, { migrationsDir })).rejects.toThrow(/P3005/);
    } finally {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS "${other}" WITH (FORCE)`));
    }
  });
});
