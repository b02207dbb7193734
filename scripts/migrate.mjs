#!/usr/bin/env node
// `npm run db:migrate`: applies the committed migrations (prisma/migrations) to DATABASE_URL
// and records them the way `prisma migrate deploy` does. Needs no Prisma engine.
//   DATABASE_URL=postgresql://user:pass@host:5432/db npm run db:migrate
import { existsSync } from "node:fs";
import { installJobQueueSchema } from "./lib/job-queue-schema.mjs";
import { applyMigrations } from "./lib/migrations.mjs";

if (!process.env.DATABASE_URL && existsSync(".env")) process.loadEnvFile(".env");
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("db:migrate: DATABASE_URL is not set (e.g. DATABASE_URL=postgresql://user:pass@host:5432/db).");
  process.exit(1);
}

try {
  const { applied } = await applyMigrations(url, { log: (m) => console.log(`db:migrate: ${m}`) });
  console.log(
    applied.length
      ? `db:migrate: applied ${applied.length} migration(s): ${applied.join(", ")}`
      : "db:migrate: no pending migrations; the database schema is up to date.",
  );
  // The job queue's own tables (graphile_worker schema): web processes queue jobs into them.
  await installJobQueueSchema(url);
} catch (e) {
  console.error(`db:migrate: ${e.message}`);
  process.exit(1);
}
