// npm run bench:cpu — what a request costs in CPU milliseconds, of the web server's processes and
// of PostgreSQL's, as a multiple of /terms (a prerendered page) measured in the same run, beside
// a raw node:http + pg server doing one indexed query. Figures, not pass/fail: a MISS is printed.
//
// CPU time is read from /proc (utime + stime, children included) for the app's process tree
// (scripts/start.mjs, its server and workers) and for PostgreSQL's (the postmaster and every
// backend), before and after each route's run; divided by the requests answered in that run.
//
// A throwaway database (BENCH_DATABASE_URL's server, else an embedded one) with the demo seed,
// BENCH_HISCORE_PLAYERS (10,000) generated hiscores players, a 10-post and a 20-post thread.
// The production app (NEXT_DIST_DIR, default .next-bench) with TRUST_PROXY, so each request can
// come from its own address and no rate limit is what gets measured. autocannon with
// BENCH_CONNECTIONS (50) for BENCH_DURATION seconds (10) a route after a 2-second warm-up;
// BENCH_ROUNDS (1) rounds over all routes, the median round reported. BENCH_ROUTES=a,b keeps
// the routes whose names contain one of the words (the reference and the baseline always run).
// BENCH_PROFILE=<folder> writes the app's CPU profiles there (scripts/bench/profile-summary.mjs).
import { type ChildProcess, execFileSync, fork, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { freePort } from "../lib/embedded-db.mjs";
import { createTestDatabase, startTestServer } from "../../tests/setup/test-db.mjs";
import { stop, waitFor } from "./http";
import { benchThread, seedSite } from "./site-data";

type Ctx = Record<string, unknown>;
type Request = {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: Request, context: Ctx) => Request;
  onResponse?: (status: number, body: string, context: Ctx) => void;
};
type Route = {
  name: string;
  path: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  /** Per-request changes (a fresh address, key or token); the request's context is its connection's. */
  setup?: (req: Request, context: Ctx) => Request;
  onResponse?: (status: number, body: string, context: Ctx) => void;
  expectStatus?: number;
  /** The target, as a multiple of /terms's CPU per request. */
  target?: number;
  baseline?: boolean;
};
type Row = { route: Route; rps: number; p99: number; requests: number; appMs: number; dbMs: number; wrong: number; statuses: string };

const seconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 1);
const hiscorePlayers = Number(process.env.BENCH_HISCORE_PLAYERS ?? 10_000);
const distDir = process.env.NEXT_DIST_DIR ?? ".next-bench";
const only = (process.env.BENCH_ROUTES ?? "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
} catch {
  // getconf missing: Linux's USER_HZ is 100 everywhere it runs
}

/** utime, stime, cutime, cstime and the parent of one process, or null when it is gone. */
function procStat(pid: number): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: the fields start after the last ")".
    const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) };
  } catch {
    return null;
  }
}

/** CPU milliseconds used so far by `root` and every process below it (reaped children included). */
function treeCpuMs(root: number): number {
  const children = new Map<number, number[]>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const s = procStat(pid);
    if (!s) continue;
    ticks.set(pid, s.ticks);
    const list = children.get(s.ppid) ?? [];
    list.push(pid);
    children.set(s.ppid, list);
  }
  let total = 0;
  const stack = [root];
  while (stack.length) {
    const pid = stack.pop()!;
    total += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return (total * 1000) / ticksPerSecond;
}

function cannon(url: string, route: Route, duration: number): Promise<autocannon.Result> {
  const request: Request = { method: route.method ?? "GET", path: new URL(url).pathname + new URL(url).search, headers: route.headers };
  if (route.setup) request.setupRequest = route.setup;
  if (route.onResponse) request.onResponse = route.onResponse;
  return new Promise((resolve, reject) =>
    autocannon({ url, connections, duration, requests: [request] } as autocannon.Options, (err, result) => (err ? reject(err) : resolve(result))),
  );
}

