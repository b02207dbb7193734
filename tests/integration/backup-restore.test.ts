// `npm run admin -- backup|restore`: the real CLI, the machine's own pg_dump -Fc and pg_restore
// (Debian's postgresql-client), on the server the integration run uses: the embedded default the
// run starts (tests/setup/test-db.mjs), or TEST_DATABASE_URL's. Databases of their own there (the
// shared one changes under the other files while they run). The source holds players, credits, a
// store purchase, forum posts, a browser session and a queued job; a restore into an empty
// database must give back the same rows, reconcile, and let the session made before the backup
// sign in.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmod, copyFile, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "@/lib/server/db";
import { resetEnvCache } from "@/lib/server/env";
import { enqueue } from "@/lib/server/jobs/enqueue";
import { actorFromSessionToken } from "@/lib/server/sessions/authenticate-request";
import { purchaseProduct } from "@/lib/server/store/purchase-product";
import { runAdmin } from "@/scripts/admin";
import { backupDatabase, findPgTool } from "@/scripts/lib/backup";
import { embeddedMajor } from "@/scripts/lib/embedded-db.mjs";
import { createSessionToken, createUser } from "../factories/users";
import { createTestDatabase } from "../setup/test-db.mjs";
import { setEnv } from "../support/env";
import { createForum, reply, startThread, type U } from "./forums-fixtures";
import { createCategory, createProduct, giveCredits } from "./store-fixtures";

const execFileP = promisify(execFile);
const ROOT = path.join(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");

type Db = Awaited<ReturnType<typeof createTestDatabase>>;

/** Runs `npm run admin -- …` as a process of its own (node by absolute path, so PATH may lack anything). */
async function admin(args: string[], env: Record<string, string | undefined>): Promise<{ code: number; output: string }> {
  const childEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  try {
    const r = await execFileP(process.execPath, [TSX, "--conditions=react-server", "scripts/admin.ts", ...args], {
      cwd: ROOT,
      env: childEnv,
      timeout: 120_000,
    });
    return { code: 0, output: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof err.code === "number" ? err.code : -1, output: `${err.stdout ?? ""}${err.stderr ?? ""}` };
  }
}

/** Points this file's Prisma client at another database. */
async function useDatabase(url: string): Promise<void> {
  const g = globalThis as unknown as { prisma?: { $disconnect(): Promise<void> } };
  await g.prisma?.$disconnect();
  g.prisma = undefined;
  process.env.DATABASE_URL = url;
  resetEnvCache();
}

async function tablesIn(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ t: string }>(
      `SELECT schemaname || '.' || tablename AS t FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`,
    );
    return rows.map((r) => r.t);
  } finally {
    await c.end();
  }
}

const withPassword = (url: string, password: string) => {
  const u = new URL(url);
  u.password = password;
  return u.toString();
};

/** The integration run's server: the embedded default, or TEST_DATABASE_URL's. */
let adminUrl: string;
let source: Db;
let dir: string;
let dump: string;
const made: Db[] = [];
const original = process.env.DATABASE_URL;
let alice: U;
let bob: U;
let orderId: number;
let jobId: string;

/** Every row the test made, as Prisma reads it. */
async function snapshot() {
  const userIds = [alice.id, bob.id];
  const [users, ledger, orders, deliveries, posts, threads, sessions, jobs] = await Promise.all([
    db.user.findMany({ where: { id: { in: userIds } }, orderBy: { id: "asc" } }),
    db.creditLedgerEntry.findMany({ where: { userId: { in: userIds } }, orderBy: { id: "asc" } }),
    db.storeOrder.findMany({ where: { userId: { in: userIds } }, orderBy: { id: "asc" } }),
    db.gameDelivery.findMany({ where: { userId: { in: userIds } }, orderBy: { id: "asc" } }),
    db.forumPost.findMany({ where: { userId: { in: userIds } }, orderBy: { id: "asc" } }),
    db.forumThread.findMany({ where: { userId: { in: userIds } }, orderBy: { id: "asc" } }),
    db.session.findMany({ where: { userId: { in: userIds } }, orderBy: { id: "asc" } }),
    db.$queryRaw<Array<{ id: string; task_identifier: string; payload: unknown; run_at: Date }>>`
      SELECT j.id::text, j.task_identifier, p.payload, j.run_at FROM graphile_worker.jobs j JOIN graphile_worker._private_jobs p USING (id) ORDER BY j.id`,
  ]);
  return { users, ledger, orders, deliveries, posts, threads, sessions, jobs };
}
let before: Awaited<ReturnType<typeof snapshot>>;

