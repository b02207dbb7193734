#!/usr/bin/env node
// `npm test`: types and lint, unit, integration (real PostgreSQL), production build, then the
// smoke tests (tests/smoke) after Playwright in Chromium against the built site. One PostgreSQL serves the whole run:
// TEST_DATABASE_URL's server when set, otherwise an embedded one started here.
// The build stage also packages the production folder (scripts/package-standalone.mjs).
// Flags: --only=unit,integration,... to run some stages; --skip=build,e2e to leave some out;
// --e2e=tests/e2e/a.spec.ts,tests/e2e/b.spec.ts to run only those Playwright files; --dist=DIR to
// build into and serve from DIR instead of .next-test (two people testing at once on one machine).
import os from "node:os";
import { spawn } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
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

/**
 * Runs one command of a stage. With `logFile` its output goes to that file and is printed as one
 * block when it ends, so a stage running beside another does not interleave its lines.
 */
function run(label, cmd, cmdArgs, env = {}, { logFile, nice = 0 } = {}) {
  return new Promise((resolve) => {
    const t = Date.now();
    console.log(`\n▶ ${label}: ${cmd} ${cmdArgs.join(" ")}${logFile ? ` (output in ${logFile}, printed when it ends)` : ""}`);
    const out = logFile ? openSync(logFile, "w") : null;
    const child = spawn(cmd, cmdArgs, { stdio: out === null ? "inherit" : ["ignore", out, out], env: { ...process.env, ...env } });
    // A lower priority (inherited by everything it starts) for a stage running beside the
    // critical path, so that one gets the cores first; a failure to set it changes nothing else.
    if (nice && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, nice);
      } catch {}
    }
    child.on("exit", (code, signal) => {
      const seconds = ((Date.now() - t) / 1000).toFixed(1);
      timings.push(`${label} ${seconds}s`);
      if (out !== null) {
        closeSync(out);
        let text;
        try {
          text = readFileSync(logFile, "utf8");
        } catch (e) {
          text = `(its log ${logFile} could not be read: ${e instanceof Error ? e.message : String(e)})`;
        }
        console.log(`\n▼ ${label} (${seconds}s):\n${text}`);
      }
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
  if (code !== 0) failedStage = failedStage ? `${failedStage}, ${name}` : name;
}

mkdirSync("test-results", { recursive: true });
const TEST_DIST = args.dist || ".next-test";
const e2eFiles = args.e2e ? args.e2e.split(",").filter(Boolean) : [];
let server = null;
/** @type {Promise<{ db: { url: string, drop(): Promise<void> }, confirmDb: { url: string, drop(): Promise<void> }, seeded: number }> | null} */
let e2eDatabases = null;

/** The e2e servers' databases: the seeded one, and the email-confirmation server's own. */
async function prepareE2eDatabases() {
  const db = await createTestDatabase(server.adminUrl, { prefix: "e2e" });
  // The email-confirmation server gets a database (and so a job queue) of its own: with one
  // shared queue, either server could run the other's mail jobs and build links to its own
  // SITE_URL, which a real deployment (one SITE_URL) never does.
  const confirmDb = await createTestDatabase(server.adminUrl, { prefix: "e2ec" });
  const seeded = await run(
    "seed",
    "npx",
    ["tsx", "--conditions=react-server", "prisma/seed.ts"],
    { DATABASE_URL: db.url, APP_MODE: "local" },
    { logFile: "test-results/seed.log" },
  );
  return { db, confirmDb, seeded };
}

try {
  // Side by side: lint (ESLint, then Prettier's check: the longest, one core), and on the other
  // types then the unit tests; the tests' PostgreSQL starts meanwhile. Lint's output is printed as
  // one block when it ends.
  const needsDb = want("integration") || want("e2e") || want("smoke");
  const pgStarting = needsDb ? startTestServer() : null;
  pgStarting?.catch(() => {});
  await Promise.all([
    stage("lint", () => run("lint", "npm", ["run", "--silent", "lint"], {}, { logFile: "test-results/lint.log" })),
    (async () => {
      await stage("typecheck", () => run("typecheck", "npx", ["tsc", "--noEmit"]));
      await stage("unit", async () => {
        const code = await run("unit", "npx", [
          "vitest",
          "run",
          "--project",
          "unit",
          "--reporter=default",
          "--reporter=json",
          "--outputFile.json=test-results/vitest-unit.json",
        ]);
        tallyVitest("test-results/vitest-unit.json");
        return code;
      });
    })(),
  ]);
  if (pgStarting) {
    server = await pgStarting;
    console.log(`\nPostgreSQL for tests: ${process.env.TEST_DATABASE_URL ? "TEST_DATABASE_URL" : "embedded"}`);
  }

  // Not beside the build: tried, and with both on two cores the API fuzz, the backup test and
  // the concurrent hiscore pushes ran past their time limits.
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

  // The e2e databases are made and seeded while the build runs: the seed needs no build.
  if (!failedStage && want("e2e")) {
    e2eDatabases = prepareE2eDatabases();
    e2eDatabases.catch(() => {}); // awaited by the e2e stage; not an unhandled rejection meanwhile
  }

  await stage("build", async () => {
    // With standalone output, packaged into the production image's folder, which the smoke stage
    // runs from a clean copy (tests/smoke/standalone.test.mjs); `npm start` serves the same build.
    // The typecheck stage already checked these sources (a failure there stops the run before
    // here): the build does not check them again (next.config.mjs).
    const typesChecked = want("typecheck") ? { NEXT_TYPES_CHECKED: "1" } : {};
    const code = await run("build", "npx", ["next", "build"], {
      NEXT_DIST_DIR: TEST_DIST,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_STANDALONE: "1",
      ...typesChecked,
    });
    // The smoke stage's `npm start` finds this build current instead of building again.
    if (code === 0) writeFileSync(`${TEST_DIST}/.source-stamp`, sourceStamp());
    return code === 0 ? run("package", process.execPath, ["scripts/package-standalone.mjs"], { NEXT_DIST_DIR: TEST_DIST }) : code;
  });

  // Smoke after e2e, not beside it: on two cores the smoke files (two instances behind a balancer,
  // the mixed load, the standalone copy, embedded servers of their own) pushed the load average
  // past 15, and Playwright's axe checks and hydrated menus then ran past their time limits.
  // Each has its own databases and ports. Smoke's output is printed whole when it ends.
  const smoke = async () =>
    stage("smoke", async () => {
      // Two files at a time, for the same reason.
      const code = await run(
        "smoke",
        process.execPath,
        [
          "--test",
          "--test-concurrency=2",
          "--test-reporter=tap",
          "--test-reporter-destination=test-results/smoke.tap",
          "--test-reporter=spec",
          "--test-reporter-destination=stdout",
          ...smokeFiles(),
        ],
        { NEXT_DIST_DIR: TEST_DIST, SMOKE_ADMIN_DATABASE_URL: server.adminUrl },
        // At a lower priority, as it always ran.
        { logFile: "test-results/smoke.log", nice: 10 },
      );
      tallyTap("test-results/smoke.tap");
      return code;
    });

  const e2e = stage("e2e", async () => {
    if (!existsSync(`${TEST_DIST}/BUILD_ID`)) {
      console.error(`No production build in ${TEST_DIST}: run without --skip=build first.`);
      return 1;
    }
    const { db, confirmDb, seeded } = await e2eDatabases;
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
  });
  await e2e;
  await smoke();
} finally {
  const e2e = await e2eDatabases?.catch(() => null);
  await e2e?.db.drop().catch(() => {});
  await e2e?.confirmDb.drop().catch(() => {});
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