let addressCounter = 0;
/** A fresh client address for each request: rate limits count per address (TRUST_PROXY is on). */
function nextAddress(): string {
  const n = ++addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

async function main() {
  if (process.platform !== "linux") throw new Error("bench:cpu reads /proc: it runs on Linux");
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer();
  const database = await createTestDatabase(server.adminUrl, { prefix: "benchcpu" });
  process.env.DATABASE_URL = database.url;
  process.env.AUTH_SECRET ??= "bench-secret-0123456789abcdef0123456789";
  process.env.LOG_LEVEL = "silent";
  const say = (m: string) => console.log(`[bench:cpu] ${m}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gs-bench-cpu-"));
  let app: ChildProcess | null = null;
  let baseline: ChildProcess | null = null;
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  const [appPort, basePort] = [await freePort(), await freePort()];
  // Access tokens name the site as their issuer: the tokens made here must be the app's.
  process.env.SITE_URL = `http://127.0.0.1:${appPort}`;
  try {
    await seedSite(database.url, hiscorePlayers, say);

    const { db } = await import("../../lib/server/db");
    const { createBrowserSession } = await import("../../lib/server/sessions/browser-sessions");
    const { issueTokenPair } = await import("../../lib/server/sessions/api-tokens");
    const { grantCredits } = await import("../../lib/server/store/admin/grant-credits");
    const player = await db.user.findFirstOrThrow({ where: { username: "Player" } });
    const owner = await db.user.findFirstOrThrow({ where: { privilege: "OWNER" }, orderBy: { id: "asc" } });
    const forum = await db.forum.findFirstOrThrow({ where: { staffOnly: false }, orderBy: { id: "asc" } });
    const actor = { userId: player.id, username: player.username, isStaff: false };
    const thread10 = await benchThread(actor, forum.id, 10, "10 posts on the benchmark");
    const thread20 = await benchThread(actor, forum.id, 20, "20 posts on the benchmark");
    await grantCredits({ username: player.username, amount: 100_000_000, reason: "cpu benchmark" }, { actorId: owner.id, privilege: "OWNER", ip: null });
    const session = await createBrowserSession(player.id, { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36", ip: null });
    const staffSession = await createBrowserSession(owner.id, { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36", ip: null });
    const { access } = await issueTokenPair(player.id, { userAgent: "bench", ip: null });
    // Live refresh tokens: a request takes one and puts back the one it was given in exchange, so
    // no token is presented twice (that would revoke its family) and none is in two requests at once.
    const refreshTokens: string[] = [];
    for (let i = 0; i < connections * 4; i++) refreshTokens.push((await issueTokenPair(player.id, { userAgent: "bench", ip: null })).refresh);
    const { rows: products } = await sql.query<{ id: number }>(
      `SELECT p.id FROM store_products p JOIN store_categories c ON c.id = p."categoryId" WHERE p.active AND NOT c.hidden AND p.price >= 1 ORDER BY p.price, p.id LIMIT 1`,
    );
    const { rows: ranked } = await sql.query<{ username: string }>(
      `SELECT username FROM users WHERE "emailKey" LIKE '%@generated.invalid' ORDER BY id LIMIT 1`,
    );
    if (!products[0] || !ranked[0]) throw new Error("the seed left no product or no hiscores player");
    const productId = products[0].id;
    const rankedName = encodeURIComponent(ranked[0].username);
    await db.$disconnect();

    const cookie = { cookie: `session=${session.token}; signed_in=1` };
    const staffCookie = { cookie: `session=${staffSession.token}; signed_in=staff` };
    const allRoutes: Route[] = [
      { name: "/terms (prerendered: the reference)", path: "/terms" },
      { name: "baseline: node:http + pg, one indexed query", path: "/", baseline: true },
      // The floor of a Next route handler here: one small query, no session.
      { name: "GET /api/health (a route handler's floor)", path: "/api/health" },
      { name: "signed-in forum index", path: "/forums", headers: cookie, target: 4 },
      { name: "signed-in forum", path: `/forums/${forum.id}`, headers: cookie },
      { name: "signed-in 10-post thread", path: `/forums/thread/${thread10}`, headers: cookie, target: 6 },
      { name: "signed-in 20-post thread", path: `/forums/thread/${thread20}`, headers: cookie },
      { name: "signed-in thread JSON, 10 posts", path: `/api/v1/forums/thread/${thread10}`, headers: cookie, target: 2.5 },
      // Staff's reads are answered per request (they see hidden posts): the cost of the answer itself.
      { name: "thread JSON as staff (rendered each time)", path: `/api/v1/forums/thread/${thread10}`, headers: staffCookie },
      { name: "/account (signed in)", path: "/account", headers: cookie, target: 4 },
      { name: "/store (signed in)", path: "/store", headers: cookie, target: 4 },
      { name: "/vote (signed in)", path: "/vote", headers: cookie, target: 4 },
      { name: "/hiscores (signed in)", path: "/hiscores", headers: cookie },
      { name: "player page (signed in)", path: `/hiscores/player/${rankedName}`, headers: cookie },
      { name: "hiscores player JSON", path: `/api/v1/hiscores/player/${rankedName}` },
      {
        name: "store purchase (POST, bearer)",
        path: "/api/v1/store/purchase",
        method: "POST",
        headers: { authorization: `Bearer ${access}`, "content-type": "application/json" },
        setup: (req) => ({ ...req, body: JSON.stringify({ id: productId }), headers: { ...req.headers, "idempotency-key": randomUUID() } }),
      },
      {
        name: "token refresh (POST)",
        path: "/api/v1/token/refresh",
        method: "POST",
        headers: { "content-type": "application/json" },
        setup: (req) => ({ ...req, body: JSON.stringify({ refresh: refreshTokens.shift() }), headers: { ...req.headers, "x-forwarded-for": nextAddress() } }),
        onResponse: (status, body) => {
          if (status === 200) refreshTokens.push((JSON.parse(body) as { refresh: string }).refresh);
        },
      },
    ];
    const routes = allRoutes.filter((r) => !only.length || r.name.includes("reference") || r.baseline || only.some((w) => r.name.includes(w)));

    baseline = fork("scripts/bench/baseline-server.mjs", {
      env: { ...process.env, DATABASE_URL: database.url, PORT: String(basePort), BASELINE_QUERY: "user-by-id", BASELINE_USER_ID: String(player.id) },
      stdio: "ignore",
    });
    say(`starting the app (node scripts/start.mjs, ${distDir}; builds first when the build is missing or stale)…`);
    // BENCH_PROFILE=<folder>: every process of the app writes a V8 CPU profile there when it stops
    // (scripts/bench/profile-summary.mjs reads them); the CPU figures of such a run include the profiler's own cost.
    const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE)}`] : [];
    app = spawn(process.execPath, [...profile, "scripts/start.mjs"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        APP_MODE: "local",
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: String(appPort),
        HOST: "127.0.0.1",
        NEXT_DIST_DIR: distDir,
        TRUST_PROXY: "true",
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "info",
      },
    });
    await waitFor(`http://127.0.0.1:${basePort}/`, 10_000, baseline);
    await waitFor(`http://127.0.0.1:${appPort}/api/health`, 15 * 60_000, app);
    // PostgreSQL's process tree: the postmaster is the parent of any backend.
    const { rows: me } = await sql.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    const postmaster = procStat(me[0]!.pid)?.ppid;
    if (!postmaster) throw new Error("could not find PostgreSQL's postmaster in /proc (is the database on another machine?)");

    const all: Row[][] = [];
    for (let round = 1; round <= rounds; round++) {
      const rows: Row[] = [];
      for (const route of routes) {
        const root = route.baseline ? baseline.pid! : app.pid!;
        const url = route.baseline ? `http://127.0.0.1:${basePort}${route.path}` : `http://127.0.0.1:${appPort}${route.path}`;
        const expect = route.expectStatus ?? 200;
        await cannon(url, route, 2); // warm-up, not counted
        const [app0, db0] = [treeCpuMs(root), treeCpuMs(postmaster)];
        const r = await cannon(url, route, seconds);
        const [app1, db1] = [treeCpuMs(root), treeCpuMs(postmaster)];
        const total = Object.values(r.statusCodeStats).reduce((n, s) => n + s.count, 0);
        const good = r.statusCodeStats[String(expect)]?.count ?? 0;
        rows.push({
          route,
          rps: r.requests.average,
          p99: r.latency.p99,
          requests: total,
          appMs: (app1 - app0) / Math.max(1, total),
          dbMs: (db1 - db0) / Math.max(1, total),
          wrong: total - good + r.errors,
          statuses: Object.entries(r.statusCodeStats)
            .map(([code, s]) => `${code}×${s.count}`)
            .join(", "),
        });
        say(
          `round ${round}: ${route.name}: ${Math.round(r.requests.average)} req/s, ${((app1 - app0 + db1 - db0) / Math.max(1, total)).toFixed(2)} CPU ms a request`,
        );
      }
      all.push(rows);
    }
    printTable(all);
  } finally {
    await Promise.all([stop(app), stop(baseline)]);
    await sql.end();
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
    await server.stop();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

function printTable(all: Row[][]) {
  const names = all[0]!.map((r) => r.route.name);
  const rows = names.map((name, i) => {
    const runs = all.map((round) => round[i]!);
    // The round whose total CPU per request is the median one.
    const cost = (r: Row) => r.appMs + r.dbMs;
    const m = median(runs.map(cost));
    const pick = runs.find((r) => cost(r) === m)!;
    return { name, row: pick, wrong: runs.reduce((n, r) => n + r.wrong, 0), statuses: runs.map((r) => r.statuses).join("; ") };
  });
  const ref = rows.find((r) => r.name.includes("reference"))!.row;
  const refCost = ref.appMs + ref.dbMs;
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
  console.log(
    `\n${new Date().toISOString()} · ${os.cpus().length} cores · load ${load} · c=${connections} · ${seconds} s a route · ${rounds} round(s), median shown · ${hiscorePlayers.toLocaleString("en-US")} hiscores players\n`,
  );
  console.log("| route | req/s | p99 | app CPU ms/req | db CPU ms/req | total | × /terms | target |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const { name, row, wrong, statuses } of rows) {
    const total = row.appMs + row.dbMs;
    const times = total / refCost;
    const t = row.route.target;
    const verdict = t ? `≤ ${t}×: ${times <= t && wrong === 0 ? "pass" : "**MISS**"}` : "";
    console.log(
      `| ${name}${wrong ? ` (${wrong} wrong answers: ${statuses})` : ""} | ${Math.round(row.rps).toLocaleString("en-US")} | ${row.p99} ms | ${row.appMs.toFixed(2)} | ${row.dbMs.toFixed(2)} | ${total.toFixed(2)} | ${times.toFixed(1)}× | ${verdict} |`,
    );
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
