// `npm start` runs this once before serving, in one process: the configuration is validated by
// the app's own zod schema (a bad variable stops the start, named), pending migrations are
// applied (ours and the job queue's), and in local mode the demo data is seeded when missing.
import { parseEnv } from "../lib/server/env";
import { runDemoSeed } from "../prisma/seed";
import { installJobQueueSchema } from "./lib/job-queue-schema.mjs";
import { applyMigrations } from "./lib/migrations.mjs";

async function main() {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (e) {
    console.error(`[start] ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
  console.log(`[start] configuration ok (${env.APP_MODE} mode)`);
  const { applied } = await applyMigrations(env.DATABASE_URL);
  console.log(applied.length ? `[start] applied migrations: ${applied.join(", ")}` : "[start] database schema is up to date");
  await installJobQueueSchema(env.DATABASE_URL);
  if (env.isLocal) await runDemoSeed(env.DATABASE_URL, env.APP_MODE);
}

main().catch((e) => {
  console.error(`[start] ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
