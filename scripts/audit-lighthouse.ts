// npm run audit:lighthouse — Lighthouse figures for the public pages, pinned down.
// Mobile profile (Lighthouse's default emulation and simulated throttling), categories
// performance / accessibility / best practices / SEO, RUNS runs a page (default 3, taken in
// rounds so a burst of load hits every page alike) and the median run by performance score.
// Beside every figure: the load average before the run and Lighthouse's benchmark index.
//
// Without --url it starts the production app itself, as `npm run bench` does: a throwaway
// database (on BENCH_DATABASE_URL's server, an admin URL, else an embedded PostgreSQL), then
// `node scripts/start.mjs` with APP_MODE=local (migrations + the demo seed), a free port and
// NEXT_DIST_DIR (default .next-bench, the benchmark's build; start.mjs builds when it is
// missing or stale). With --url=http://host:port it measures a running site instead.
//
//   npm run audit:lighthouse
//   npm run audit:lighthouse -- --pages=/,/register --runs=5
//   npm run audit:lighthouse -- --url=http://localhost:3000 --user=Player --password=…
//
// Options: --runs=N, --pages=a,b (paths; "thread" is the discovered forum thread, "/store"
// is always measured signed in), --thread=ID, --out=FILE (JSON, default
// test-results/lighthouse.json), --reports=DIR (every run's full Lighthouse JSON, default
// test-results/lighthouse), --user / --password (default: the local demo player).
// Chromium: CHROME_PATH, default /usr/bin/chromium. Nothing is downloaded.
// Exit code 1 when a page could not be measured at all; a median below the target is
// printed as MISS but is a measurement, not a failure.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { stop, waitFor } from "./bench/http";
import { CATEGORIES, type Category, formatReport, medianRun, misses, ok, type RunResult } from "./lib/lighthouse-summary";

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];
type Page = { path: string; label: string; signedIn: boolean };

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, "").split("=");
    return [k!, v.join("=")] as const;
  }),
);
const RUNS = Number(args.get("runs") || 3);
const OUT = args.get("out") || "test-results/lighthouse.json";
const REPORTS = args.get("reports") || "test-results/lighthouse";
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const DEMO_PLAYER = { username: "Player", password: "Ember!Player1" }; // prisma/seed-demo.ts
const DEFAULT_PAGES = ["/", "/rules", "/login", "/register", "/hiscores", "thread", "/store"];
// Headless, and what a container needs; chrome-launcher adds its own quiet defaults
// (--disable-background-networking, --disable-component-update, --disable-sync, --no-first-run …).
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"];

const say = (msg: string) => console.error(`[lighthouse] ${msg}`);

/** Signs in through the site's own API; returns the cookies it set (session + the signed_in hint). */
async function signIn(base: string, user: { username: string; password: string }) {
  const res = await fetch(`${base}/api/v1/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(user),
  });
  const body = (await res.json().catch(() => ({}))) as { two_factor_required?: boolean };
  if (!res.ok || body.two_factor_required) throw new Error(`signing in as ${user.username} failed: HTTP ${res.status} ${JSON.stringify(body)}`);
  const cookies = res.headers.getSetCookie().map((c) => {
    const [pair, ...attrs] = c.split(";").map((s) => s.trim());
    const eq = pair!.indexOf("=");
    const lower = attrs.map((a) => a.toLowerCase());
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), httpOnly: lower.includes("httponly"), secure: lower.includes("secure") };
  });
  if (!cookies.some((c) => /session$/.test(c.name))) throw new Error("the login answer set no session cookie");
  return cookies;
}

/** A forum thread with posts: --thread, else the longest of the newest twenty. */
async function findThread(base: string): Promise<number> {
  if (args.get("thread")) return Number(args.get("thread"));
  const res = await fetch(`${base}/api/v1/forums/threads/latest?amount=20`);
  const threads = res.ok ? ((await res.json()) as { id: number; post_count: number }[]) : [];
  if (!threads.length) throw new Error("no forum thread to measure (GET /api/v1/forums/threads/latest was empty); pass --thread=ID");
  return threads.reduce((best, t) => (t.post_count > best.post_count ? t : best)).id;
}

function chromiumVersion(): string {
  try {
    // Debian's wrapper script may print a harmless shell warning to stderr; the version is on stdout.
    return execFileSync(CHROME_PATH, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
      .trim()
      .split("\n")[0]!;
  } catch (e) {
    throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH): ${e instanceof Error ? e.message : e}`);
  }
}

const audit = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? null;