beforeAll(async () => {
  adminUrl = inject("adminDatabaseUrl");
  dir = await mkdtemp(path.join(os.tmpdir(), "gs-backup-test-"));
  dump = path.join(dir, "emberscape.dump");
  source = await createTestDatabase(adminUrl, { prefix: "bk_src" });
  await useDatabase(source.url);

  const a = await createUser();
  const b = await createUser({ privilege: "MODERATOR" });
  alice = { ...a, session: await createSessionToken(a.id) };
  bob = { ...b, session: await createSessionToken(b.id) };
  await giveCredits(alice.id, 500);
  await giveCredits(bob.id, 75);
  const product = await createProduct({ categoryId: (await createCategory()).id, price: 120, gameItemId: 11802, quantity: 3 });
  expect(await purchaseProduct(alice.id, product.id, randomUUID())).toMatchObject({ credits: 380 });
  orderId = (await db.storeOrder.findFirstOrThrow({ where: { userId: alice.id } })).id;
  const forum = await createForum();
  const thread = await startThread(alice, forum.id, "Backups tonight", "<p>Before the <strong>restore</strong> test</p>");
  await reply(bob, thread.id, "<p>A reply that must survive</p>");
  jobId = await enqueue("lift-ban", { userId: bob.id }, { runAt: new Date(Date.now() + 86_400_000) });
  before = await snapshot();
  await useDatabase(original!);
  // The archive the restore tests start from (the first test makes its own through the CLI).
  await backupDatabase({ databaseUrl: source.url, file: dump });
}, 120_000);

