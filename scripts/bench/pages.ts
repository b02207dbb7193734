// npm run bench:pages — the pages players load most, as shares of a prerendered page (/terms)
// measured in the same run. Figures, not pass/fail: a MISS is printed, not thrown.
//
// A throwaway database (BENCH_DATABASE_URL's server, else an embedded one) with the demo seed,
// BENCH_HISCORE_PLAYERS generated hiscores players (default 1,000,000: the ladder pages are read
// at that depth) and a 20-post thread. Two copies of the production app on it (`scripts/start.mjs`,
// NEXT_DIST_DIR, default .next-bench): one as shipped, one with the guest page cache off
// (PAGE_CACHE_TTL_MS=0), so each guest page shows what the cache changes, in the same run.
// autocannon, BENCH_CONNECTIONS (50) for BENCH_DURATION seconds (10) a route, after a warm-up.
// All the while the game pushes: BENCH_PUSHES_PER_SECOND (5) hiscores pushes a second for
// generated players, through the push use case the game API calls, so the pages are measured as
// they are served with the game online (each push announces its player's page; the ladder pages
// follow the refresh loop the apps run: docs/performance.md, "The guest page cache").
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../lib/embedded-db.mjs";
import { createTestDatabase, startTestServer } from "../../tests/setup/test-db.mjs";
import { stop, waitFor } from "./http";
import { benchThread, seedSite } from "./site-data";

type Page = { name: string; path: string; signedIn?: boolean; target?: number };
type Row = { page: Page; server: "cache" | "no cache"; rps: number; p50: number; p99: number; wrong: number };

const seconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const hiscorePlayers = Number(process.env.BENCH_HISCORE_PLAYERS ?? 1_000_000);
const distDir = process.env.NEXT_DIST_DIR ?? ".next-bench";
const pushesPerSecond = Number(process.env.BENCH_PUSHES_PER_SECOND ?? 5);
const GUEST_TARGET = 0.3;
/** The ladder pages, cached, keep pace with /terms while pushes flow. */
const LADDER_TARGET = 1;
const SIGNED_IN_TARGET = 0.15;

function cannon(url: string, headers: Record<string, string> | undefined, duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon({ url, headers, connections, duration }, (err, result) => (err ? reject(err) : resolve(result))));
}

async function startApp(databaseUrl: string, extraEnv: Record<string, string>): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gs-bench-pages-"));
  const child = spawn(process.execPath, ["scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      APP_MODE: "local",
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      NEXT_DIST_DIR: distDir,
      LOG_LEVEL: "silent",
      ...extraEnv,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, 600_000, child);
  return { child, base, dataDir };
}

