#!/usr/bin/env node
// `npm test`: types, lint, unit, integration (real PostgreSQL), production build, then
// Playwright in Chromium against the built site. One PostgreSQL serves the whole run:
// TEST_DATABASE_URL's server when set, otherwise an embedded one started here.
// Flags: --only=unit,integration,... to run some stages; --skip=build,e2e to leave some out;
// --e2e=tests/e2e/a.spec.ts,tests/e2e/b.spec.ts to run only those Playwright files; --dist=DIR to
// build into and serve from DIR instead of .next-test (two people testing at once on one machine).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createTestDatabase, startTestServer } from "../tests/setup/test-db.mjs";
import { sourceStamp } from "./lib/build-stamp.mjs";
import { freePort } from "./lib/embedded-db.mjs";

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=")));
const only = args.only ? new Set(args.only.split(",")) : null;
const skip = new Set((args.skip ?? "").split(",").filter(Boolean));
const want = (stage) => (only ? only.has(stage) : true) && !skip.has(stage);

const counts = { passed: 0, failed: 0 };
const started = Date.now();
const timings = [];

function run(label, cmd, cmdArgs, env = {}) {
  return new Promise((resolve) => {
    const t = Date.now();
    console.log(`\n▶ ${label}: ${cmd} ${cmdArgs.join(" ")}`);
    const child = spawn(cmd, cmdArgs, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => {
      timings.push(`${label} ${((Date.now() - t) / 1000).toFixed(1)}s`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Every tests/smoke/*.test.mjs (Node 20's test runner takes no globs). */
function smokeFiles() {
  return readdirSync("tests/smoke")
    .filter((f) => f.endsWith(".test.mjs"))
    .sort()
    .map((f) => `tests/smoke/${f}`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function tallyVitest(file) {
  const r = readJson(file);
  if (r) {
    counts.passed += r.numPassedTests ?? 0;
    counts.failed += r.numFailedTests ?? 0;
  }
}

function tallyTap(file) {
  try {
    const tap = readFileSync(file, "utf8");
    counts.passed += Number(/^# pass (\d+)/m.exec(tap)?.[1] ?? 0);
    counts.failed += Number(/^# fail (\d+)/m.exec(tap)?.[1] ?? 0);
  } catch {
    counts.failed += 1;
  }
}

function tallyPlaywright(file) {
  const r = readJson(file);
  if (r?.stats) {
    counts.passed += (r.stats.expected ?? 0) + (r.stats.flaky ?? 0);
    counts.failed += r.stats.unexpected ?? 0;
  }
}

let failedStage = null;
async function stage(name, fn) {
  if (failedStage || !want(name)) return;
  const code = await fn();
  if (code !== 0) failedStage = name;
}

mkdirSync("test-results", { recursive: true });
const TEST_DIST = args.dist || ".next-test";
const e2eFiles = args.e2e ? args.e2e.split(",").filter(Boolean) : [];
let server = null;

try {
  await stage("typecheck", () => run("typecheck", "npx", ["tsc", "--noEmit"]));
  await stage("lint", () => run("lint", "npx", ["eslint", "--max-warnings=0", "."]));
  await stage("unit", async () => {
    const code = await run("unit", "npx", ["vitest", "run", "--project", "unit", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest-unit.json"]);
    tallyVitest("test-results/vitest-unit.json");
    return code;
  });

  if (!failedStage && (want("integration") || want("e2e") || want("smoke"))) {
    server = await startTestServer();
    console.log(`\nPostgreSQL for tests: ${process.env.TEST_DATABASE_URL ? "TEST_DATABASE_URL" : "embedded"}`);
  }

  await stage("integration", async () => {
    const code = await run(
      "integration",
      "npx",
      ["vitest", "run", "--project", "integration", "--reporter=default", "--reporter=json", "--outputFile.json=test-results/vitest-integration.json"],
      { TEST_DATABASE_URL: server.adminUrl },
    );
    tallyVitest("test-results/vitest-integration.json");
    return code;
  });

  await stage("build", async () => {
    const code = await run("build", "npx", ["next", "build"], { NEXT_DIST_DIR: TEST_DIST, NEXT_TELEMETRY_DISABLED: "1" });
    // The smoke stage's `npm start` finds this build current instead of building again.
    if (code === 0) writeFileSync(`${TEST_DIST}/.source-stamp`, sourceStamp());
    return code;
  });

  await stage("smoke", async () => {
    const code = await run("smoke", process.execPath, ["--test", "--test-reporter=tap", "--test-reporter-destination=test-results/smoke.tap", "--test-reporter=spec", "--test-reporter-destination=stdout", ...smokeFiles()], {
      NEXT_DIST_DIR: TEST_DIST,
      SMOKE_ADMIN_DATABASE_URL: server.adminUrl,
    });
    tallyTap("test-results/smoke.tap");
    return code;
  });

  await stage("e2e", async () => {
    if (!existsSync(`${TEST_DIST}/BUILD_ID`)) {
      console.error(`No production build in ${TEST_DIST}: run without --skip=build first.`);
      return 1;
    }
    const db = await createTestDatabase(server.adminUrl, { prefix: "e2e" });
    // The email-confirmation server gets a database (and so a job queue) of its own: with one
    // shared queue, either server could run the other's mail jobs and build links to its own
    // SITE_URL, which a real deployment (one SITE_URL) never does.
    const confirmDb = await createTestDatabase(server.adminUrl, { prefix: "e2ec" });
    try {
      const seeded = await run("seed", "npx", ["tsx", "--conditions=react-server", "prisma/seed.ts"], { DATABASE_URL: db.url, APP_MODE: "local" });
      if (seeded !== 0) return seeded;
      const e2ePort = await freePort();
      let confirmPort = await freePort();
      while (confirmPort === e2ePort) confirmPort = await freePort();
      const code = await run("e2e", "npx", ["playwright", "test", ...e2eFiles], {
        E2E_DATABASE_URL: db.url,
        E2E_CONFIRM_DATABASE_URL: confirmDb.url,
        // Two separately chosen free ports: "the next port up" may be taken.
        E2E_PORT: String(e2ePort),
        E2E_CONFIRM_PORT: String(confirmPort),
        NEXT_DIST_DIR: TEST_DIST,
        NEXT_TELEMETRY_DISABLED: "1",
        PLAYWRIGHT_JSON_OUTPUT_NAME: "test-results/playwright.json",
      });
      tallyPlaywright("test-results/playwright.json");
      return code;
    } finally {
      await db.drop().catch(() => {});
      await confirmDb.drop().catch(() => {});
    }
  });
} finally {
  await server?.stop().catch(() => {});
}

console.log(`\nStages: ${timings.join(", ")}; total ${((Date.now() - started) / 1000).toFixed(0)}s`);
if (failedStage) {
  console.log(`FAILED at stage: ${failedStage}`);
  // A stage that fails without failing tests (types, lint, build) still counts as a failure.
  if (counts.failed === 0) counts.failed = 1;
}
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(failedStage || counts.failed ? 1 : 0);
