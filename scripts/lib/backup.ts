// Whole-database backups with PostgreSQL's own tools, for `npm run admin -- backup|restore`
// (docs/deployment.md, "Backups"): pg_dump's custom format (-Fc) and pg_restore. The tools come
// from PG_BIN_DIR when set, otherwise from PATH. The password in DATABASE_URL reaches them only
// through PGPASSWORD: never a command line (which `ps` shows) and never a message.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants, statSync } from "node:fs";
import { link, lstat, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

type Env = Record<string, string | undefined>;
export type PgTool = "pg_dump" | "pg_restore";

/** A refusal or failure with a message meant for the operator. */
export class BackupError extends Error {}

const INSTALL_HINT =
  "Install PostgreSQL's client tools of the server's major version or newer (Debian/Ubuntu: apt-get install postgresql-client; " +
  "a newer major, e.g. postgresql-client-18, from the PostgreSQL apt repository), or set PG_BIN_DIR to the folder that holds them.";

// Query parameters of Prisma's URL dialect that libpq rejects ("invalid URI query parameter").
const PRISMA_ONLY_PARAMS = ["schema", "connection_limit", "pool_timeout", "pgbouncer", "socket_timeout", "statement_cache_size", "sslaccept"];

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The tool's path: PG_BIN_DIR when set (and only there), otherwise the first on PATH. */
export function findPgTool(tool: PgTool, env: Env = process.env): string {
  const names = process.platform === "win32" ? [`${tool}.exe`, tool] : [tool];
  const inDir = (dir: string) => names.map((n) => path.join(dir, n)).find(isExecutableFile);
  if (env.PG_BIN_DIR) {
    const found = inDir(env.PG_BIN_DIR);
    if (found) return found;
    throw new BackupError(`${tool} was not found in PG_BIN_DIR (${env.PG_BIN_DIR}). ${INSTALL_HINT}`);
  }
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    const found = dir ? inDir(dir) : undefined;
    if (found) return found;
  }
  throw new BackupError(`${tool} was not found on PATH. ${INSTALL_HINT}`);
}

export type ToolConnection = {
  /** The connection URI for --dbname, without the password. */
  dbname: string;
  password: string | undefined;
  /** How messages name the database: name, host and port, no user or password. */
  label: string;
};

/** Splits DATABASE_URL into what the tools get on their command line and the password they get in PGPASSWORD. */
export function toolConnection(databaseUrl: string | undefined): ToolConnection {
  if (!databaseUrl) throw new BackupError("DATABASE_URL is not set: name the database to use (or start the embedded one with npm start).");
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new BackupError("DATABASE_URL is not a valid postgres:// connection URL.");
  }
  if (!/^postgres(ql)?:$/.test(url.protocol)) throw new BackupError("DATABASE_URL is not a postgres:// connection URL.");
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = "";
  for (const p of PRISMA_ONLY_PARAMS) url.searchParams.delete(p);
  const name = decodeURIComponent(url.pathname.replace(/^\//, "")) || decodeURIComponent(url.username) || "postgres";
  const host = url.host || url.searchParams.get("host") || "localhost";
  return { dbname: url.toString(), password, label: `database "${name}" on ${host}` };
}

function toolEnv(env: Env, conn: ToolConnection): Env {
  return { ...env, ...(conn.password !== undefined ? { PGPASSWORD: conn.password } : {}), PGCONNECT_TIMEOUT: env.PGCONNECT_TIMEOUT ?? "15" };
}

type ToolRun = { code: number | null; signal: NodeJS.Signals | null; output: string };

/** Runs a tool to its end; Ctrl-C or SIGTERM stops the tool (and so the caller cleans up). */
function runTool(bin: string, args: string[], env: Env): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-20_000);
    };
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const stop = () => child.kill("SIGTERM");
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    const done = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    };
    child.on("error", (e) => {
      done();
      reject(new BackupError(`Could not run ${bin}: ${e.message}`));
    });
    child.on("close", (code, signal) => {
      done();
      resolve({ code, signal, output: output.trim() });
    });
  });
}

