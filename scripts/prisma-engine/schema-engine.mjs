#!/usr/bin/env node
// A stand-in for Prisma's native `schema-engine` binary, which the Prisma CLI
// downloads on first use (impossible offline). It hosts the WebAssembly build
// of the same engine (`@prisma/schema-engine-wasm`, pinned in package.json),
// talks to PostgreSQL through `@prisma/adapter-pg`, and speaks the native
// binary's protocol to the CLI:
//
//   schema-engine [--datamodels FILE]... [--datasource JSON]   JSON-RPC over stdio
//   schema-engine --datasource JSON cli can-connect-to-database|create-database|drop-database
//   schema-engine --version
//
// `scripts/prisma.mjs` points PRISMA_SCHEMA_ENGINE_BINARY here. Only PostgreSQL
// is supported (that is all this project uses).
//
// The pin is the nearest published build of the CLI's engine, not the exact one:
// prisma 7.10.1 names engine 8.1.0-1.d1b3f377…, which has no WebAssembly package
// on the npm registry; the pinned 8.1.0-2.59be4fda… is a later build of the same
// engine (docs/database.md, "Caveats", says when to pin them together again).
//
// Pitfalls handled (docs/database.md explains why this host exists):
//  1. the one-shot `cli ...` form must do its job and exit, or the CLI hangs;
//  2. adapter-pg has no mapping for Postgres' internal "char" type (OID 18) and a
//     few other catalog types the engine's introspection reads: we map them to text;
//  3. adapter-pg's connectToShadowDb() keeps the main database when configured from
//     a connection string: we build the shadow pool from separate fields;
//  4. the shadow database is dropped after its pool is closed, WITH (FORCE);
//  5. after applyMigrations has applied something, evaluateDataLoss fails ("shadow DB
//     must be provided through an external factory") unless devDiagnostic runs
//     first: we run it again before evaluateDataLoss when needed;
//  6. a crash never ends in a silent exit 0: errors go to stderr as the CLI expects
//     them and the process exits non-zero while a request is unanswered.

import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import { pathToFileURL } from "node:url";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";

const require = createRequire(import.meta.url);

// ---------------------------------------------------------------- arguments

function parseArgs(argv) {
  const out = { datamodels: [], datasource: null, cli: null, version: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) fatal(`missing value after ${a}`);
      return argv[++i];
    };
    if (a === "--datamodels") out.datamodels.push(next());
    else if (a === "--datasource") out.datasource = JSON.parse(next());
    else if (a === "--enabled-preview-features") next();
    else if (a === "--extension-types")
      next(); // Postgres extension types: not needed here
    else if (a === "--version" || a === "-V" || a === "-v") out.version = true;
    else if (a === "--help" || a === "-h") out.help = true;
    else if (a === "cli") {
      out.cli = argv[++i];
      if (!out.cli) fatal("missing subcommand after `cli`");
    } else fatal(`unknown argument: ${a}`);
  }
  return out;
}

// ---------------------------------------------------------------- logging
// The CLI reads the engine's stderr as JSON lines (tracing format); lines
// that are not JSON are ignored in RPC mode.

function logLine(level, message, extra = {}) {
  const line = {
    timestamp: new Date().toISOString(),
    level,
    fields: { message, ...extra },
    target: "schema_engine::logger",
  };
  try {
    fs.writeSync(2, JSON.stringify(line) + "\n");
  } catch {
    // stderr closed: nothing more we can do
  }
}

function fatal(message, code = 1) {
  logLine("ERROR", message);
  process.exit(code);
}

// ---------------------------------------------------------------- the wasm engine

let wasmGlue = null;

async function loadWasmEngine() {
  if (wasmGlue) return wasmGlue;
  // The package's own entry uses `import * as wasm from "./x.wasm"` (needs
  // --experimental-wasm-modules on Node 20): instantiate the module by hand.
  const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasmPath = path.join(path.dirname(gluePath), "schema_engine_bg.wasm");
  globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
    message: "",
    set_message(m) {
      this.message = `RuntimeError: ${m}`;
    },
  };
  const glue = await import(pathToFileURL(gluePath).href);
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(wasmPath), {
    "./schema_engine_bg.js": glue,
  });
  glue.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  wasmGlue = glue;
  return glue;
}

