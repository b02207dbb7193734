import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { selectAppliedMigrations } from "./sql/migrations";

export type Health = { status: "ok" | "unavailable"; database: "up" | "down"; migrations: "current" | "pending" | "unknown"; pending?: string[] };

const MIGRATIONS_DIR = path.join(process.cwd(), "prisma", "migrations");

// The committed migrations do not change while the process runs: read the folder once.
let committed: Promise<string[]> | undefined;
function committedMigrations(): Promise<string[]> {
  committed ??= readdir(MIGRATIONS_DIR, { withFileTypes: true }).then((entries) =>
    entries
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort(),
  );
  committed.catch(() => (committed = undefined));
  return committed;
}

/** Database reachable and every committed migration applied. */
export async function checkHealth(): Promise<Health> {
  let applied: string[];
  try {
    applied = await selectAppliedMigrations();
  } catch {
    return { status: "unavailable", database: "down", migrations: "unknown" };
  }
  let names: string[];
  try {
    names = await committedMigrations();
  } catch {
    return { status: "ok", database: "up", migrations: "unknown" };
  }
  const done = new Set(applied);
  const pending = names.filter((m) => !done.has(m));
  return pending.length ? { status: "unavailable", database: "up", migrations: "pending", pending } : { status: "ok", database: "up", migrations: "current" };
}