/** The tool's own words, with what to do for the failures people meet. */
function toolFailure(tool: PgTool, run: ToolRun, label: string): string {
  const how = run.signal ? `stopped by ${run.signal}` : `exit code ${run.code}`;
  const said =
    run.output
      .split("\n")
      .slice(-15)
      .map((l) => `  ${l}`)
      .join("\n") || "  (it printed nothing)";
  let hint = "";
  if (/server version mismatch/i.test(run.output)) {
    hint = `\npg_dump cannot dump a server of a newer major version than its own. ${INSTALL_HINT}`;
  } else if (/unsupported version .* in file header/i.test(run.output)) {
    hint = `\nThe backup was made by a newer pg_dump than this pg_restore: use pg_restore of that version or newer (PG_BIN_DIR).`;
  }
  return `${tool} failed (${how}) for ${label}:\n${said}${hint}`;
}

function describeFsError(e: unknown): string {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === "ENOENT") return "the folder does not exist";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOTDIR") return "part of the path is not a folder";
  if (code === "EROFS") return "the file system is read-only";
  if (code === "ENOSPC") return "the disk is full";
  return e instanceof Error ? e.message : String(e);
}

export type BackupResult = { file: string; bytes: number; label: string };

function alreadyExists(target: string, file: string): BackupError {
  return new BackupError(
    `${target} already exists, so nothing was written: a backup replaces an existing file only with --force. ` +
      `Name a new file, or, if that file is an earlier backup you mean to replace: npm run admin -- backup ${file} --force`,
  );
}

/**
 * Puts the finished dump under the target name. Without `force` a hard link does it, which fails
 * if a file of that name appeared meanwhile (never replaced); where the file system has no hard
 * links, a rename after checking again.
 */
async function moveIntoPlace(temp: string, target: string, file: string, force: boolean): Promise<void> {
  if (force) return rename(temp, target);
  try {
    await link(temp, target);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code;
    if (code === "EEXIST") throw alreadyExists(target, file);
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "ENOSYS") throw e;
    if (await lstat(target).catch(() => null)) throw alreadyExists(target, file);
    return rename(temp, target);
  }
  await rm(temp, { force: true });
}

/**
 * Dumps the whole database (every schema: the app's tables, Prisma's migration record and the
 * job queue) with `pg_dump -Fc`. The dump is written beside the target under a temporary name
 * (mode 600: it holds password hashes) and moved into place only once pg_dump has finished, so
 * a failed or interrupted backup never leaves a partial file under the target name, and an
 * earlier backup there stays as it was. An existing file is never replaced unless `force` is
 * set: a mistyped name (`backup .env`) must not destroy what was there.
 */
