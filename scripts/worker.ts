// `npm run worker`: runs background jobs (lib/server/jobs) in a process of its own, for
// deployments whose web processes set JOBS_WORKER=false. Any number may run side by side.
// Uses DATABASE_URL (or .env, or the embedded database of a running `npm start`).
// SIGTERM/SIGINT: takes no new jobs, lets running ones finish (docs/jobs.md), then exits.
import { existsSync, readFileSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");
const runtime = `${process.env.DATA_DIR || ".data"}/runtime.json`;
if (!process.env.DATABASE_URL && existsSync(runtime)) {
  process.env.DATABASE_URL = JSON.parse(readFileSync(runtime, "utf8")).DATABASE_URL;
}

const { getEnv } = await import("../lib/server/env");
const { startJobRunner, stopJobRunner } = await import("../lib/server/worker/runner");

try {
  getEnv();
} catch (e) {
  console.error(`[worker] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}

const runner = await startJobRunner();
console.log(`[worker] running jobs (concurrency ${getEnv().JOBS_CONCURRENCY}); Ctrl-C stops`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`[worker] ${signal}: finishing running jobs…`);
    void stopJobRunner().finally(async () => {
      const g = globalThis as unknown as { prisma?: { $disconnect(): Promise<void> } };
      await g.prisma?.$disconnect();
      process.exit(0);
    });
  });
}

// The runner only ends on its own after a fatal error (e.g. lost database): exit non-zero so a supervisor restarts it.
runner.promise.then(
  () => !stopping && process.exit(1),
  (e: unknown) => {
    console.error(`[worker] stopped: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