// ---------------------------------------------------------------- postgres

// driver-adapter-utils and pg-connection-string come with adapter-pg and pg:
// load the copies those packages use.
const adapterPgRequire = createRequire(require.resolve("@prisma/adapter-pg"));
const { bindMigrationAwareSqlAdapterFactory, ColumnTypeEnum } = adapterPgRequire("@prisma/driver-adapter-utils");
const pgRequire = createRequire(require.resolve("pg"));
const { parse: parsePgUrl } = pgRequire("pg-connection-string");

/** Separate connection fields from a URL, so that `database` can be overridden. */
function pgConfig(url) {
  if (!url) {
    throw userError("P1012", "No database URL: set DATABASE_URL (prisma.config.ts reads it) for this command.");
  }
  if (!/^postgres(ql)?:\/\//i.test(url)) {
    throw userError("P1013", "The provided database string is invalid. Only postgresql:// URLs are supported here.");
  }
  const parsed = parsePgUrl(url);
  const cfg = {
    host: parsed.host || undefined,
    port: parsed.port ? Number(parsed.port) : undefined,
    user: parsed.user || undefined,
    password: parsed.password,
    database: parsed.database || undefined,
    ssl: parsed.ssl,
    application_name: parsed.application_name || "prisma-schema-engine-wasm",
    options: parsed.options,
  };
  const schema = parsed.schema || undefined;
  if (schema) {
    // Prisma's `?schema=`: like the native engine, make it the connection's search_path
    // (unqualified names in migration scripts land there).
    const value = `"${schema.replace(/"/g, '""')}"`.replace(/([\\ ])/g, "\\$1");
    cfg.options = `${cfg.options ? `${cfg.options} ` : ""}-c search_path=${value}`;
  }
  for (const k of Object.keys(cfg)) if (cfg[k] === undefined) delete cfg[k];
  return { cfg, schema };
}

function describe(cfg) {
  return { host: cfg.host ?? "localhost", port: cfg.port ?? 5432, database: cfg.database ?? cfg.user ?? "postgres" };
}

function quoteIdent(name) {
  return `"${String(name).replace(/"/g, '""')}"`;
}

// Catalog types the engine reads that adapter-pg 7.10 cannot map; their text
// form is what the engine expects.
const TEXT_OID = 25;
const TEXT_ARRAY_OID = 1009;
const REMAP_OIDS = new Map([
  [18, TEXT_OID], // "char" (pg_class.relkind, pg_constraint.contype, ...)
  [194, TEXT_OID], // pg_node_tree
  [24, TEXT_OID], // regproc
  [2202, TEXT_OID], // regprocedure
  [2203, TEXT_OID], // regoper
  [2204, TEXT_OID], // regoperator
  [2205, TEXT_OID], // regclass
  [2206, TEXT_OID], // regtype
  [4089, TEXT_OID], // regnamespace
  [4096, TEXT_OID], // regrole
  [4191, TEXT_OID], // regcollation
  [1003, TEXT_ARRAY_OID], // name[]
]);

function patchQueryable(q) {
  const performIO = q.performIO.bind(q);
  q.performIO = async (query) => {
    const result = await performIO(query);
    for (const field of result?.fields ?? []) {
      const to = REMAP_OIDS.get(field.dataTypeID);
      if (to !== undefined) field.dataTypeID = to;
    }
    return result;
  };
  if (typeof q.executeScript === "function") {
    // adapter-pg splits scripts on ";" (breaks on semicolons inside strings,
    // comments or function bodies). The native engine sends the script as one
    // simple-protocol query; do the same.
    q.executeScript = async (script) => {
      try {
        await q.client.query(script);
      } catch (e) {
        q.onError(e);
      }
    };
  }
  if (typeof q.startTransaction === "function") {
    const start = q.startTransaction.bind(q);
    q.startTransaction = async (...args) => patchQueryable(await start(...args));
  }
  return q;
}

const liveShadowDbs = new Set();

class PgAdapterFactory {
  provider = "postgres";
  adapterName = "@prisma/adapter-pg";

  constructor(datasource) {
    this.url = datasource?.url;
    this.shadowUrl = datasource?.shadowDatabaseUrl;
  }

