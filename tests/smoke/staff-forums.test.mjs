// How a real owner starts: `npm start` in production mode on an empty database (no
// demo data, no forums), an account made owner with `npm run admin -- set-privilege`, the forum
// structure made in the browser at /staff/forums, and then a player's first thread.
//
// Why a smoke test and not a Playwright spec: the Playwright servers run in local mode on the
// seeded e2e database, and production mode is a start-time choice (APP_MODE=production refuses
// every local stand-in and never seeds). So this file starts its own production site through
// scripts/start.mjs, with its own empty database and real-looking settings, and drives it with
// Chromium (Playwright as a library) for what people do in the browser (register, log in, the
// staff forms, the editor) and with fetch for what a guest or an API client sees.
//
// Run by `npm test` in the smoke stage (after the build). Alone, with a build in .next-test:
//   NEXT_DIST_DIR=.next-test node --test tests/smoke/staff-forums.test.mjs
// (PostgreSQL: SMOKE_ADMIN_DATABASE_URL or TEST_DATABASE_URL, otherwise an embedded one.)
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { after, before, test } from "node:test";
import { chromium } from "@playwright/test";
import { freePort } from "../../scripts/lib/embedded-db.mjs";
import { emptySiteStorage } from "./support/site.mjs";

const distDir = process.env.NEXT_DIST_DIR || ".next-test";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Every vote site's callback secret, named as in .env.example (production requires one per site). */
function voteSecrets() {
  const names = [...readFileSync(".env.example", "utf8").matchAll(/^#?\s*(VOTE_[A-Z0-9_]+_SECRET)=/gm)].map((m) => m[1]);
  assert.ok(names.length, ".env.example names no VOTE_*_SECRET");
  return Object.fromEntries(names.map((n) => [n, randomBytes(16).toString("hex")]));
}

let storage;
let database;
let site;
let browser;
let base;
/** The same site for fetch, by address (Node may try ::1 first for localhost, where nothing listens). */
let origin;
let dataDir;

before(async () => {
  assert.ok(existsSync(`${distDir}/BUILD_ID`), `No production build in ${distDir}: build first (NEXT_DIST_DIR=${distDir} npx next build), or run npm test.`);
  // Empty: `npm start` applies the migrations itself, as on a new server.
  storage = await emptySiteStorage("smokeowner");
  ({ database, dataDir } = storage);

  const port = await freePort();
  // Chromium treats http://localhost as a secure origin, so it keeps production's
  // `__Host-session; Secure` cookie there as it would on https.
  base = `http://localhost:${port}`;
  origin = `http://127.0.0.1:${port}`;
  const env = { ...process.env };
  for (const k of Object.keys(env))
    if (
      /^(APP_MODE|DATABASE_URL|SITE_URL|AUTH_SECRET|TOTP_ENCRYPTION_KEY|SMTP_URL|PAYMENT_|STRIPE_|PAYPAL_|COINBASE_|VOTE_|CAPTCHA_|TRUST_PROXY|IMAGE_PROXY)/.test(
        k,
      )
    )
      delete env[k];
  Object.assign(env, {
    APP_MODE: "production",
    DATABASE_URL: database.url,
    // The public address: https in production. Nothing here follows it (no mail is read).
    SITE_URL: "https://play.example.com",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    // A real mail server address; nothing listens there, so queued mail waits and retries.
    SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    PAYMENT_METHODS: "none",
    // The repository's download links are placeholders; a real owner sets them.
    ALLOW_PLACEHOLDER_DOWNLOADS: "true",
    ...voteSecrets(),
    PORT: String(port),
    HOST: "127.0.0.1",
    WEB_CONCURRENCY: "1",
    DATA_DIR: dataDir,
    NEXT_DIST_DIR: distDir,
    NEXT_TELEMETRY_DISABLED: "1",
    LOG_LEVEL: "warn",
  });
  const child = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  site = { child, exited, output: () => output, env };
  // Long enough for start.mjs to rebuild when the sources changed since the build.
  const deadline = Date.now() + 600_000;
  for (;;) {
    const early = await Promise.race([exited, sleep(500).then(() => null)]);
    if (early) throw new Error(`npm start exited early (${JSON.stringify(early)}):\n${output}`);
    if (
      await fetch(`${origin}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`the site did not answer in time:\n${output}`);
  }
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: CHROMIUM_ARGS });
});

after(async () => {
  await browser?.close().catch(() => {});
  if (site && site.child.exitCode === null) {
    site.child.kill("SIGTERM");
    const stopped = await Promise.race([site.exited, sleep(20_000).then(() => null)]);
    if (!stopped) process.kill(-site.child.pid, "SIGKILL");
  }
  await storage?.cleanup();
});

/** A browser of its own for one person, starting at `path`. */
async function person(pathname) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(pathname);
  return page;
}

/** Registers through the form (the captcha widget solves itself) and ends on the welcome page. */
async function register(page, user) {
  await page.goto("/register");
  const main = page.getByRole("main");
  await main.getByLabel("Username").fill(user.username);
  await main.getByLabel("Email").fill(user.email);
  await main.getByLabel("Password", { exact: true }).fill(user.password);
  await main.getByLabel("Confirm Password").fill(user.password);
  await main.getByRole("checkbox", { name: /I agree to the/ }).check();
  await main.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL((url) => url.pathname === "/welcome", { timeout: 60_000 });
}

async function logIn(page, user) {
  await page.goto("/login");
  const main = page.getByRole("main");
  await main.getByLabel("Username").fill(user.username);
  await main.getByLabel("Password").fill(user.password);
  await main.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 30_000 });
}

function runAdmin(args) {
  return new Promise((resolve) => {
    const child = spawn("npx", ["tsx", "--conditions=react-server", "scripts/admin.ts", ...args], {
      env: { ...site.env, DATABASE_URL: database.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("exit", (code) => resolve({ code, out }));
  });
}

const newUser = (prefix) => {
  const username = `${prefix}${randomBytes(3).toString("hex")}`;
  return { username, email: `${username}@players.example.com`, password: `Ember!${randomBytes(6).toString("hex")}` };
};

test("production start, empty database: the owner builds the forums at /staff/forums and a player starts the first thread", { timeout: 420_000 }, async () => {
  assert.match(site.output(), /production mode/);
  assert.doesNotMatch(site.output(), /demo data/);

  // A new site has no forums: the index says so, and the API lists nothing.
  const guestIndex = await fetch(`${origin}/api/v1/forums`);
  assert.equal(guestIndex.status, 200);
  assert.deepEqual(await guestIndex.json(), []);

  // The owner: an account like any other, made owner on the server with the operator CLI.
  const ownerUser = newUser("owner");
  const owner = await person("/");
  await register(owner, ownerUser);
  const promoted = await runAdmin(["set-privilege", ownerUser.username, "OWNER"]);
  assert.equal(promoted.code, 0, promoted.out);
  assert.match(promoted.out, /PLAYER → OWNER/);
  await logIn(owner, ownerUser);

  // The forum structure, made in the staff console.
  await owner.goto("/staff/forums");
  await owner.getByRole("heading", { level: 1, name: "Forum structure" }).waitFor();
  await owner.getByText("No categories yet.").waitFor();
  const createCategory = async (name) => {
    await owner.getByRole("button", { name: "New category" }).click();
    const dialog = owner.getByRole("dialog", { name: "New category" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Create category" }).click();
    await owner
      .getByRole("status")
      .filter({ hasText: `Created category "${name}".` })
      .waitFor();
  };
  const createForum = async (category, name, description, opts = {}) => {
    await owner.getByRole("button", { name: `New forum in ${category}` }).click();
    const dialog = owner.getByRole("dialog", { name: "New forum" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Description").fill(description);
    if (opts.staffOnly) await dialog.getByLabel(/^Staff only/).check();
    await dialog.getByRole("button", { name: "Create forum" }).click();
    await owner
      .getByRole("status")
      .filter({ hasText: `Created forum "${name}".` })
      .waitFor();
  };
  await createCategory("Official");
  await createForum("Official", "Announcements", "News from the team.", { staffOnly: true });
  await createCategory("Community");
  await createForum("Community", "Guides", "Share what you know.");
  await createForum("Community", "General Discussion", "Talk about anything related to the game.");
  // General Discussion first in its category, and Community above Official.
  await owner.getByRole("button", { name: "Up forum General Discussion" }).click();
  await owner.getByRole("status").filter({ hasText: 'Moved forum "General Discussion" up.' }).waitFor();
  await owner.getByRole("button", { name: "Up category Community" }).click();
  await owner.getByRole("status").filter({ hasText: 'Moved category "Community" up.' }).waitFor();

  const index = await (await fetch(`${origin}/api/v1/forums`)).json();
  assert.deepEqual(
    index.map((c) => [c.name, c.forums.map((f) => f.name)]),
    [
      ["Community", ["General Discussion", "Guides"]],
      ["Official", ["Announcements"]],
    ],
  );
  const general = index[0].forums[0];
  assert.equal(general.thread_count, 0);

  // A player registers and starts the site's first thread with the real editor.
  const playerUser = newUser("player");
  const player = await person("/");
  await register(player, playerUser);
  await logIn(player, playerUser);
  await player.goto("/forums");
  await player.getByRole("main").getByRole("link", { name: "General Discussion", exact: true }).click();
  await player.getByRole("link", { name: "Create Thread" }).click();
  await player.waitForURL(/\/forums\/\d+\/create$/);
  const main = player.getByRole("main");
  await main.getByLabel("Title").fill("Hello from the first player");
  await main.getByRole("textbox", { name: "Content" }).click();
  await player.keyboard.type("Glad to be here on day one.");
  await main.getByRole("button", { name: "Create Thread" }).click();
  await player.waitForURL(/\/forums\/thread\/\d+$/);
  await player.getByRole("heading", { level: 1, name: "Hello from the first player" }).waitFor();

  // Everyone sees it: the forum counts it, and the index shows it as the latest thread.
  const after = await (await fetch(`${origin}/api/v1/forums`)).json();
  const generalAfter = after[0].forums.find((f) => f.id === general.id);
  assert.equal(generalAfter.thread_count, 1);
  assert.equal(generalAfter.latest_thread.title, "Hello from the first player");
  const page = await (await fetch(`${origin}/forums`)).text();
  assert.match(page, /Hello from the first player/);

  // The staff-only forum takes no thread from the player (the API says why).
  const cookie = (await player.context().cookies()).find((c) => c.name === "__Host-session");
  assert.ok(cookie, "production signs the player in with the __Host-session cookie");
  const refused = await fetch(`${origin}/api/v1/forums/threads`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", cookie: `__Host-session=${cookie.value}` },
    body: JSON.stringify({ forum_id: index[1].forums[0].id, title: "Me too", content: "<p>hi</p>" }),
  });
  assert.equal(refused.status, 403);
});
