// HTTP part of `npm run bench`: autocannon against a production `node scripts/start.mjs` and,
// in the same run, against a raw node:http + pg server (the baseline), so the figures can be
// read as ratios on a noisy machine. Prints one table with the targets of docs/performance.md.
import { type ChildProcess, fork, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../lib/embedded-db.mjs";

type Target = { minRps?: number; maxP99?: number; minBaselineShare?: number };
type Route = { name: string; path: string; headers?: Record<string, string>; expectStatus: number; target?: Target; baseline?: boolean };
type Row = { route: Route; rps: number; p50: number; p99: number; wrong: number };

const GUEST_PAGE: Target = { minRps: 800, maxP99: 150 };
const SIGNED_IN_PAGE: Target = { minRps: 250, maxP99: 300 };
const JSON_READ: Target = { minBaselineShare: 0.4 };

export async function waitFor(url: string, timeoutMs: number, child: ChildProcess) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs / 1000} s`);
}

export function stop(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

function cannon(url: string, headers: Record<string, string> | undefined, seconds: number, connections: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon({ url, headers, connections, duration: seconds }, (err, result) => (err ? reject(err) : resolve(result))));
}

function verdict(row: Row, baselineRps: number): string {
  const t = row.route.target;
  if (!t) return "";
  const parts: string[] = [];
  let pass = row.wrong === 0;
  if (t.minRps) {
    parts.push(`≥ ${t.minRps} req/s`);
    pass &&= row.rps >= t.minRps;
  }
  if (t.maxP99) {
    parts.push(`p99 < ${t.maxP99} ms`);
    pass &&= row.p99 < t.maxP99;
  }
  if (t.minBaselineShare) {
    parts.push(`≥ ${t.minBaselineShare * 100}% of baseline`);
    pass &&= row.rps >= t.minBaselineShare * baselineRps;
  }
  return `${parts.join(", ")}: ${pass ? "pass" : "MISS"}${row.wrong ? ` (${row.wrong} wrong statuses)` : ""}`;
}

/** Runs the HTTP benchmark against `databaseUrl` (migrated, throwaway); `sessionToken` signs in. */
export async function runHttpBench(opts: { databaseUrl: string; sessionToken: string }) {
  const seconds = Number(process.env.BENCH_DURATION || 10);
  const connections = Number(process.env.BENCH_CONNECTIONS || 50);
  const distDir = process.env.NEXT_DIST_DIR || ".next-bench";
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gs-bench-"));
  const [appPort, basePort] = [await freePort(), await freePort()];
  let app: ChildProcess | null = null;
  let baseline: ChildProcess | null = null;
  try {
    baseline = fork("scripts/bench/baseline-server.mjs", { env: { ...process.env, DATABASE_URL: opts.databaseUrl, PORT: String(basePort) }, stdio: "ignore" });
    console.log(`\nStarting the app (node scripts/start.mjs, ${distDir}; builds first when the build is missing or stale)…`);
    app = spawn(process.execPath, ["scripts/start.mjs"], {
      // Output goes nowhere, as a service's would go to a log collector; the access log still costs its writes.
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        DATABASE_URL: opts.databaseUrl,
        APP_MODE: "local",
        PORT: String(appPort),
        HOST: "127.0.0.1",
        NEXT_DIST_DIR: distDir,
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "info",
      },
    });
    await waitFor(`http://127.0.0.1:${basePort}/`, 10_000, baseline);
    await waitFor(`http://127.0.0.1:${appPort}/api/health`, 15 * 60_000, app);

    const cookie = { cookie: `session=${opts.sessionToken}; signed_in=1` };
    const routes: Route[] = [
      { name: "baseline: node:http + pg, health query", path: "", expectStatus: 200, baseline: true },
      { name: "GET /api/health", path: "/api/health", expectStatus: 200, target: JSON_READ },
      { name: "GET /api/v1/user (guest, 401)", path: "/api/v1/user", expectStatus: 401, target: JSON_READ },
      { name: "GET /", path: "/", expectStatus: 200, target: GUEST_PAGE },
      { name: "GET /rules", path: "/rules", expectStatus: 200, target: GUEST_PAGE },
      { name: "GET /login", path: "/login", expectStatus: 200, target: GUEST_PAGE },
      { name: "GET /terms", path: "/terms", expectStatus: 200, target: GUEST_PAGE },
      { name: "GET /account (signed in)", path: "/account", headers: cookie, expectStatus: 200, target: SIGNED_IN_PAGE },
      // The forums and news have no HTTP target: figures for the home page's Latest News call and the forum index.
      { name: "GET /api/v1/news/latest?amount=3", path: "/api/v1/news/latest?amount=3", expectStatus: 200 },
      { name: "GET /forums (guest)", path: "/forums", expectStatus: 200 },
      { name: "GET /images/news/default.svg (file)", path: "/images/news/default.svg", expectStatus: 200 },
    ];
    const rows: Row[] = [];
    for (const route of routes) {
      const url = route.baseline ? `http://127.0.0.1:${basePort}/` : `http://127.0.0.1:${appPort}${route.path}`;
      const probe = await fetch(url, { headers: route.headers, redirect: "manual" });
      if (probe.status !== route.expectStatus) throw new Error(`${route.name}: expected ${route.expectStatus}, got ${probe.status}`);
      await cannon(url, route.headers, Math.min(2, seconds), connections); // warm-up, not counted
      const r = await cannon(url, route.headers, seconds, connections);
      const counts = r.statusCodeStats;
      const total = Object.values(counts).reduce((n, s) => n + s.count, 0);
      rows.push({
        route,
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        wrong: total - (counts[String(route.expectStatus)]?.count ?? 0) + r.errors,
      });
      process.stdout.write(".");
    }
    console.log("");
    printTable(rows, seconds, connections);
  } finally {
    await Promise.all([stop(app), stop(baseline)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printTable(rows: Row[], seconds: number, connections: number) {
  const baselineRps = rows.find((r) => r.route.baseline)?.rps ?? 0;
  const table = rows.map((r) => [
    r.route.name,
    Math.round(r.rps).toLocaleString("en-US"),
    `${r.p50} ms`,
    `${r.p99} ms`,
    baselineRps ? `${((r.rps / baselineRps) * 100).toFixed(1)}%` : "",
    verdict(r, baselineRps),
  ]);
  const head = ["route", "req/s", "p50", "p99", "% of baseline", "target"];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 1 && i <= 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(" | ")} |`;
  console.log(`\nHTTP: autocannon, ${connections} connections, ${seconds} s a route (after a warm-up), ${os.cpus().length} cores`);
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i >= 1 && i <= 4 ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`);
  for (const row of table) console.log(line(row));
}