  async connect() {
    if (!this.url) return unconnectedAdapter(); // e.g. `migrate diff --from-empty --to-schema`
    const { cfg, schema } = pgConfig(this.url);
    const adapter = await new PrismaPg(cfg, schema ? { schema } : undefined).connect();
    return patchQueryable(adapter);
  }

  async connectToShadowDb() {
    if (this.shadowUrl) return this.connectToConfiguredShadowDb();
    const { cfg, schema } = pgConfig(this.url);
    const admin = new pg.Pool({ ...cfg, max: 1 });
    const database = `prisma_migrate_shadow_db_${randomUUID()}`;
    try {
      await admin.query(`CREATE DATABASE ${quoteIdent(database)}`);
    } catch (e) {
      await admin.end().catch(() => {});
      throw e;
    }
    const drop = async () => {
      try {
        await dropDatabase(admin, database);
      } finally {
        liveShadowDbs.delete(drop);
        await admin.end().catch(() => {});
      }
    };
    liveShadowDbs.add(drop);
    // Separate fields (not a connection string), so the pool really targets the shadow DB.
    const shadow = await new PrismaPg({ ...cfg, database }, schema ? { schema } : undefined).connect();
    const dispose = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      try {
        await dispose(); // close the shadow pool first ...
      } finally {
        await drop(); // ... then drop the database
      }
    };
    return patchQueryable(shadow);
  }

  // An explicitly configured shadow database (shadowDatabaseUrl): like the native
  // engine, use it as is after emptying it.
  async connectToConfiguredShadowDb() {
    const { cfg } = pgConfig(this.shadowUrl);
    const { cfg: main, schema } = pgConfig(this.url);
    const a = describe(cfg);
    const b = describe(main);
    if (a.host === b.host && a.port === b.port && a.database === b.database) {
      throw userError("P3014", "The shadow database you configured appears to be the same as the main database.");
    }
    const shadow = patchQueryable(await new PrismaPg(cfg, schema ? { schema } : undefined).connect());
    const { rows } = await shadow.client.query(`SELECT nspname FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`);
    for (const { nspname } of rows) await shadow.client.query(`DROP SCHEMA ${quoteIdent(nspname)} CASCADE`);
    await shadow.client.query(`CREATE SCHEMA IF NOT EXISTS public`);
    return shadow;
  }
}

/**
 * Stands in when no URL is configured (`migrate diff --from-empty --to-schema ...`).
 * The wasm engine always asks the server about itself first; answer that one
 * query as a PostgreSQL 15 server would, refuse anything that needs a database.
 */
const ASSUMED_SERVER = { version: "PostgreSQL 15.0 (assumed: no database URL configured)", num: 150000 };
function unconnectedAdapter() {
  const fail = async () => {
    pgConfig(undefined); // throws the "no database URL" error
  };
  return {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    async queryRaw(query) {
      if (/^SELECT EXISTS\(SELECT 1 FROM pg_namespace WHERE nspname = \$1\), version\(\)/.test(query.sql)) {
        return {
          columnNames: ["exists", "version", "numeric_version"],
          columnTypes: [ColumnTypeEnum.Boolean, ColumnTypeEnum.Text, ColumnTypeEnum.Int32],
          rows: [[true, ASSUMED_SERVER.version, ASSUMED_SERVER.num]],
        };
      }
      return fail();
    },
    executeRaw: fail,
    executeScript: fail,
    startTransaction: fail,
    getConnectionInfo: () => ({ supportsRelationJoins: true }),
    dispose: async () => {},
  };
}

async function dropDatabase(client, database) {
  try {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)} WITH (FORCE)`);
  } catch (e) {
    if (e?.code !== "42601") throw e; // syntax error: server older than PostgreSQL 13
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(database)}`);
  }
}

// ---------------------------------------------------------------- errors

function userError(code, message, meta) {
  const e = new Error(message);
  e.code = code;
  e.meta = meta;
  e.isUserError = true;
  return e;
}

