// A PostgreSQL server that the installed pg_dump can dump, for the backup tests. pg_dump refuses
// a server of a newer major version than its own, and the embedded test server (PostgreSQL 18)
// is newer than Debian's client (15): then a throwaway cluster is started from Debian's server
// binaries of the client's major (/usr/lib/postgresql/<major>/bin, package postgresql-<major>;
// .ci/run installs it). With TEST_DATABASE_URL on a server pg_dump can dump, that server is used.
import { execFile } from "node:child_process";
import { chown, mkdtemp, readFile, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "../../scripts/lib/embedded-db.mjs";
import { findPgTool } from "../../scripts/lib/backup";

const run = promisify(execFile);

/** The major version of pg_dump as found by the admin command (PG_BIN_DIR or PATH). */
export async function pgDumpMajor(): Promise<number> {
  const { stdout } = await run(findPgTool("pg_dump"), ["--version"]);
  const m = /\)\s*(\d+)/.exec(stdout);
  if (!m) throw new Error(`Cannot read pg_dump's version from: ${stdout}`);
  return Number(m[1]);
}

export async function serverMajor(adminUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } finally {
    await client.end();
  }
}

/** uid/gid of the `postgres` user: PostgreSQL never runs as root. */
async function postgresUser(): Promise<{ uid: number; gid: number } | null> {
  const line = (await readFile("/etc/passwd", "utf8")).split("\n").find((l) => l.startsWith("postgres:"));
  const [, , uid, gid] = line?.split(":") ?? [];
  return uid ? { uid: Number(uid), gid: Number(gid) } : null;
}

export type DumpServer = { adminUrl: string; stop: () => Promise<void>; description: string };

export async function serverForPgDump(testAdminUrl: string): Promise<DumpServer> {
  const [client, server] = await Promise.all([pgDumpMajor(), serverMajor(testAdminUrl)]);
  if (client >= server) return { adminUrl: testAdminUrl, stop: async () => {}, description: `the test server (PostgreSQL ${server}, pg_dump ${client})` };

  const bin = `/usr/lib/postgresql/${client}/bin`;
  if (!existsSync(path.join(bin, "initdb"))) {
    throw new Error(
      `pg_dump ${client} cannot dump the test server (PostgreSQL ${server}), and there is no PostgreSQL ${client} server in ${bin} to start one it can: ` +
        `install Debian's postgresql-${client} (as .ci/run does), or set TEST_DATABASE_URL to a server of version ${client} or older.`,
    );
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), "gs-backup-pg-"));
  const data = path.join(dir, "data");
  let ids: { uid: number; gid: number } | null = null;
  if (process.getuid?.() === 0) {
    ids = await postgresUser();
    if (!ids) throw new Error("Running as root, and there is no postgres user to run the throwaway PostgreSQL server as.");
    await chown(dir, ids.uid, ids.gid);
  }
  const as = { cwd: dir, ...(ids ?? {}) };
  const port = await freePort();
  await run(path.join(bin, "initdb"), ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "-N"], as);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  await run(path.join(bin, "pg_ctl"), ["-D", data, "-l", path.join(dir, "server.log"), "-w", "-t", "60", "-o", options, "start"], as);
  return {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    description: `a throwaway PostgreSQL ${client} server (the test server is ${server}, newer than pg_dump ${client})`,
    stop: async () => {
      await run(path.join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"], as).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