export async function backupDatabase(opts: { databaseUrl: string | undefined; file: string; force?: boolean; env?: Env }): Promise<BackupResult> {
  const env = opts.env ?? process.env;
  const conn = toolConnection(opts.databaseUrl);
  const pgDump = findPgTool("pg_dump", env);
  const target = path.resolve(opts.file);
  if ((await stat(target).catch(() => null))?.isDirectory()) {
    throw new BackupError(`${target} is a folder: name the backup file, e.g. ${path.join(target, "backup.dump")}. Nothing was written.`);
  }
  if (!opts.force && (await lstat(target).catch(() => null))) throw alreadyExists(target, opts.file);
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(4).toString("hex")}.partial`);
  try {
    await (await open(temp, "wx", 0o600)).close();
  } catch (e) {
    throw new BackupError(`Cannot write the backup in ${path.dirname(target)}: ${describeFsError(e)}. Nothing was written.`);
  }
  try {
    const run = await runTool(pgDump, ["--format=custom", "--no-password", `--file=${temp}`, `--dbname=${conn.dbname}`], toolEnv(env, conn));
    if (run.code !== 0) throw new BackupError(`${toolFailure("pg_dump", run, conn.label)}\nNo backup was written to ${target}.`);
    const written = await open(temp, "r+");
    try {
      await written.sync();
    } finally {
      await written.close();
    }
    await moveIntoPlace(temp, target, opts.file, opts.force ?? false);
  } catch (e) {
    await rm(temp, { force: true });
    if (e instanceof BackupError) throw e;
    throw new BackupError(`Cannot finish the backup ${target}: ${describeFsError(e)}. No backup was written.`);
  }
  return { file: target, bytes: (await stat(target)).size, label: conn.label };
}

/** Tables in the database outside PostgreSQL's own schemas (public ones by bare name). */
async function existingTables(databaseUrl: string, label: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 15_000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      `SELECT CASE WHEN n.nspname = 'public' THEN c.relname ELSE n.nspname || '.' || c.relname END AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
        ORDER BY n.nspname <> 'public', n.nspname, c.relname`,
    );
    return rows.map((r) => r.name);
  } catch (e) {
    throw new BackupError(`Cannot connect to ${label}: ${e instanceof Error ? e.message : String(e)}. Nothing was restored.`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Reads the archive's first bytes: pg_dump's custom format starts with "PGDMP". */
async function assertCustomArchive(file: string): Promise<void> {
  let head: Buffer;
  try {
    const fh = await open(file, "r");
    try {
      head = Buffer.alloc(5);
      await fh.read(head, 0, 5, 0);
    } finally {
      await fh.close();
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code;
    throw new BackupError(`Cannot read ${file}: ${code === "ENOENT" ? "there is no such file" : describeFsError(e)}.`);
  }
  if (head.toString("latin1") !== "PGDMP") {
    throw new BackupError(
      `${file} is not a backup made by npm run admin -- backup (pg_dump's custom format, which starts with "PGDMP"). Nothing was restored.`,
    );
  }
}

export type RestoreResult = { file: string; label: string; replaced: number };

/**
 * Restores a `backupDatabase` archive with pg_restore, in one transaction (a failure leaves the
 * database as it was). Refuses a database that already holds tables unless `clean` is set; then
 * every object in the backup is dropped and recreated from it (--clean --if-exists). Objects are
 * owned by DATABASE_URL's user, whoever owned them where the backup was made (--no-owner).
 */
export async function restoreDatabase(opts: { databaseUrl: string | undefined; file: string; clean: boolean; env?: Env }): Promise<RestoreResult> {
  const env = opts.env ?? process.env;
  const conn = toolConnection(opts.databaseUrl);
  const pgRestore = findPgTool("pg_restore", env);
  const source = path.resolve(opts.file);
  await assertCustomArchive(source);
  const tables = await existingTables(opts.databaseUrl!, conn.label);
  if (tables.length && !opts.clean) {
    const shown = tables.slice(0, 6).join(", ") + (tables.length > 6 ? ", …" : "");
    throw new BackupError(
      `${conn.label} already holds ${tables.length} table(s) (${shown}); restoring into it would mix two databases, so nothing was restored.\n` +
        `Restore into a new, empty database (createdb, then point DATABASE_URL at it), or add --clean to drop what the backup holds and replace it: ` +
        `npm run admin -- restore ${opts.file} --clean`,
    );
  }
  const args = [
    "--no-owner",
    "--exit-on-error",
    "--single-transaction",
    "--no-password",
    ...(opts.clean ? ["--clean", "--if-exists"] : []),
    `--dbname=${conn.dbname}`,
    source,
  ];
  const run = await runTool(pgRestore, args, toolEnv(env, conn));
  if (run.code !== 0) {
    throw new BackupError(`${toolFailure("pg_restore", run, conn.label)}\nThe restore ran as one transaction, so ${conn.label} is as it was before.`);
  }
  return { file: source, label: conn.label, replaced: opts.clean ? tables.length : 0 };
}
