// Creates throwaway databases for tests: on TEST_DATABASE_URL's server when set, otherwise
// on an embedded PostgreSQL started for the run. Shared by vitest and the npm test runner.
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort, startEmbeddedPostgres } from "../../scripts/lib/embedded-db.mjs";
import { installJobQueueSchema } from "../../scripts/lib/job-queue-schema.mjs";
import { applyMigrations } from "../../scripts/lib/migrations.mjs";

/** Starts (or reuses) a server; returns an admin URL for its `postgres` database. */
export async function startTestServer() {
  if (process.env.TEST_DATABASE_URL) {
    return { adminUrl: process.env.TEST_DATABASE_URL, stop: async () => {} };
  }
  const port = await freePort();
  const dir = path.join(os.tmpdir(), `gs-test-pg-${process.pid}-${randomBytes(3).toString("hex")}`);
  const server = await startEmbeddedPostgres({ dir, port, database: "postgres", persistent: false });
  return { adminUrl: server.adminUrl, stop: server.stop };
}

/**
 * A database copied from `template` (CREATE DATABASE … TEMPLATE): migrated and with the job
 * queue already, in a fraction of the time migrating takes. The template must have no open
 * connections while it is copied.
 */
export async function cloneTestDatabase(adminUrl, template, { prefix = "test" } = {}) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Two copies starting at the same moment can find the template busy: try again shortly.
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        break;
      } catch (e) {
        if (attempt >= 20 || !/being accessed by other users/.test(String(e))) throw e;
        await new Promise((r) => setTimeout(r, 100 * attempt));
      }
    }
  } finally {
    await client.end();
  }
  return { name, url: withDatabase(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}

async function dropDatabase(adminUrl, name) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await c.end();
  }
}

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates an empty database with a unique name; `migrate` applies the committed migrations and installs the job queue. */
export async function createTestDatabase(adminUrl, { prefix = "test", migrate = true } = {}) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = withDatabase(adminUrl, name);
  if (migrate) {
    await applyMigrations(url);
    await installJobQueueSchema(url);
  }
  return { name, url, drop: () => dropDatabase(adminUrl, name) };
}