/** One Lighthouse run in a fresh Chromium (fresh profile: no cache, no cookies but ours). */
async function lighthouseRun(url: string, cookies: Awaited<ReturnType<typeof signIn>> | null): Promise<Lhr> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  let browser: Awaited<ReturnType<typeof puppeteer.connect>> | null = null;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    if (cookies) {
      // Real browser cookies rather than an extra Cookie header: the navbar island reads the
      // signed_in hint from document.cookie, which an injected header would not reach.
      const host = new URL(url).hostname;
      await browser.setCookie(...cookies.map((c) => ({ ...c, domain: host, path: "/", sameSite: "Lax" as const })));
    }
    const page = await browser.newPage();
    const result = await lighthouse(url, { logLevel: "error", output: "json", onlyCategories: [...CATEGORIES] }, undefined, page);
    if (!result) throw new Error("Lighthouse returned nothing");
    return result.lhr;
  } finally {
    await browser?.disconnect().catch(() => {});
    chrome.kill();
  }
}

function toResult(page: string, run: number, lhr: Lhr | null, load: number, error?: string): RunResult {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => {
      const s = lhr?.categories[c]?.score;
      return [c, typeof s === "number" ? Math.round(s * 100) : null];
    }),
  ) as Record<Category, number | null>;
  return {
    page,
    run,
    scores,
    tbt: lhr ? audit(lhr, "total-blocking-time") : null,
    lcp: lhr ? audit(lhr, "largest-contentful-paint") : null,
    fcp: lhr ? audit(lhr, "first-contentful-paint") : null,
    cls: lhr ? audit(lhr, "cumulative-layout-shift") : null,
    load,
    benchmarkIndex: lhr?.environment.benchmarkIndex ?? null,
    error: error ?? (lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : undefined),
  };
}

/** One run of one page, retried once when Lighthouse fails or scores performance 0 (NO_NAVSTART and kin). */
async function measure(page: Page, url: string, run: number, cookies: Awaited<ReturnType<typeof signIn>> | null) {
  let last: { result: RunResult; lhr: Lhr | null } | null = null;
  for (let attempt = 1; attempt <= 2; attempt++) {
    const load = os.loadavg()[0]!;
    let lhr: Lhr | null = null;
    let result: RunResult;
    try {
      lhr = await lighthouseRun(url, page.signedIn ? cookies : null);
      result = toResult(page.label, run, lhr, load);
      if (!result.error && !ok(result)) result.error = "performance scored 0";
    } catch (e) {
      result = toResult(page.label, run, null, load, e instanceof Error ? e.message.split("\n")[0] : String(e));
    }
    if (attempt === 2) result.retried = true;
    last = { result, lhr };
    if (!result.error) break;
    say(`${page.label} run ${run}${attempt === 1 ? ", first attempt" : ""} failed: ${result.error}`);
  }
  return last!;
}

