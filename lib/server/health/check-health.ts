import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { db } from "../db";

export type Health = { status: "ok" | "unavailable"; database: "up" | "down"; migrations: "current" | "pending" | "unknown"; pending?: string[] };

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

async function committedMigrations(): Promise<string[]> {
  const entries = await readdir(MIGRATIONS_DIR, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/** Database reachable and every committed migration applied. */
export async function checkHealth(): Promise<Health> {
  let applied: string[];
  try {
    const rows = await db.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
    applied = rows.map((r) => r.migration_name);
  } catch {
    return { status: "unavailable", database: "down", migrations: "unknown" };
  }
  let committed: string[];
  try {
    committed = await committedMigrations();
  } catch {
    return { status: "ok", database: "up", migrations: "unknown" };
  }
  const done = new Set(applied);
  const pending = committed.filter((m) => !done.has(m));
  return pending.length ? { status: "unavailable", database: "up", migrations: "pending", pending } : { status: "ok", database: "up", migrations: "current" };
}