/** Map a node-postgres / network error to Prisma's user-facing error codes. */
function pgUserError(e, cfg) {
  const { host, port, database } = describe(cfg ?? {});
  const where = `${host}:${port}`;
  switch (e?.code) {
    case "3D000":
      return userError("P1003", `Database \`${database}\` does not exist on the database server at \`${where}\`.`, {
        database_name: database,
        database_host: host,
        database_port: port,
      });
    case "28P01":
    case "28000":
      return userError(
        "P1000",
        `Authentication failed against database server at \`${host}\`, the provided database credentials for \`${cfg?.user ?? ""}\` are not valid.`,
      );
    case "42P04":
      return userError("P1009", `Database \`${database}\` already exists on the database server at \`${where}\``);
    case "ECONNREFUSED":
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
      return userError("P1001", `Can't reach database server at \`${where}\`\n\nPlease make sure your database server is running at \`${where}\`.`);
    default:
      return null;
  }
}

function isWasmPanic(e) {
  return e?.name === "RuntimeError" || e instanceof WebAssembly.RuntimeError;
}

/** Turn anything thrown by the engine / adapter into the native JSON-RPC error object. */
function toRpcError(err, errorRegistry) {
  let e = err;
  // A JS error thrown inside an adapter call reaches us as "External error id#N":
  // the original is kept in the adapter factory's error registry.
  const external = /External error id#(\d+)/.exec(String(e?.message ?? ""));
  if (external && errorRegistry) {
    const entry = errorRegistry.consumeError(Number(external[1]));
    if (entry?.error) e = entry.error;
  }

  if (isWasmPanic(err)) {
    const msg = globalThis.PRISMA_WASM_PANIC_REGISTRY?.message || String(err?.message ?? err);
    return {
      code: 4466,
      message: "An error happened. Check the data field for details.",
      data: { is_panic: true, message: msg, error: { message: msg }, backtrace: err?.stack ?? "" },
    };
  }
  const mapped = e?.isUserError ? e : pgUserError(e, currentMainCfg());
  if (mapped || (typeof e?.code === "string" && /^P\d{4}$/.test(e.code))) {
    const u = mapped ?? e;
    return {
      code: 4466,
      message: "An error happened. Check the data field for details.",
      data: { is_panic: false, message: u.message, meta: u.meta ?? {}, error_code: u.code },
    };
  }
  let message = e?.message ?? String(e);
  if (e?.kind && !e.message) message = `${e.kind}: ${JSON.stringify(e)}`;
  if (e?.originalMessage) message = e.originalMessage;
  return {
    code: 4466,
    message: "An error happened. Check the data field for details.",
    data: { is_panic: false, message, backtrace: e?.stack ?? null },
  };
}

let mainDatasource = null;
function currentMainCfg() {
  try {
    return pgConfig(mainDatasource?.url).cfg;
  } catch {
    return {};
  }
}

// ---------------------------------------------------------------- one-shot `cli` commands

async function runCliCommand(command, datasource) {
  // The CLI reads stderr as: one ignored line, then JSON lines only.
  process.removeAllListeners("warning");
  logLine("INFO", `Starting schema engine CLI (wasm host): ${command}`);
  let cfg;
  try {
    cfg = pgConfig(datasource?.url).cfg;
    if (command === "can-connect-to-database") {
      const c = new pg.Client(cfg);
      try {
        await c.connect();
        await c.query("SELECT 1");
      } finally {
        await c.end().catch(() => {});
      }
    } else if (command === "create-database" || command === "drop-database") {
      const database = cfg.database ?? cfg.user;
      const admin = await connectToAdminDb(cfg);
      try {
        if (command === "create-database") await admin.query(`CREATE DATABASE ${quoteIdent(database)}`);
        else await dropDatabase(admin, database);
      } finally {
        await admin.end().catch(() => {});
      }
      process.stdout.write(
        command === "create-database" ? `Database '${database}' was successfully created.\n` : `The database '${database}' was successfully dropped.\n`,
      );
    } else {
      throw new Error(`Unknown cli subcommand: ${command}`);
    }
    return 0;
  } catch (err) {
    const u = err?.isUserError ? err : pgUserError(err, cfg);
    if (u) logLine("ERROR", u.message, { error_code: u.code });
    else logLine("ERROR", String(err?.message ?? err));
    return 1;
  }
}