/** The main-thread story of a run: what the issue asks to look at where performance misses. */
function mainThreadNotes(lhr: Lhr): string[] {
  const notes: string[] = [];
  type Item = Record<string, unknown>;
  const items = (id: string) => ((lhr.audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
  const short = (u: unknown) => String(u).replace(/^https?:\/\/[^/]+/, "");
  const breakdown = items("mainthread-work-breakdown")
    .slice(0, 6)
    .map((i) => `${i.groupLabel ?? i.group} ${Math.round(Number(i.duration))} ms`);
  notes.push(`main thread ${Math.round(audit(lhr, "mainthread-work-breakdown") ?? 0)} ms: ${breakdown.join(", ")}`);
  const boot = items("bootup-time")
    .slice(0, 6)
    .map(
      (i) => `${short(i.url)} ${Math.round(Number(i.total))} ms (script ${Math.round(Number(i.scripting))}, parse ${Math.round(Number(i.scriptParseCompile))})`,
    );
  notes.push(`JS execution ${Math.round(audit(lhr, "bootup-time") ?? 0)} ms: ${boot.join("; ")}`);
  const long = items("long-tasks")
    .slice(0, 6)
    .map((i) => `${short(i.url)} at ${Math.round(Number(i.startTime))} ms for ${Math.round(Number(i.duration))} ms`);
  notes.push(`long tasks (${items("long-tasks").length}): ${long.join("; ") || "none"}`);
  const unused = items("unused-javascript")
    .slice(0, 5)
    .map((i) => `${short(i.url)} ${Math.round(Number(i.wastedBytes) / 1024)} of ${Math.round(Number(i.totalBytes) / 1024)} kB`);
  if (unused.length) notes.push(`unused JS: ${unused.join("; ")}`);
  for (const c of CATEGORIES.filter((c) => c !== "performance")) {
    const failing = (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    if (failing.length) notes.push(`${c} fails: ${failing.join(", ")}`);
  }
  return notes;
}

async function main() {
  const chromium = chromiumVersion();
  const pages: Page[] = (args.get("pages")?.split(",") ?? DEFAULT_PAGES).map((p) => ({ path: p, label: p, signedIn: p === "/store" }));
  let app: ChildProcess | null = null;
  let database: { drop: () => Promise<void> } | null = null;
  let server: { stop: () => Promise<void> } | null = null;
  let dataDir: string | null = null;
  let base = args.get("url")?.replace(/\/$/, "");
  try {
    if (!base) {
      const { createTestDatabase, startTestServer } = await import("../tests/setup/test-db.mjs");
      const { freePort } = await import("./lib/embedded-db.mjs");
      if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
      const pgServer = await startTestServer();
      server = pgServer;
      const db = await createTestDatabase(pgServer.adminUrl, { prefix: "lighthouse" });
      database = db;
      const distDir = process.env.NEXT_DIST_DIR || ".next-bench";
      dataDir = mkdtempSync(path.join(os.tmpdir(), "gs-lighthouse-"));
      const port = await freePort();
      // localhost, not 127.0.0.1: the origin must be SITE_URL's (start.mjs sets http://localhost:PORT),
      // or canonical links and the same-origin checks would point elsewhere.
      base = `http://localhost:${port}`;
      say(`starting the app (node scripts/start.mjs, ${distDir}; builds first when the build is missing or stale)…`);
      app = spawn(process.execPath, ["scripts/start.mjs"], {
        // Its output (the build, then warnings) goes to stderr, so stdout holds only the report.
        stdio: ["ignore", 2, "inherit"],
        env: {
          ...process.env,
          DATABASE_URL: db.url,
          APP_MODE: "local",
          PORT: String(port),
          HOST: "127.0.0.1",
          NEXT_DIST_DIR: distDir,
          DATA_DIR: dataDir,
          LOG_LEVEL: "warn",
        },
      });
      await waitFor(`http://127.0.0.1:${port}/api/health`, 15 * 60_000, app);
    }
    const user = { username: args.get("user") || DEMO_PLAYER.username, password: args.get("password") || DEMO_PLAYER.password };
    const cookies = pages.some((p) => p.signedIn) ? await signIn(base, user) : null;
    for (const p of pages) {
      if (p.path === "thread") {
        p.path = `/forums/thread/${await findThread(base)}`;
        p.label = `${p.path} (forum thread)`;
      }
      if (p.signedIn) p.label = `${p.path} (signed in)`;
      // One plain request first, so no run pays for a cold server path.
      const res = await fetch(`${base}${p.path}`, {
        headers: p.signedIn && cookies ? { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") } : {},
        redirect: "manual",
      });
      if (res.status !== 200) throw new Error(`${p.path} answered ${res.status}, not 200${p.signedIn ? " (signed in)" : ""}`);
      await res.arrayBuffer();
    }

    mkdirSync(REPORTS, { recursive: true });
    const runs: RunResult[] = [];
    const lhrs = new Map<RunResult, Lhr>();
    let lighthouseVersion = "?";
    for (let run = 1; run <= RUNS; run++) {
      for (const p of pages) {
        const { result, lhr } = await measure(p, `${base}${p.path}`, run, cookies);
        runs.push(result);
        if (lhr) {
          lighthouseVersion = lhr.lighthouseVersion;
          lhrs.set(result, lhr);
          const file = `${p.path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${run}.json`;
          writeFileSync(path.join(REPORTS, file), JSON.stringify(lhr));
        }
        say(
          `${p.label} run ${run}: ${result.error ? `failed (${result.error})` : CATEGORIES.map((c) => `${c} ${result.scores[c]}`).join(", ")}, TBT ${Math.round(result.tbt ?? 0)} ms, load ${result.load.toFixed(2)}`,
        );
      }
    }

    const labels = pages.map((p) => p.label);
    const meta = { chromium, lighthouse: lighthouseVersion, cores: os.cpus().length, date: new Date().toISOString().replace(/\.\d+Z$/, "Z"), base };
    console.log(`\n${formatReport(labels, runs, meta)}\n`);

    const medians = labels.map((label) => ({ label, median: medianRun(runs.filter((r) => r.page === label)) }));
    for (const { label, median } of medians) {
      if (!median || !misses(median).length) continue;
      console.log(`${label}, median run ${median.run} (MISS: ${misses(median).join(", ")}):`);
      for (const line of mainThreadNotes(lhrs.get(median)!)) console.log(`  - ${line}`);
    }

    mkdirSync(path.dirname(OUT), { recursive: true });
    writeFileSync(
      OUT,
      JSON.stringify(
        {
          ...meta,
          runsPerPage: RUNS,
          pages: medians.map(({ label, median }) => ({ page: label, medianRun: median?.run ?? null, misses: median ? misses(median) : null })),
          runs,
        },
        null,
        2,
      ),
    );
    say(`results in ${OUT}, full reports in ${REPORTS}/`);
    const unmeasured = medians.filter((m) => !m.median).map((m) => m.label);
    if (unmeasured.length) {
      console.error(`[lighthouse] not measured: ${unmeasured.join(", ")}`);
      process.exitCode = 1;
    }
  } finally {
    await stop(app);
    await database?.drop().catch((e) => say(`dropping the database failed: ${e.message}`));
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`[lighthouse] ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