async function main() {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer();
  const database = await createTestDatabase(server.adminUrl, { prefix: "benchpages" });
  process.env.DATABASE_URL = database.url;
  process.env.AUTH_SECRET ??= "bench-secret-0123456789abcdef0123456789";
  process.env.LOG_LEVEL = "silent";
  const apps: { child: ChildProcess; dataDir: string }[] = [];
  try {
    const say = (m: string) => console.log(`[bench:pages] ${m}`);
    await seedSite(database.url, hiscorePlayers, say);

    const { db } = await import("../../lib/server/db");
    const { createBrowserSession } = await import("../../lib/server/sessions/browser-sessions");
    const player = await db.user.findFirstOrThrow({ where: { username: "Player" } });
    const forum = await db.forum.findFirstOrThrow({ where: { staffOnly: false }, orderBy: { id: "asc" } });
    const actor = { userId: player.id, username: player.username, isStaff: false };
    const thread = { id: await benchThread(actor, forum.id, 20, "Twenty posts on the benchmark") };
    const session = await createBrowserSession(player.id, { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36", ip: null });
    const deepPage = Math.floor(hiscorePlayers / 25 / 2) || 1; // the middle of the Overall ladder
    const ladderPlayer = hiscorePlayers >= 1 ? `g${Math.ceil(hiscorePlayers / 2)}` : "Player";
    // The players the background pushes are for: generated ones, not the one whose page is measured.
    const pushed = (
      await db.user.findMany({ where: { username: { startsWith: "g" }, NOT: { username: ladderPlayer } }, select: { id: true }, take: 2000 })
    ).map((u) => u.id);

    const cookie = { cookie: `session=${session.token}; signed_in=1` };
    const pages: Page[] = [
      { name: "/terms (prerendered: the reference)", path: "/terms" },
      { name: "/forums (guest)", path: "/forums", target: GUEST_TARGET },
      { name: "a 20-post thread (guest)", path: `/forums/thread/${thread.id}`, target: GUEST_TARGET },
      { name: "/news (guest)", path: "/news", target: GUEST_TARGET },
      { name: "/hiscores (guest)", path: "/hiscores", target: LADDER_TARGET },
      { name: "Attack ladder (guest)", path: "/hiscores/attack", target: LADDER_TARGET },
      { name: `Overall ladder page ${deepPage.toLocaleString("en-US")} (guest)`, path: `/hiscores/overall?page=${deepPage}`, target: GUEST_TARGET },
      { name: `player page ${ladderPlayer} (guest)`, path: `/hiscores/player/${ladderPlayer}`, target: GUEST_TARGET },
      { name: "/account (signed in)", path: "/account", signedIn: true, target: SIGNED_IN_TARGET },
      { name: "/store (signed in)", path: "/store", signedIn: true, target: SIGNED_IN_TARGET },
      { name: "/vote (signed in)", path: "/vote", signedIn: true, target: SIGNED_IN_TARGET },
    ];

    say("starting the app twice (as shipped, and with the guest page cache off)…");
    const cached = await startApp(database.url, {});
    apps.push(cached);
    const uncached = await startApp(database.url, { PAGE_CACHE_TTL_MS: "0" });
    apps.push(uncached);

    // The game online: pushes for random generated players in the background.
    const { pushHiscores } = await import("../../lib/server/game/push-hiscores");
    const { SKILLS } = await import("../../lib/skills");
    let pushes = 0;
    let pushErrors = 0;
    let stopPushes = false;
    const pushing = (async () => {
      if (pushesPerSecond <= 0 || pushed.length === 0) return;
      const every = 1000 / pushesPerSecond;
      for (let i = 0; !stopPushes; i++) {
        const started = Date.now();
        const id = pushed[(i * 7919) % pushed.length]!;
        await pushHiscores({ player_id: id, experience: SKILLS.map((_, s) => 1000 + ((i * 104729 + s * 31) % 20_000_000)) }).then(
          () => pushes++,
          () => pushErrors++,
        );
        await new Promise((r) => setTimeout(r, Math.max(0, every - (Date.now() - started))));
      }
    })();
    const pushStart = Date.now();

    const rows: Row[] = [];
    const measure = async (page: Page, base: string, server: Row["server"]) => {
      const url = `${base}${page.path}`;
      const headers = page.signedIn ? cookie : undefined;
      const check = await fetch(url, { headers, redirect: "manual" });
      if (check.status !== 200) throw new Error(`${page.path} answered ${check.status} (${server})`);
      await cannon(url, headers, 2); // warm-up
      const r = await cannon(url, headers, seconds);
      rows.push({ page, server, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, wrong: r.non2xx + r.errors });
      console.log(`  ${page.name} (${server}): ${Math.round(r.requests.average)} req/s`);
    };
    for (const page of pages) {
      await measure(page, cached.base, "cache");
      if (!page.signedIn && page.target) await measure(page, uncached.base, "no cache");
    }

    stopPushes = true;
    await pushing;
    await db.$disconnect();
    const pushRate = pushes / ((Date.now() - pushStart) / 1000);
    const reference = rows.find((r) => r.page.path === "/terms")!.rps;
    const load = os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
    console.log(
      `\n${new Date().toISOString()} · ${os.cpus().length} cores · load ${load} · c=${connections} · ${seconds} s a route · ${hiscorePlayers.toLocaleString("en-US")} hiscores players · ${pushRate.toFixed(1)} pushes/s in the background (${pushes} pushes, ${pushErrors} failed)\n`,
    );
    console.log("| page | server | req/s | p50 | p99 | share of /terms | target |");
    console.log("| --- | --- | ---: | ---: | ---: | ---: | --- |");
    for (const r of rows) {
      const share = r.rps / reference;
      const target = r.page.target && r.server === "cache" ? `≥ ${r.page.target * 100}%: ${share >= r.page.target && r.wrong === 0 ? "pass" : "**MISS**"}` : "";
      const wrong = r.wrong ? ` (${r.wrong} wrong answers)` : "";
      console.log(
        `| ${r.page.name} | ${r.server} | ${Math.round(r.rps).toLocaleString("en-US")}${wrong} | ${r.p50} ms | ${r.p99} ms | ${(share * 100).toFixed(1)}% | ${target} |`,
      );
    }
  } finally {
    for (const app of apps) {
      await stop(app.child);
      rmSync(app.dataDir, { recursive: true, force: true });
    }
    await database.drop();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