/** A connection to a database other than the target one (to create/drop it). */
async function connectToAdminDb(cfg) {
  let lastError;
  for (const database of ["postgres", "template1"]) {
    if (database === cfg.database) continue;
    const c = new pg.Client({ ...cfg, database });
    try {
      await c.connect();
      return c;
    } catch (e) {
      lastError = e;
      await c.end().catch(() => {});
      if (e?.code !== "3D000") throw e;
    }
  }
  throw lastError;
}

// ---------------------------------------------------------------- JSON-RPC server

async function runRpcServer(args) {
  const glue = await loadWasmEngine();
  mainDatasource = args.datasource ?? {};
  const datamodels = args.datamodels.length ? args.datamodels.map((p) => [p, fs.readFileSync(p, "utf8")]) : undefined;
  const factory = bindMigrationAwareSqlAdapterFactory(new PgAdapterFactory(mainDatasource));
  const errorRegistry = factory.errorRegistry;
  let enginePromise = null;
  const engine = () => (enginePromise ??= glue.SchemaEngine.new({ datamodels }, (log) => logLine("INFO", String(log)), factory));

  const pending = new Map(); // id -> method (requests not answered yet)
  const awaitingClient = new Map(); // our own requests to the CLI (print)
  let nextOwnId = 1_000_000_000;
  let queue = Promise.resolve();

  const send = (msg) => {
    process.stdout.write(JSON.stringify(msg) + "\n");
  };

  // Ask the CLI to print text on its stdout (what the native engine does for `migrate diff`).
  const printViaClient = (content) =>
    new Promise((resolve) => {
      const id = nextOwnId++;
      awaitingClient.set(id, resolve);
      send({ jsonrpc: "2.0", method: "print", params: { content }, id });
    });

  const handlers = {
    async applyMigrations(p) {
      return (await engine()).applyMigrations(p);
    },
    async createMigration(p) {
      return (await engine()).createMigration(p);
    },
    async dbExecute(p) {
      await (await engine()).dbExecute(p);
      return null;
    },
    async debugPanic() {
      (await engine()).debugPanic();
      return null;
    },
    async devDiagnostic(p) {
      return (await engine()).devDiagnostic(p);
    },
    async diagnoseMigrationHistory(p) {
      return (await engine()).diagnoseMigrationHistory(p);
    },
    async ensureConnectionValidity(p) {
      await (await engine()).ensureConnectionValidity(p);
      return {};
    },
    async evaluateDataLoss(p) {
      const e = await engine();
      // Pitfall 5: once applyMigrations has applied something, the wasm engine
      // fails evaluateDataLoss with "PostgreSQL shadow DB must be provided
      // through an external factory" unless devDiagnostic runs again first.
      if (lastMethod !== "devDiagnostic") {
        await e.devDiagnostic({ migrationsList: p.migrationsList, filters: p.filters });
      }
      return e.evaluateDataLoss(p);
    },
    async getDatabaseVersion(p) {
      return (await engine()).version(p ?? undefined);
    },
    async version(p) {
      return (await engine()).version(p ?? undefined);
    },
    async introspect(p) {
      return (await engine()).introspect(p);
    },
    async introspectSql(p) {
      return (await engine()).introspectSql(p);
    },
    async diff(p) {
      const { stdout, ...rest } = await (await engine()).diff(p);
      if (stdout) await printViaClient(stdout.endsWith("\n") ? stdout.slice(0, -1) : stdout);
      return { ...rest, stdout: null };
    },
    async markMigrationApplied(p) {
      await (await engine()).markMigrationApplied(p);
      return {};
    },
    async markMigrationRolledBack(p) {
      await (await engine()).markMigrationRolledBack(p);
      return {};
    },
    async reset(p) {
      await (await engine()).reset(p ?? { filter: { externalTables: [], externalEnums: [] } });
      return {};
    },
    async schemaPush(p) {
      return (await engine()).schemaPush(p);
    },
    async createDatabase(p) {
      const url = p?.datasource?.url ?? mainDatasource.url;
      const { cfg } = pgConfig(url);
      const database = cfg.database ?? cfg.user;
      const admin = await connectToAdminDb(cfg);
      try {
        await admin.query(`CREATE DATABASE ${quoteIdent(database)}`);
      } catch (e) {
        throw pgUserError(e, cfg) ?? e;
      } finally {
        await admin.end().catch(() => {});
      }
      return { databaseName: database };
    },
  };

  let lastMethod = null;
  const handleRequest = async (msg) => {
    const { id, method, params } = msg;
    pending.set(id, method);
    try {
      const handler = Object.hasOwn(handlers, method) ? handlers[method] : null;
      if (!handler) {
        send({ jsonrpc: "2.0", id, error: { code: -32601, message: `Method not found: ${method}` } });
        return;
      }
      const result = await handler(params);
      send({ jsonrpc: "2.0", id, result: result === undefined ? null : result });
    } catch (err) {
      const error = toRpcError(err, errorRegistry);
      send({ jsonrpc: "2.0", id, error });
      if (error.data?.is_panic) {
        // A panicked wasm instance cannot be trusted further: exit like the native engine.
        logLine("ERROR", error.data.message, { is_panic: true });
        pending.delete(id);
        process.stdout.write("", () => process.exit(101));
        await new Promise(() => {}); // stop processing requests
      }
    } finally {
      pending.delete(id);
      lastMethod = method;
    }
  };

  const shutdown = async () => {
    await queue;
    if (enginePromise) {
      try {
        (await enginePromise).free();
      } catch {
        // already freed or failed to start
      }
    }
    cleanupAndExit(0);
  };

  // A guard for pitfall 6: never exit 0 while a request is unanswered.
  process.on("exit", (code) => {
    if (pending.size > 0 && code === 0) {
      logLine("ERROR", `schema engine (wasm host) exited with unanswered request(s): ${[...pending.values()].join(", ")}`);
      process.exitCode = 1;
    }
  });

  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on("line", (line) => {
    if (!line.trim()) return;
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      return;
    }
    if (msg.method === undefined && msg.id !== undefined && awaitingClient.has(msg.id)) {
      // The CLI's answer to one of our `print` requests.
      const resolve = awaitingClient.get(msg.id);
      awaitingClient.delete(msg.id);
      resolve(msg.result);
      return;
    }
    if (msg.id === undefined || msg.id === null) return; // a notification: nothing to answer
    // One request at a time, in order, like the native engine.
    queue = queue.then(() => handleRequest(msg));
  });
  rl.on("close", () => {
    // The CLI ends stdin when done: answer what is queued, clean up, exit 0.
    shutdown().catch((e) => fatal(`shutdown failed: ${e?.stack ?? e}`));
  });
}