afterAll(async () => {
  await useDatabase(original!);
  for (const d of [source, ...made]) await d?.drop().catch(() => {});
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function emptyDatabase(migrate = false): Promise<Db> {
  const d = await createTestDatabase(adminUrl, { prefix: "bk_dst", migrate });
  made.push(d);
  return d;
}

// Each test starts the admin CLI as a process of its own up to three times (tsx, Prisma, then
// pg_dump or pg_restore): 3-17 s a test on the shared two-core machine at load 6-7, within 2x of
// the 30 s default, so the budget is sized for three such runs.
describe("npm run admin -- backup / restore", { timeout: 120_000 }, () => {
  it("this machine's pg_dump is of the embedded default's major or newer, and of the server these tests dump", async () => {
    // pg_dump dumps a server of its own major or older, never a newer one: the embedded default
    // is held at a major the distribution's client tools can dump (docs/deployment.md, "Backups").
    const { stdout } = await execFileP(findPgTool("pg_dump"), ["--version"]);
    const client = Number(/\)\s*(\d+)/.exec(stdout)?.[1]);
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    const { rows } = await c.query<{ major: number }>("SELECT current_setting('server_version_num')::int / 10000 AS major");
    await c.end();
    expect(client).toBeGreaterThanOrEqual(embeddedMajor());
    expect(client).toBeGreaterThanOrEqual(rows[0]!.major);
  });

  it("backs up with pg_dump -Fc; a restore into an empty database has the same rows, reconciles, and a session from before still signs in", async () => {
    const file = path.join(dir, "cli.dump");
    const b = await admin(["backup", file], { DATABASE_URL: source.url });
    expect(b.output).toContain(`Backed up database "${source.name}"`);
    expect(b.code).toBe(0);
    expect((await readFile(file)).subarray(0, 5).toString()).toBe("PGDMP");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readdir(dir)).filter((f) => f.startsWith(".") || f.startsWith("cli"))).toEqual(["cli.dump"]);
    const password = new URL(source.url).password;
    if (password) expect(b.output).not.toContain(password);

    const target = await emptyDatabase();
    const r = await admin(["restore", file], { DATABASE_URL: target.url });
    expect(r.output).toContain(`Restored ${file} into database "${target.name}"`);
    expect(r.code).toBe(0);

    const rec = await admin(["reconcile"], { DATABASE_URL: target.url });
    expect(rec).toEqual({ code: 0, output: "Reconciled: every credit balance equals the sum of its ledger entries, and every gift card its own entries.\n" });

    await useDatabase(target.url);
    try {
      const after = await snapshot();
      expect(after).toEqual(before);
      // What the test made is in there: not a pair of empty lists compared.
      expect(after.users.map((u) => [u.username, u.storeCredits])).toEqual([
        [alice.username, 380],
        [bob.username, 75],
      ]);
      expect(after.ledger.map((e) => [e.userId, e.delta, e.kind])).toEqual([
        [alice.id, 500, "ADJUSTMENT"],
        [bob.id, 75, "ADJUSTMENT"],
        [alice.id, -120, "SPEND"],
      ]);
      expect(after.orders.map((o) => [o.id, o.priceCredits])).toEqual([[orderId, 120]]);
      expect(after.deliveries).toHaveLength(1);
      expect(after.posts.map((p) => p.content)).toEqual([expect.stringContaining("<strong>restore</strong>"), "<p>A reply that must survive</p>"]);
      // The two posts queued their watchers' fan-out; the ban's end job waits a day.
      expect(after.jobs.map((j) => [j.task_identifier, j.payload])).toEqual([
        ["notify-watchers", { postId: expect.any(Number) }],
        ["notify-watchers", { postId: expect.any(Number) }],
        ["lift-ban", { userId: bob.id }],
      ]);
      expect(after.jobs.at(-1)).toMatchObject({ id: jobId });
      // The sequences came along too: the next row does not collide with a restored one.
      expect((await createUser()).id).toBeGreaterThan(bob.id);

      // The function every request authenticates through, on the restored database.
      expect(await actorFromSessionToken(alice.session)).toMatchObject({ userId: alice.id, username: alice.username, via: "session", isStaff: false });
      expect(await actorFromSessionToken(bob.session)).toMatchObject({ userId: bob.id, privilege: "MODERATOR" });
      expect(await actorFromSessionToken("a-token-nobody-was-given")).toBeNull();
    } finally {
      await useDatabase(original!);
    }
  });

  it("refuses to restore into a database that holds tables and changes nothing; with --clean it replaces what the backup holds", async () => {
    const target = await emptyDatabase(true);
    await useDatabase(target.url);
    try {
      const other = await createUser();
      const refused = await admin(["restore", dump], { DATABASE_URL: target.url });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`database "${target.name}" on`);
      expect(refused.output).toMatch(/already holds \d+ table\(s\) \(_prisma_migrations, [a-z_]+, /);
      expect(refused.output).toContain("--clean");
      expect(await db.user.findMany({ select: { id: true } })).toEqual([{ id: other.id }]);
      expect(await db.storeOrder.count()).toBe(0);

      const restore = setEnv({ DATABASE_URL: target.url });
      try {
        expect(await runAdmin(["restore", dump, "--clean"])).toMatchObject({ code: 0, message: expect.stringContaining("--clean") });
      } finally {
        restore();
      }
      await useDatabase(target.url);
      expect((await snapshot()).users).toEqual(before.users);
      expect(await db.user.count()).toBe(2);
      expect(await actorFromSessionToken(alice.session)).toMatchObject({ userId: alice.id });
    } finally {
      await useDatabase(original!);
    }
  });

  it("a restore that fails part-way leaves the database as it was; a file that is no backup is refused", async () => {
    const target = await emptyDatabase();
    // No table, so the restore goes ahead; a view named like the users table's primary key makes
    // it fail late, once every table is created and loaded (indexes and keys come last).
    const sql = new pg.Client({ connectionString: target.url });
    await sql.connect();
    const restore = setEnv({ DATABASE_URL: target.url });
    try {
      await sql.query(`CREATE VIEW users_pkey AS SELECT 1 AS one`);
      const r = await runAdmin(["restore", dump]);
      expect(r.code).toBe(1);
      expect(r.message).toContain("pg_restore failed");
      expect(r.message).toContain('relation "users_pkey" already exists');
      expect(r.message).toContain("as it was before");
      expect(await tablesIn(target.url)).toEqual([]);

      const cut = path.join(dir, "cut.dump");
      await copyFile(dump, cut);
      await truncate(cut, Math.floor((await stat(cut)).size * 0.6));
      expect(await runAdmin(["restore", cut])).toMatchObject({ code: 1, message: expect.stringContaining("pg_restore failed") });
      const notDump = path.join(dir, "notes.txt");
      await writeFile(notDump, "just some text\n");
      expect(await runAdmin(["restore", notDump])).toMatchObject({ code: 1, message: expect.stringContaining('starts with "PGDMP"') });
      expect(await runAdmin(["restore", path.join(dir, "missing.dump")])).toMatchObject({ code: 1, message: expect.stringContaining("there is no such file") });
      expect(await tablesIn(target.url)).toEqual([]);

      // Twin: without the clash the whole archive goes in.
      await sql.query(`DROP VIEW users_pkey`);
      expect((await runAdmin(["restore", dump])).code).toBe(0);
      expect(await tablesIn(target.url)).toContain("public.users");
    } finally {
      restore();
      await sql.end();
    }
  });

  it("names pg_dump / pg_restore and how to install them when they are missing", async () => {
    const emptyBin = await mkdtemp(path.join(dir, "bin-"));
    const out = path.join(dir, "no-tool.dump");
    const missing = await admin(["backup", out], { DATABASE_URL: source.url, PATH: emptyBin, PG_BIN_DIR: undefined });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("pg_dump was not found on PATH");
    expect(missing.output).toContain("postgresql-client");
    await expect(stat(out)).rejects.toThrow();

    const restore = setEnv({ DATABASE_URL: source.url, PG_BIN_DIR: emptyBin });
    try {
      expect(await runAdmin(["restore", dump])).toMatchObject({
        code: 1,
        message: expect.stringContaining(`pg_restore was not found in PG_BIN_DIR (${emptyBin})`),
      });
      expect(await runAdmin(["backup", out])).toMatchObject({ code: 1, message: expect.stringContaining(`pg_dump was not found in PG_BIN_DIR`) });
    } finally {
      restore();
    }
    // Twin: the same PATH plus the folder pg_dump is in.
    const pgDumpDir = path.dirname(findPgTool("pg_dump", { PATH: process.env.PATH }));
    const withTool = setEnv({ DATABASE_URL: source.url, PATH: `${emptyBin}${path.delimiter}${pgDumpDir}`, PG_BIN_DIR: undefined });
    try {
      expect(await runAdmin(["backup", out])).toMatchObject({ code: 0, message: expect.stringContaining(`to ${out}`) });
    } finally {
      withTool();
    }
    expect((await readFile(out)).subarray(0, 5).toString()).toBe("PGDMP");
  });

  it("a backup that cannot be written or fails part-way leaves no file under the target name and keeps the previous backup", async () => {
    const sub = await mkdtemp(path.join(dir, "fail-"));
    const nowhere = path.join(sub, "no-such-folder", "x.dump");
    const restore = setEnv({ DATABASE_URL: withPassword(source.url.replace(/\/[^/]+$/, "/no_such_database"), "Pa55-never-printed") });
    try {
      expect(await runAdmin(["backup", nowhere])).toMatchObject({
        code: 1,
        message: expect.stringContaining("the folder does not exist. Nothing was written."),
      });
      expect(await runAdmin(["backup", sub])).toMatchObject({ code: 1, message: expect.stringContaining("is a folder") });

      // pg_dump starts (the temporary file exists) and fails: the earlier backup stays as it was.
      const target = path.join(sub, "nightly.dump");
      await writeFile(target, "the previous night's backup");
      const failed = await runAdmin(["backup", target, "--force"]);
      expect(failed.code).toBe(1);
      expect(failed.message).toContain("pg_dump failed");
      expect(failed.message).toContain("no_such_database");
      expect(failed.message).not.toContain("Pa55-never-printed");
      expect(await readFile(target, "utf8")).toBe("the previous night's backup");
      expect((await readdir(sub)).sort()).toEqual(["nightly.dump"]);
    } finally {
      restore();
    }
    // Twin: the same target from the real database is replaced by the new dump.
    const ok = setEnv({ DATABASE_URL: source.url });
    try {
      expect((await runAdmin(["backup", path.join(sub, "nightly.dump"), "--force"])).code).toBe(0);
      expect((await readFile(path.join(sub, "nightly.dump"))).subarray(0, 5).toString()).toBe("PGDMP");
      expect((await readdir(sub)).sort()).toEqual(["nightly.dump"]);
    } finally {
      ok();
    }
  });

  it("refuses to replace an existing file (backup .env), leaving it byte for byte; with --force it replaces it", async () => {
    const sub = await mkdtemp(path.join(dir, "exists-"));
    const envFile = path.join(sub, ".env");
    const secrets = Buffer.from("AUTH_SECRET=kept-exactly-as-it-was\nTOTP_ENCRYPTION_KEY=\u00e9\u0000\u00ff\n", "utf8");
    await writeFile(envFile, secrets);
    await chmod(envFile, 0o640);
    const refused = await admin(["backup", envFile], { DATABASE_URL: source.url });
    expect(refused.output).toContain(`${envFile} already exists, so nothing was written`);
    expect(refused.output).toContain(`npm run admin -- backup ${envFile} --force`);
    expect(refused.code).toBe(1);
    expect((await readFile(envFile)).equals(secrets)).toBe(true);
    expect((await stat(envFile)).mode & 0o777).toBe(0o640);
    expect(await readdir(sub)).toEqual([".env"]);
    expect(await runAdmin(["backup", envFile, "--overwrite"])).toMatchObject({ code: 2, message: expect.stringContaining("backup <file> [--force]") });

    // Twin: with --force the same command replaces it with the dump.
    const forced = await admin(["backup", envFile, "--force"], { DATABASE_URL: source.url });
    expect(forced.output).toContain(`Backed up database "${source.name}" on`);
    expect(forced.code).toBe(0);
    expect((await readFile(envFile)).subarray(0, 5).toString()).toBe("PGDMP");
    expect((await stat(envFile)).mode & 0o777).toBe(0o600);
    expect(await readdir(sub)).toEqual([".env"]);

    // A file that appears under the name while pg_dump runs is not replaced either: a stand-in
    // pg_dump writes its dump and then creates the target, as another program might.
    const fake = await mkdtemp(path.join(dir, "appears-"));
    const late = path.join(fake, "late.dump");
    await writeFile(
      path.join(fake, "pg_dump"),
      `#!/bin/sh
for a in "$@"; do case "$a" in --file=*) printf 'PGDMP from the stand-in' > "\${a#--file=}";; esac; done
printf 'appeared meanwhile' > "${late}"
`,
    );
    await chmod(path.join(fake, "pg_dump"), 0o755);
    const restore = setEnv({ DATABASE_URL: source.url, PG_BIN_DIR: fake });
    try {
      expect(await runAdmin(["backup", late])).toMatchObject({ code: 1, message: expect.stringContaining(`${late} already exists, so nothing was written`) });
      expect(await readFile(late, "utf8")).toBe("appeared meanwhile");
      expect((await readdir(fake)).sort()).toEqual(["late.dump", "pg_dump"]);
      // Twin: --force replaces it.
      expect((await runAdmin(["backup", late, "--force"])).code).toBe(0);
      expect(await readFile(late, "utf8")).toBe("PGDMP from the stand-in");
      expect((await readdir(fake)).sort()).toEqual(["late.dump", "pg_dump"]);
    } finally {
      restore();
    }
  });

  it("passes the password only in PGPASSWORD, and shows pg_dump's refusal of a newer server with what to do", async () => {
    // A stand-in pg_dump in PG_BIN_DIR: records how it was called, writes half a file, then
    // fails the way pg_dump does against a server of a newer major version.
    const fake = await mkdtemp(path.join(dir, "fake-bin-"));
    const log = path.join(fake, "called.txt");
    await writeFile(
      path.join(fake, "pg_dump"),
      `#!/bin/sh
printf '%s\\n' "$@" > "${log}"
printf 'PGPASSWORD=%s\\n' "$PGPASSWORD" >> "${log}"
for a in "$@"; do case "$a" in --file=*) printf 'PGDMP half a dump' > "\${a#--file=}";; esac; done
echo "pg_dump: error: aborting because of server version mismatch" >&2
echo "pg_dump: detail: server version: 99.1; pg_dump version: 15.20" >&2
exit 1
`,
    );
    await chmod(path.join(fake, "pg_dump"), 0o755);
    const target = path.join(fake, "out.dump");
    const url = withPassword(source.url, "Pa55-never-printed");
    const restore = setEnv({ DATABASE_URL: url, PG_BIN_DIR: fake });
    let r: { code: number; message: string };
    try {
      r = await runAdmin(["backup", target]);
    } finally {
      restore();
    }
    expect(r.code).toBe(1);
    expect(r.message).toContain("pg_dump: error: aborting because of server version mismatch");
    expect(r.message).toContain("server version: 99.1; pg_dump version: 15.20");
    expect(r.message).toContain("cannot dump a server of a newer major version");
    expect(r.message).toContain("PG_BIN_DIR");
    expect(r.message).not.toContain("Pa55-never-printed");
    const called = (await readFile(log, "utf8")).split("\n");
    expect(called).toContain("--format=custom");
    expect(called).toContain("--no-password");
    expect(called).toContain("PGPASSWORD=Pa55-never-printed");
    expect(called.filter((l) => l.includes("Pa55-never-printed"))).toEqual(["PGPASSWORD=Pa55-never-printed"]);
    expect(called).toContain(`--dbname=${withPassword(source.url, "")}`);
    expect((await readdir(fake)).sort()).toEqual(["called.txt", "pg_dump"]);
  });
});
