import "server-only";
import { db } from "../../db";

/** The names of the migrations Prisma finished applying (and did not roll back). */
export async function selectAppliedMigrations(): Promise<string[]> {
  const rows = await db.$queryRaw<{ migration_name: string }[]>`
      SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  return rows.map((r) => r.migration_name);
}