// ---------------------------------------------------------------- main

/** Drop shadow databases still alive (bounded wait), then exit. */
let exiting = false;
function cleanupAndExit(code) {
  if (exiting) return;
  exiting = true;
  const drops = [...liveShadowDbs].map((drop) => drop().catch(() => {}));
  const limit = new Promise((resolve) => setTimeout(resolve, 5000).unref());
  Promise.race([Promise.all(drops), limit]).finally(() => process.exit(code));
}

function crash(err) {
  const message = isWasmPanic(err) ? globalThis.PRISMA_WASM_PANIC_REGISTRY?.message || String(err?.message ?? err) : String(err?.stack ?? err);
  logLine("ERROR", `schema engine (wasm host) crashed: ${message}`);
  process.exitCode = isWasmPanic(err) ? 101 : 1;
  cleanupAndExit(process.exitCode);
}
process.on("uncaughtException", crash);
process.on("unhandledRejection", crash);
// The CLI stops the engine by closing stdin and sending SIGTERM right away.
process.on("SIGTERM", () => cleanupAndExit(process.exitCode ?? 0));
process.on("SIGINT", () => cleanupAndExit(130));

const args = parseArgs(process.argv.slice(2));
if (args.help) {
  process.stdout.write(
    "schema-engine (wasm host)\n  --datamodels FILE  --datasource JSON  [cli can-connect-to-database|create-database|drop-database]  --version\n",
  );
  process.exit(0);
} else if (args.version) {
  const glue = await loadWasmEngine();
  process.stdout.write(`schema-engine-cli ${glue.version()}\n`);
  process.exit(0);
} else if (args.cli) {
  process.exitCode = await runCliCommand(args.cli, args.datasource);
} else {
  await runRpcServer(args);
}
