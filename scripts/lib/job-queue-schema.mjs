// Installs or upgrades graphile-worker's own schema (graphile_worker) in a database. Runs at
// start (scripts/prepare.ts), in `npm run db:migrate` and for test databases, so anything may
// queue a job (graphile_worker.add_job) before a job runner has ever started. Idempotent, and
// safe when several processes run it at once (graphile-worker takes a lock).
import { Logger, runMigrations } from "graphile-worker";

// Only its errors are worth showing here.
const quiet = new Logger(() => (level, message) => {
  if (level === "error") console.error(`[jobs] ${message}`);
});

/** @param {string} databaseUrl */
export async function installJobQueueSchema(databaseUrl) {
  await runMigrations({ connectionString: databaseUrl, logger: quiet });
}
