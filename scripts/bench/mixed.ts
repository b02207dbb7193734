// npm run bench -- --mixed — a realistic mixed load (docs/performance.md "The mixed
// load"). A throwaway database (embedded PostgreSQL unless BENCH_DATABASE_URL names a server:
// an admin URL), seeded through our own code: the demo data (store, forums, news), a hiscores
// population at depth (scripts/seed-hiscores.ts), players with passwords, credits (the staff
// grant use case), sessions, API token pairs, vote tokens and a game key. Then the production
// app (`node scripts/start.mjs`, APP_MODE=local, TRUST_PROXY=true) and, in the same run, the raw
// node:http + pg baseline (baseline-server.mjs), both driven by the same small closed-loop
// driver: BENCH_CONNECTIONS virtual users (default 50), each running weighted scenarios back to
// back for BENCH_DURATION seconds (default 60; longer, by at most max(30 s, BENCH_DURATION),
// until every kind has been sent) after BENCH_WARMUP seconds not counted (default 5); the
// baseline for BENCH_BASELINE_DURATION seconds (default 10) before the mix.
// Afterwards: reconcile and the money, delivery and vote checks. Exit 1 on any error or failed
// check. Also: BENCH_PLAYERS (default 500), BENCH_HISCORE_PLAYERS (default 5000),
// NEXT_DIST_DIR (default .next-bench; start.mjs builds when missing or stale).
//
// Why a driver of our own and not autocannon: autocannon reports one latency histogram for
// everything it sends, and its `requests` chains cannot carry state from one answer into the
// next scenario (a rotated refresh token, a lease id to ack, which player has a delivery
// waiting). Here every request is timed, checked against what its kind must answer, and
// booked under its kind; the baseline goes through the same client, so its share compares like
// with like.
import { type ChildProcess, fork, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { CATEGORIES } from "../../lib/hiscores";
import { SKILLS } from "../../lib/skills";
import { priceInForce, type SaleTier } from "../../lib/store/sale";
import { DEFAULT_PASSWORD, userFactory } from "../../tests/factories/user-factory";
import { createTestDatabase, startTestServer } from "../../tests/setup/test-db.mjs";
import { freePort } from "../lib/embedded-db.mjs";
import { stop, waitFor } from "./http";
import { seededRandom as prng } from "../../lib/seeded-random";

// ── configuration ────────────────────────────────────────────────────────────────────────────

const num = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, not "${raw}"`);
  return n;
};
const DURATION_S = num("BENCH_DURATION", 60);
const WARMUP_S = num("BENCH_WARMUP", 5);
const BASELINE_S = num("BENCH_BASELINE_DURATION", 10);
const CONNECTIONS = Math.max(1, Math.floor(num("BENCH_CONNECTIONS", 50)));
const PLAYERS = Math.max(CONNECTIONS, Math.floor(num("BENCH_PLAYERS", 500)));
const HISCORE_PLAYERS = Math.max(1500, Math.floor(num("BENCH_HISCORE_PLAYERS", 5000)));
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
/** Credits each player starts with: the staff grant's ceiling, far more than a run can spend. */
const GRANT = 1_000_000;
/** Hiscores pages from here on count as "at depth". */
const DEEP_PAGE = 50;
const REQUEST_TIMEOUT_MS = 60_000;
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 mixed-bench";
const GAME_SERVER_ADDRESS = "192.0.2.10";

// ── the mix ──────────────────────────────────────────────────────────────────────────────────
// Weights are shares of scenarios (they add up to 100); a scenario is one request except a
// claim that finds deliveries (claim, then ack) and the purchase and vote retries. The table
// shows each kind's share of the requests actually sent. docs/performance.md argues them.

type KindName =
  | "guest page"
  | "hiscores read"
  | "forum read"
  | "player page (signed in)"
  | "login: website"
  | "login: API token"
  | "login: game server"
  | "token refresh"
  | "store purchase"
  | "game: claim deliveries"
  | "game: ack deliveries"
  | "game: hiscores push"
  | "vote callback";

const SCENARIO_WEIGHTS: [KindName, number][] = [
  ["guest page", 30],
  ["hiscores read", 18],
  ["forum read", 14],
  ["player page (signed in)", 6],
  ["login: website", 2],
  ["login: API token", 1],
  ["login: game server", 1],
  ["token refresh", 4],
  ["store purchase", 4],
  ["game: claim deliveries", 8],
  ["game: hiscores push", 9],
  ["vote callback", 3],
];
/** Every row of the table, in order (acks come from claims, not from a weight of their own). */
const ROWS: KindName[] = [...SCENARIO_WEIGHTS.map(([k]) => k).slice(0, 10), "game: ack deliveries", ...SCENARIO_WEIGHTS.map(([k]) => k).slice(10)];

const rand = prng(19_2026);
const t0 = performance.now();
const say = (m: string) => console.log(`[mixed] ${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s  ${m}`);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

/**
 * The scenario sequence all virtual users draw from: one of each kind first (so even a
 * five-second smoke run sends every kind; a kind never sent fails the run), then smooth
 * weighted round-robin, which spreads each kind evenly through the run instead of in clumps.
 */
function scenarioPicker() {
  const current = SCENARIO_WEIGHTS.map(() => 0);
  const total = SCENARIO_WEIGHTS.reduce((n, [, w]) => n + w, 0);
  let first = 0;
  return (): KindName => {
    if (first < SCENARIO_WEIGHTS.length) return SCENARIO_WEIGHTS[first++]![0];
    let best = 0;
    for (let i = 0; i < current.length; i++) {
      current[i]! += SCENARIO_WEIGHTS[i]![1];
      if (current[i]! > current[best]!) best = i;
    }
    current[best]! -= total;
    return SCENARIO_WEIGHTS[best]![0];
  };
}

// ── HTTP client: keep-alive sockets, one request at a time per virtual user ─────────────────

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string; ms: number };
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function send(port: number, method: string, urlPath: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const h = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
    const req = http.request({ host: "127.0.0.1", port, method, path: urlPath, headers: { "user-agent": USER_AGENT, ...h }, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started }));
      res.on("error", reject);
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on("error", reject);
    req.end(body);
  });
}

// ── what was sent and what came back ────────────────────────────────────────────────────────

type Phase = "probe" | "warmup" | "baseline" | "mix";
type Bucket = { ms: number[]; errors: number; samples: string[] };
const books: Record<Phase, Map<string, Bucket>> = { probe: new Map(), warmup: new Map(), baseline: new Map(), mix: new Map() };
let phase: Phase = "probe";

function bucket(kind: string): Bucket {
  const book = books[phase];
  let b = book.get(kind);
  if (!b) book.set(kind, (b = { ms: [], errors: 0, samples: [] }));
  return b;
}

/** Books one answer under its kind; `problem` (or a failed request) makes it an error. */
function book(kind: string, answer: Answer | null, problem: string | null, what: string) {
  const b = bucket(kind);
  if (answer) b.ms.push(answer.ms);
  if (problem) {
    b.errors++;
    if (b.samples.length < 5) b.samples.push(`${what}: ${problem}`);
  }
}

/** Sends one request of `kind`, books it, and answers it when it met `check` (null: an error). */
async function call(
  kind: KindName | "baseline",
  port: number,
  req: { method?: string; path: string; headers?: Record<string, string>; body?: string },
  check: (a: Answer) => string | null,
): Promise<Answer | null> {
  const what = `${req.method ?? "GET"} ${req.path.length > 90 ? `${req.path.slice(0, 90)}…` : req.path}`;
  let answer: Answer;
  try {
    answer = await send(port, req.method ?? "GET", req.path, req.headers ?? {}, req.body);
  } catch (e) {
    book(kind, null, e instanceof Error ? e.message : String(e), what);
    return null;
  }
  let problem: string | null;
  try {
    problem = check(answer);
  } catch (e) {
    problem = `unreadable answer (${e instanceof Error ? e.message : String(e)})`;
  }
  if (problem) problem = `${problem} [${answer.status}: ${answer.text.slice(0, 160).replace(/\s+/g, " ")}]`;
  book(kind, answer, problem, what);
  return problem ? null : answer;
}

const status = (...ok: number[]) => (a: Answer) => (ok.includes(a.status) ? null : `status ${a.status}, expected ${ok.join(" or ")}`);
function jsonStatus<T>(code: number, test: (body: T) => string | null = () => null) {
  return (a: Answer) => (a.status !== code ? `status ${a.status}, expected ${code}` : test(JSON.parse(a.text) as T));
}

// ── the world the virtual users act in ──────────────────────────────────────────────────────

type Player = {
  id: number;
  username: string;
  address: string;
  cookie: string;
  refresh: string;
  voteToken: string;
  xp: number[];
  kills: number;
  voted: Set<string>;
  claiming: boolean;
};
type Product = { id: number; price: number };
type World = {
  app: number;
  baseline: number;
  site: string;
  gameKey: string;
  voteSecrets: Record<string, string>;
  players: Player[];
  products: Product[];
  guestPaths: string[];
  hiscorePaths: string[];
  forumPaths: string[];
  playerPaths: string[];
};

/** What the checks afterwards compare with the database. */
const ledger = {
  orders: new Map<string, { playerId: number; price: number; credits: number }>(),
  retriedKeys: 0,
  twinKeys: 0,
  leases: 0,
  claimed: [] as number[],
  acked: [] as number[],
  votesAccepted: 0,
  votesDuplicate: 0,
  voteCallbacks: 0,
};
/** Scenarios so far, over every virtual user: which purchases and votes are sent twice. */
let purchases = 0;
let voteCallbacks = 0;
/** Players with a delivery waiting for the game (a purchase or a counted vote since their last claim). */
const pendingClaims = new Set<Player>();

const VOTE_SITES = [
  { key: "runelocus", token: "callback", voterIp: "ip", from: "198.51.100.1", how: "form" },
  { key: "rsps_list", token: "userid", voterIp: "userip", from: "198.51.100.2", how: "query" },
  { key: "runelist", token: "incentive", voterIp: null, from: "198.51.100.3", how: "json" },
] as const;

function browserHeaders(w: World, p: Player, json = false): Record<string, string> {
  // What a browser sends on a same-origin fetch; the address is what our proxy would append.
  const h: Record<string, string> = { cookie: `session=${p.cookie}; signed_in=1`, "x-forwarded-for": p.address };
  if (json) Object.assign(h, { "content-type": "application/json", origin: w.site, "sec-fetch-site": "same-origin" });
  return h;
}

function grow(p: Player) {
  p.xp = p.xp.map((x) => Math.min(200_000_000, x + Math.floor(rand() * 40_000)));
  p.kills += 1 + Math.floor(rand() * 3);
}

async function vote(w: World, p: Player, site: (typeof VOTE_SITES)[number]): Promise<"accepted" | "duplicate" | null> {
  const params = new URLSearchParams({ [site.token]: p.voteToken, secret: w.voteSecrets[site.key]! });
  if (site.voterIp) params.set(site.voterIp, p.address);
  const base = `/api/v1/vote/callback/${site.key}`;
  const headers = { "x-forwarded-for": site.from };
  const req =
    site.how === "query"
      ? { path: `${base}?${params}`, headers }
      : site.how === "form"
        ? { method: "POST", path: base, headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: params.toString() }
        : { method: "POST", path: base, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(Object.fromEntries(params)) };
  ledger.voteCallbacks++;
  const a = await call("vote callback", w.app, req, jsonStatus<{ status: string }>(200, (b) => (b.status === "accepted" || b.status === "duplicate" ? null : `status "${b.status}"`)));
  return a ? (JSON.parse(a.text) as { status: "accepted" | "duplicate" }).status : null;
}

/** One virtual user: its own players (so a refresh token is never rotated by two users at once). */
class VirtualUser {
  private next = 0;
  private votes = 0;
  private readonly guestAddress: string;
  constructor(
    private readonly w: World,
    private readonly n: number,
    private readonly players: Player[],
  ) {
    this.guestAddress = `172.16.${(n >> 8) & 255}.${n & 255}`;
  }

  private player(): Player {
    return this.players[this.next++ % this.players.length]!;
  }

  async run(kind: KindName): Promise<void> {
    const w = this.w;
    switch (kind) {
      case "guest page": {
        const p = w.guestPaths[this.next++ % w.guestPaths.length]!;
        await call(kind, w.app, { path: p, headers: { "x-forwarded-for": this.guestAddress } }, status(200));
        return;
      }
      case "hiscores read":
        await call(kind, w.app, { path: pick(w.hiscorePaths), headers: { "x-forwarded-for": this.guestAddress } }, status(200));
        return;
      case "forum read":
        await call(kind, w.app, { path: pick(w.forumPaths), headers: { "x-forwarded-for": this.guestAddress } }, status(200));
        return;
      case "player page (signed in)": {
        const p = this.player();
        await call(kind, w.app, { path: pick(w.playerPaths), headers: browserHeaders(w, p) }, status(200));
        return;
      }
      case "login: website": {
        const p = this.player();
        const body = JSON.stringify({ username: p.username, password: DEFAULT_PASSWORD });
        const a = await call(kind, w.app, { method: "POST", path: "/api/v1/login", headers: browserHeaders(w, p, true), body }, (r) => {
          if (r.status !== 200) return `status ${r.status}, expected 200`;
          return /(^|,\s*)session=/.test(String(r.headers["set-cookie"])) ? null : "no session cookie";
        });
        const token = a && /session=([^;]+)/.exec(String(a.headers["set-cookie"]))?.[1];
        if (token) p.cookie = token;
        return;
      }
      case "login: API token": {
        const p = this.player();
        const body = JSON.stringify({ username: p.username, password: DEFAULT_PASSWORD });
        const a = await call(
          kind,
          w.app,
          { method: "POST", path: "/api/v1/token", headers: { "content-type": "application/json", "x-forwarded-for": p.address }, body },
          jsonStatus<{ access?: string; refresh?: string }>(200, (b) => (b.access && b.refresh ? null : "no token pair")),
        );
        if (a) p.refresh = (JSON.parse(a.text) as { refresh: string }).refresh;
        return;
      }
      case "login: game server": {
        const p = this.player();
        const body = JSON.stringify({ username: p.username, password: DEFAULT_PASSWORD, ip: p.address });
        await call(
          kind,
          w.app,
          { method: "POST", path: "/api/v1/game/login", headers: this.gameHeaders(), body },
          jsonStatus<{ ok: boolean; player?: { id: number } }>(200, (b) => (b.ok && b.player?.id === p.id ? null : "not ok for this player")),
        );
        return;
      }
      case "token refresh": {
        const p = this.player();
        const a = await call(
          kind,
          w.app,
          { method: "POST", path: "/api/v1/token/refresh", headers: { "content-type": "application/json", "x-forwarded-for": p.address }, body: JSON.stringify({ refresh: p.refresh }) },
          jsonStatus<{ access?: string; refresh?: string }>(200, (b) => (b.access && b.refresh && b.refresh !== p.refresh ? null : "no rotated token pair")),
        );
        if (a) p.refresh = (JSON.parse(a.text) as { refresh: string }).refresh;
        return;
      }
      case "store purchase":
        return this.purchase();
      case "game: claim deliveries":
        return this.claim();
      case "game: ack deliveries":
        throw new Error("acks follow claims");
      case "game: hiscores push": {
        const p = this.player();
        grow(p);
        const body = JSON.stringify({ player_id: p.id, experience: p.xp, activities: { zulrah: p.kills, clue_scrolls_all: Math.floor(p.kills / 3) } });
        await call(
          kind,
          w.app,
          { method: "POST", path: "/api/v1/game/hiscores", headers: this.gameHeaders(), body },
          jsonStatus<{ player_id: number; total_level: number }>(200, (b) => (b.player_id === p.id && b.total_level >= SKILLS.length ? null : "wrong answer")),
        );
        return;
      }
      case "vote callback":
        return this.vote();
    }
  }

  private gameHeaders(): Record<string, string> {
    return { "content-type": "application/json", "x-api-key": this.w.gameKey, "x-forwarded-for": GAME_SERVER_ADDRESS };
  }

  /**
   * A store purchase with its Idempotency-Key. One in ten is retried with the same key after
   * the answer (a client that timed out), one in twenty is sent twice at once (a double click),
   * counted over the whole run so that even a short run has both:
   * every copy must answer the same balance, and the checks afterwards find one order a key.
   */
  private async purchase(): Promise<void> {
    const w = this.w;
    const p = this.player();
    const product = pick(w.products);
    const key = randomUUID();
    const n = purchases++;
    const twin = n % 20 === 1;
    const retry = n % 10 === 4;
    const buy = () =>
      call(
        "store purchase",
        w.app,
        { method: "POST", path: "/api/v1/store/purchase", headers: { ...browserHeaders(w, p, true), "idempotency-key": key }, body: JSON.stringify({ id: product.id }) },
        jsonStatus<{ success?: string; credits?: number }>(200, (b) => (typeof b.success === "string" && Number.isInteger(b.credits) ? null : "no success and balance")),
      );
    const answers = twin ? await Promise.all([buy(), buy()]) : [await buy()];
    if (retry && answers[0]) answers.push(await buy());
    if (twin) ledger.twinKeys++;
    if (retry) ledger.retriedKeys++;
    const ok = answers.filter((a): a is Answer => a !== null);
    if (!ok.length) return;
    const credits = ok.map((a) => (JSON.parse(a.text) as { credits: number }).credits);
    if (new Set(credits).size > 1) book("store purchase", null, `the same key answered different balances ${credits.join(" / ")}`, `Idempotency-Key ${key}`);
    ledger.orders.set(key, { playerId: p.id, price: product.price, credits: credits[0]! });
    pendingClaims.add(p);
  }

  /**
   * What the game server does when a player logs in or talks to the claim NPC: claim, grant,
   * ack. Players with something waiting come first; otherwise a player with nothing (the
   * common answer at login). One claim per player at a time, as the integration guide says.
   */
  private async claim(): Promise<void> {
    const w = this.w;
    let p: Player | undefined;
    for (const candidate of pendingClaims) {
      if (!candidate.claiming) {
        p = candidate;
        break;
      }
    }
    if (p) pendingClaims.delete(p);
    else p = pick(w.players.filter((x) => !x.claiming));
    if (!p) return;
    p.claiming = true;
    try {
      type Claim = { lease_id: string | null; deliveries: { id: number }[] };
      const a = await call(
        "game: claim deliveries",
        w.app,
        { method: "POST", path: "/api/v1/game/deliveries/claim", headers: this.gameHeaders(), body: JSON.stringify({ player_id: p.id, lease_seconds: 60 }) },
        jsonStatus<Claim>(200, (b) => (Array.isArray(b.deliveries) && (b.deliveries.length === 0) === (b.lease_id === null) ? null : "malformed claim")),
      );
      if (!a) return;
      const claim = JSON.parse(a.text) as Claim;
      if (!claim.lease_id || !claim.deliveries.length) return;
      const ids = claim.deliveries.map((d) => d.id);
      ledger.leases++;
      ledger.claimed.push(...ids);
      if (ids.length === 100) pendingClaims.add(p); // more may wait behind the claim limit
      type Ack = { delivered: number[]; rejected: unknown[] };
      const ack = await call(
        "game: ack deliveries",
        w.app,
        { method: "POST", path: "/api/v1/game/deliveries/ack", headers: this.gameHeaders(), body: JSON.stringify({ lease_id: claim.lease_id, delivery_ids: ids }) },
        jsonStatus<Ack>(200, (b) => (b.rejected.length === 0 && [...b.delivered].sort().join() === [...ids].sort().join() ? null : `delivered ${b.delivered.length} of ${ids.length}, rejected ${JSON.stringify(b.rejected)}`)),
      );
      if (ack) ledger.acked.push(...(JSON.parse(ack.text) as Ack).delivered);
    } finally {
      p.claiming = false;
    }
  }

  /**
   * A listing site reporting a vote. The first vote of a player on a site must count; any
   * later one is a duplicate (12-hour cooldown). One in seven arrives twice at once (listing
   * sites retry): exactly one of the pair may count.
   */
  private async vote(): Promise<void> {
    // The sites take turns; a player who has not voted on this one yet, if any is left.
    const site = VOTE_SITES[this.votes++ % VOTE_SITES.length]!;
    let p = this.player();
    for (let i = 1; i < this.players.length && p.voted.has(site.key); i++) p = this.player();
    const expectFresh = !p.voted.has(site.key);
    p.voted.add(site.key);
    const twin = voteCallbacks++ % 7 === 2;
    const outcomes = twin ? await Promise.all([vote(this.w, p, site), vote(this.w, p, site)]) : [await vote(this.w, p, site)];
    const accepted = outcomes.filter((o) => o === "accepted").length;
    ledger.votesAccepted += accepted;
    ledger.votesDuplicate += outcomes.filter((o) => o === "duplicate").length;
    if (accepted) pendingClaims.add(p);
    if (outcomes.includes(null)) return; // booked as an error already
    if (accepted !== (expectFresh ? 1 : 0))
      book("vote callback", null, `${accepted} of ${outcomes.length} counted, expected ${expectFresh ? 1 : 0}`, `vote ${site.key} for ${p.username}`);
  }
}

/** Runs `scenario` on every virtual user until `seconds` have passed; answers the time taken. */
/**
 * Runs `scenario` on every virtual user for `seconds`. With `until`, keeps going past that
 * (for at most `graceS` more seconds) while `until()` is false: on a loaded machine a short run
 * may end before a claim has found anything to ack, and a kind never sent proves nothing.
 */
async function drive(seconds: number, scenario: (vu: number) => Promise<void>, until?: { done: () => boolean; graceS: number; extended?: boolean }): Promise<number> {
  const started = performance.now();
  const end = started + seconds * 1000;
  const hardEnd = end + (until ? until.graceS * 1000 : 0);
  const going = () => {
    const now = performance.now();
    if (now < end) return true;
    if (until === undefined || now >= hardEnd || until.done()) return false;
    until.extended = true;
    return true;
  };
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, vu) => {
      while (going()) await scenario(vu);
    }),
  );
  return (performance.now() - started) / 1000;
}

// ── seeding, through our own code ───────────────────────────────────────────────────────────

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(" ")} exited with ${code}:\n${out}`))));
  });
}

/** Runs `fn` over `items`, `width` at a time. */
async function inParallel<T>(items: readonly T[], width: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

async function seed(databaseUrl: string, sql: pg.Pool): Promise<Omit<World, "app" | "baseline" | "site" | "voteSecrets"> & { ladderPlayers: number }> {
  // The demo data, as `npm start` seeds it in local mode: store, forums, news, an owner.
  const { runDemoSeed } = await import("../../prisma/seed");
  await runDemoSeed(databaseUrl, "local");
  say("seeded the demo data");

  // Players who can log in: the test factory hashes the one password once (argon2id, as the
  // site does), so hundreds of accounts take a second, not a minute of hashing.
  const factory = userFactory(async <T>(text: string, values: readonly unknown[]) => (await sql.query(text, [...values])).rows as T[]);
  const made: { id: number; username: string }[] = [];
  await inParallel(
    Array.from({ length: PLAYERS }, (_, i) => i),
    4,
    async (i) => {
      const u = await factory.createUser({ username: `mx${i + 1}` });
      made[i] = { id: u.id, username: u.username };
    },
  );

  const { grantCredits } = await import("../../lib/server/store/admin/grant-credits");
  const { createBrowserSession } = await import("../../lib/server/sessions/browser-sessions");
  const { issueTokenPair } = await import("../../lib/server/sessions/api-tokens");
  const { ensureVoteToken } = await import("../../lib/server/votes/vote-token");
  const { createGameApiKey } = await import("../../lib/server/game/api-keys");
  const { CLI_ACTOR } = await import("../../lib/server/audit/audit-actor");
  const owner = (await sql.query<{ id: number }>(`SELECT id FROM users WHERE privilege = 'OWNER' ORDER BY id LIMIT 1`)).rows[0];
  if (!owner) throw new Error("the demo seed made no owner");

  const players: Player[] = [];
  await inParallel(made, 4, async (u, i) => {
    const address = `10.${((i + 1) >> 16) & 255}.${((i + 1) >> 8) & 255}.${(i + 1) & 255}`;
    // Credits through the staff grant (POST /api/v1/staff/credits's use case), granted by the owner.
    await grantCredits({ username: u.username, amount: GRANT, reason: "mixed benchmark" }, { actorId: owner.id, privilege: "OWNER", ip: null });
    const session = await createBrowserSession(u.id, { userAgent: USER_AGENT, ip: address });
    const pair = await issueTokenPair(u.id, { userAgent: "launcher", ip: address });
    const voteToken = await ensureVoteToken(u.id);
    const xp = SKILLS.map((_, s) => (s === 3 ? 1154 : 0) + Math.floor(rand() * 2_000_000));
    players[i] = { id: u.id, username: u.username, address, cookie: session.token, refresh: pair.refresh, voteToken, xp, kills: 0, voted: new Set(), claiming: false };
  });
  const { key: gameKey } = await createGameApiKey(CLI_ACTOR, "mixed-bench", ["login", "deliveries", "hiscores"]);
  say(`made ${PLAYERS} players with ${GRANT.toLocaleString("en-US")} credits, a session, an API token pair and a vote token each, and a game key`);

  // What the readers read: ids from the seeded data.
  const q = async <T extends pg.QueryResultRow>(text: string) => (await sql.query<T>(text)).rows;
  const products = (
    await q<{ id: number; price: number; sale: SaleTier | null }>(
      `SELECT p.id, p.price, p.sale FROM store_products p JOIN store_categories c ON c.id = p."categoryId" WHERE p.active AND NOT c.hidden ORDER BY p.id`,
    )
  )
    .map((p) => ({ id: p.id, price: priceInForce(p.price, p.sale) }))
    .filter((p) => p.price >= 1);
  const forums = await q<{ id: number }>(`SELECT id FROM forums ORDER BY id`);
  const threads = await q<{ id: number }>(`SELECT id FROM forum_threads ORDER BY id`);
  const news = await q<{ slug: string }>(`SELECT slug FROM news_posts ORDER BY id`);
  const [ladder] = await q<{ players: number }>(`SELECT players FROM hiscore_ladders WHERE "gameMode" = 'REGULAR' AND "xpMode" = 'REGULAR'`);
  const generated = await q<{ username: string }>(`SELECT username FROM users WHERE "emailKey" LIKE '%@generated.invalid' ORDER BY id LIMIT 2000`);
  if (!products.length || !forums.length || !threads.length || !news.length || !ladder || !generated.length) throw new Error("the seed left something empty (products, forums, threads, news or the ladder)");

  const lastPage = Math.ceil(ladder.players / 25);
  const skills = CATEGORIES.filter((c) => c.id <= SKILLS.length).map((c) => c.slug);
  const deep = () => DEEP_PAGE + Math.floor(rand() * Math.max(1, lastPage - DEEP_PAGE + 1));
  const hiscorePaths: string[] = [];
  for (let i = 0; i < 200; i++) {
    const skill = pick(skills);
    const name = encodeURIComponent(pick(generated).username);
    hiscorePaths.push(
      `/api/v1/hiscores?skill=${skill}&page=${deep()}`,
      `/hiscores/${skill}?page=${deep()}`,
      `/api/v1/hiscores/player/${name}`,
      `/hiscores/player/${name}`,
      i % 2 ? "/hiscores" : `/api/v1/hiscores?page=${deep()}`,
    );
  }
  const forumPaths: string[] = [];
  for (const f of forums) forumPaths.push(`/forums/${f.id}`, `/api/v1/forums/threads/${f.id}`);
  for (const t of threads) forumPaths.push(`/forums/thread/${t.id}`, `/forums/thread/${t.id}`, `/api/v1/forums/thread/${t.id}`);
  for (let i = 0; i < forumPaths.length / 4; i++) forumPaths.push("/forums", "/api/v1/forums");
  return {
    gameKey,
    players,
    products,
    // The home page is a static file whose Latest News and players-online figures are client calls.
    guestPaths: ["/", "/api/v1/news/latest?amount=3", "/api/v1/players-online", "/news", `/news/${news[0]!.slug}`, "/rules", "/", "/terms", "/faq", "/play", "/login", "/privacy", "/register"],
    hiscorePaths,
    forumPaths,
    playerPaths: ["/store", "/account", "/vote", "/credits", "/account/purchases?type=credits", "/store"],
    ladderPlayers: ladder.players,
  };
}

// ── the checks afterwards ───────────────────────────────────────────────────────────────────

type Check = { name: string; ok: boolean; detail: string };

async function checkAfterwards(sql: pg.Pool, players: Player[]): Promise<Check[]> {
  const ids = players.map((p) => p.id);
  const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = [ids]) => (await sql.query<T>(text, values)).rows[0]!;
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  const { runReconcile } = await import("../admin");
  const reconcile = await runReconcile();
  add("reconcile", reconcile.code === 0, reconcile.message.split("\n").slice(0, 6).join("; "));

  // Money: one order a key, charged once, at the price in force; balances = grant − spent.
  const orders = [...ledger.orders.values()];
  const expectedSpent = orders.reduce((n, o) => n + o.price, 0);
  const db = await one<{ orders: number; priced: number; spends: number; spent: number; balances: number; wrong: number }>(
    `SELECT (SELECT count(*)::int FROM store_orders WHERE "userId" = ANY($1)) AS orders,
            (SELECT coalesce(sum("priceCredits"), 0)::int FROM store_orders WHERE "userId" = ANY($1)) AS priced,
            (SELECT count(*)::int FROM credit_ledger WHERE "userId" = ANY($1) AND kind = 'SPEND') AS spends,
            (SELECT coalesce(-sum(delta), 0)::int FROM credit_ledger WHERE "userId" = ANY($1) AND kind = 'SPEND') AS spent,
            (SELECT coalesce(sum("storeCredits"), 0)::bigint::float8 FROM users WHERE id = ANY($1)) AS balances,
            (SELECT count(*)::int FROM users u WHERE u.id = ANY($1) AND u."storeCredits" <>
               ${GRANT} - (SELECT coalesce(sum(o."priceCredits"), 0) FROM store_orders o WHERE o."userId" = u.id)) AS wrong`,
  );
  add(
    "purchases",
    db.orders === orders.length && db.spends === orders.length && db.priced === expectedSpent && db.spent === expectedSpent && db.wrong === 0 && db.balances === players.length * GRANT - expectedSpent,
    `${orders.length} keys bought (${ledger.retriedKeys} retried after the answer, ${ledger.twinKeys} sent twice at once); ` +
      `${db.orders} orders and ${db.spends} spend entries in the database; ${db.spent.toLocaleString("en-US")} credits spent = ${expectedSpent.toLocaleString("en-US")} in prices; ` +
      `${db.wrong} balances off grant − orders`,
  );

  // Deliveries: every one claimed was acked once; none is left leased; one delivery per order and per counted vote.
  const claimed = new Set(ledger.claimed);
  const acked = new Set(ledger.acked);
  const d = await one<{ delivered: number; leased: number; store: number; votes: number; deliveredClaimed: number; twice: number }>(
    `SELECT count(*) FILTER (WHERE status = 'DELIVERED')::int AS delivered,
            count(*) FILTER (WHERE status = 'LEASED')::int AS leased,
            count(*) FILTER (WHERE kind = 'STORE_ITEM')::int AS store,
            count(*) FILTER (WHERE kind = 'VOTE_REWARD')::int AS votes,
            count(*) FILTER (WHERE status = 'DELIVERED' AND id = ANY($2))::int AS "deliveredClaimed",
            count(*) FILTER (WHERE attempts > 1)::int AS twice
     FROM game_deliveries WHERE "userId" = ANY($1)`,
    [ids, [...claimed]],
  );
  add(
    "deliveries",
    claimed.size === ledger.claimed.length &&
      acked.size === ledger.acked.length &&
      acked.size === claimed.size &&
      [...claimed].every((id) => acked.has(id)) &&
      d.delivered === claimed.size &&
      d.deliveredClaimed === claimed.size &&
      d.leased === 0 &&
      d.twice === 0 &&
      d.store === orders.length &&
      d.votes === ledger.votesAccepted,
    `${ledger.claimed.length} claimed in ${ledger.leases} leases (${claimed.size} distinct), ${ledger.acked.length} acked (${acked.size} distinct); ` +
      `database: ${d.delivered} delivered, ${d.leased} still leased, ${d.twice} leased more than once; ${d.store} store items for ${orders.length} orders, ${d.votes} vote rewards`,
  );

  // Votes: each counted once, with its stored callback, its reward and the player's total.
  const v = await one<{ votes: number; accepted: number; callbacks: number; total: number }>(
    `SELECT (SELECT count(*)::int FROM votes WHERE "userId" = ANY($1)) AS votes,
            (SELECT count(*)::int FROM vote_callbacks WHERE "userId" = ANY($1) AND accepted) AS accepted,
            (SELECT count(*)::int FROM vote_callbacks WHERE "userId" = ANY($1)) AS callbacks,
            (SELECT coalesce(sum("totalVotes"), 0)::int FROM users WHERE id = ANY($1)) AS total`,
  );
  add(
    "votes",
    v.votes === ledger.votesAccepted && v.accepted === ledger.votesAccepted && v.total === ledger.votesAccepted && v.callbacks === ledger.voteCallbacks,
    `${ledger.voteCallbacks} callbacks (${ledger.votesAccepted} counted, ${ledger.votesDuplicate} duplicates); database: ${v.callbacks} stored, ${v.votes} votes, ${v.accepted} accepted, totals +${v.total}`,
  );
  return checks;
}

// ── the report ──────────────────────────────────────────────────────────────────────────────

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString("en-US")} ms`;
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(" / ");

type Row = { kind: string; share: string; count: number; rps: number; p50: number; p99: number; errors: number; ofBaseline: string };

function rowOf(kind: string, b: Bucket | undefined, seconds: number, totalCount: number): Row {
  const sorted = [...(b?.ms ?? [])].sort((x, y) => x - y);
  return {
    kind,
    share: totalCount ? `${((sorted.length / totalCount) * 100).toFixed(1)}%` : "",
    count: sorted.length,
    rps: sorted.length / seconds,
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
    errors: b?.errors ?? 0,
    ofBaseline: "",
  };
}

function printTable(rows: Row[]) {
  const head = ["kind", "share", "requests", "req/s", "p50", "p99", "errors", "% of baseline"];
  const cells = rows.map((r) => [r.kind, r.share, r.count.toLocaleString("en-US"), Math.round(r.rps).toLocaleString("en-US"), ms(r.p50), ms(r.p99), String(r.errors), r.ofBaseline]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => `| ${c.map((x, i) => (i === 0 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!))).join(" | ")} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? "-".repeat(w + 2) : `${"-".repeat(w + 1)}:`)).join("|")}|`);
  for (const c of cells) console.log(line(c));
}

// ── the run ─────────────────────────────────────────────────────────────────────────────────

/** Runs the mixed load; answers the exit code (0: no errors and every check passed). */
export async function runMixedBench(): Promise<number> {
  const loadAtStart = load();
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer();
  const database = await createTestDatabase(server.adminUrl, { prefix: "benchmix" });
  const [appPort, basePort] = [await freePort(), await freePort()];
  const site = `http://127.0.0.1:${appPort}`;
  const authSecret = randomBytes(32).toString("base64url");
  const voteSecrets = Object.fromEntries(VOTE_SITES.map((s) => [s.key, randomBytes(16).toString("hex")]));
  // The app's own settings, kept from this process's pool size (set small below for the seed).
  const appEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    APP_MODE: "local",
    SITE_URL: site,
    AUTH_SECRET: authSecret,
    // Behind a reverse proxy, as production runs: each player's own address reaches the rate
    // limits (X-Forwarded-For), instead of every request sharing 127.0.0.1's login allowance.
    TRUST_PROXY: "true",
    ...Object.fromEntries(VOTE_SITES.map((s) => [`VOTE_${s.key.toUpperCase()}_SECRET`, voteSecrets[s.key]])),
  };
  Object.assign(process.env, { DATABASE_URL: database.url, APP_MODE: "local", SITE_URL: site, AUTH_SECRET: authSecret, LOG_LEVEL: "silent", DATABASE_POOL_SIZE: "4" });
  const sql = new pg.Pool({ connectionString: database.url, max: 4 });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "gs-bench-mixed-"));
  let app: ChildProcess | null = null;
  let baseline: ChildProcess | null = null;
  let code = 1;
  try {
    const pgVersion = (await sql.query<{ server_version: string }>("SHOW server_version")).rows[0]!.server_version;
    // The hiscores at depth first: generated players on the regular ladder (the 1M case is
    // bench:hiscores). Before the app starts, whose job runner could refresh the same ladder
    // at the same time (two refreshes of one ladder collide on hiscore_anchors_pkey).
    await run("npx", ["tsx", "--conditions=react-server", "scripts/seed-hiscores.ts", "--players", String(HISCORE_PLAYERS)], { ...process.env, DATABASE_URL: database.url });
    say(`seeded ${HISCORE_PLAYERS.toLocaleString("en-US")} hiscores players`);
    // The app starts while the rest is seeded (its own start-up seeds the demo data too: both
    // take the seed's lock, and whichever comes second finds it done).
    baseline = fork("scripts/bench/baseline-server.mjs", { env: { ...process.env, DATABASE_URL: database.url, PORT: String(basePort) }, stdio: "ignore" });
    say(`starting the app (node scripts/start.mjs, ${DIST_DIR}; builds first when the build is missing or stale) and seeding…`);
    app = spawn(process.execPath, ["scripts/start.mjs"], {
      stdio: ["ignore", "ignore", "inherit"],
      env: { ...appEnv, PORT: String(appPort), HOST: "127.0.0.1", NEXT_DIST_DIR: DIST_DIR, DATA_DIR: dataDir, LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "info" },
    });
    const seeded = await seed(database.url, sql);
    const world: World = { ...seeded, app: appPort, baseline: basePort, site, voteSecrets };
    await waitFor(`http://127.0.0.1:${basePort}/`, 10_000, baseline);
    await waitFor(`${site}/api/health`, 15 * 60_000, app);
    say("the app answers");
    const workers = Number(appEnv.WEB_CONCURRENCY || os.availableParallelism());

    // Probe: a wrong path fails here, with its name, before anything is measured.
    phase = "probe";
    const probe = world.players[0]!;
    // Each shape of read path once (the mix books any other path that fails as an error).
    const shapes = new Map<string, string>();
    for (const p of [...world.guestPaths, ...world.hiscorePaths, ...world.forumPaths])
      shapes.set(p.replace(/g?\d+/g, "#").replace(/skill=[a-z]+/, "skill=#").replace(/^\/hiscores\/(?!player)[a-z]+/, "/hiscores/#"), p);
    await inParallel([...shapes.values()], CONNECTIONS, async (p) => void (await call("guest page", appPort, { path: p }, status(200))));
    await inParallel([...new Set(world.playerPaths)], CONNECTIONS, async (p) => void (await call("player page (signed in)", appPort, { path: p, headers: browserHeaders(world, probe) }, status(200))));
    say(`probed ${shapes.size + new Set(world.playerPaths).size} paths`);
    const probeErrors = [...books.probe.values()].flatMap((b) => b.samples);
    if (probeErrors.length) throw new Error(`a read path does not answer as expected:\n  ${probeErrors.join("\n  ")}`);

    const vus = Array.from({ length: CONNECTIONS }, (_, n) => new VirtualUser(world, n, world.players.filter((_, i) => i % CONNECTIONS === n)));
    // The warm-up and the measured mix each start with one scenario of every kind.
    let next = scenarioPicker();
    const mix = (vu: number) => vus[vu]!.run(next());

    phase = "warmup";
    if (WARMUP_S > 0) await drive(WARMUP_S, mix);
    say(`warmed up (${WARMUP_S} s of the mix); the baseline alone for ${BASELINE_S} s, then the mix for ${DURATION_S} s`);

    phase = "baseline";
    const loadBeforeBaseline = load();
    await drive(Math.min(1, BASELINE_S), () => call("baseline", basePort, { path: "/" }, status(200)).then(() => {}));
    books.baseline.clear();
    const baselineSeconds = BASELINE_S > 0 ? await drive(BASELINE_S, () => call("baseline", basePort, { path: "/" }, status(200)).then(() => {})) : 0;

    phase = "mix";
    next = scenarioPicker();
    const loadBeforeMix = load();
    const everyKindSent = () => ROWS.every((k) => (books.mix.get(k)?.ms.length ?? 0) > 0);
    const until: { done: () => boolean; graceS: number; extended?: boolean } = { done: everyKindSent, graceS: Math.max(30, DURATION_S) };
    const mixSeconds = await drive(DURATION_S, mix, until);
    if (until.extended) say(`the mix ran ${mixSeconds.toFixed(1)} s: past ${DURATION_S} s until every kind had been sent`);
    const loadAfterMix = load();
    phase = "probe";

    // The table.
    const all = [...books.mix.values()].flatMap((b) => b.ms).sort((x, y) => x - y);
    const total = all.length;
    const rows = ROWS.map((k) => rowOf(k, books.mix.get(k), mixSeconds, total));
    const base = rowOf("baseline: node:http + pg, health query (alone, before the mix)", books.baseline.get("baseline"), baselineSeconds || 1, 0);
    const errors = rows.reduce((n, r) => n + r.errors, 0);
    const totalRow: Row = { kind: "**total (mix)**", share: "100%", count: total, rps: total / mixSeconds, p50: pct(all, 50), p99: pct(all, 99), errors, ofBaseline: "" };
    if (base.count) {
      base.ofBaseline = "100%";
      totalRow.ofBaseline = `${((totalRow.rps / base.rps) * 100).toFixed(1)}%`;
    }

    console.log(
      `\nMixed load: ${mixSeconds.toFixed(1)} s after a ${WARMUP_S} s warm-up, ${CONNECTIONS} virtual users (closed loop, keep-alive), ` +
        `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "?"}); app: node scripts/start.mjs with ${workers} workers, APP_MODE=local, TRUST_PROXY=true, ${DIST_DIR}`,
    );
    console.log(`Node ${process.version}, PostgreSQL ${pgVersion}${process.env.BENCH_DATABASE_URL ? " (BENCH_DATABASE_URL)" : " (embedded)"}`);
    console.log(`Load average (1 / 5 / 15 min): ${loadAtStart} at start, ${loadBeforeBaseline} before the baseline, ${loadBeforeMix} before the mix, ${loadAfterMix} after it`);
    console.log(
      `Data: ${PLAYERS} players acting (${CONNECTIONS} virtual users, ${Math.floor(PLAYERS / CONNECTIONS)}+ players each), a regular ladder of ` +
        `${seeded.ladderPlayers.toLocaleString("en-US")} players (${Math.ceil(seeded.ladderPlayers / 25)} pages; reads at page ${DEEP_PAGE}+), ` +
        `${world.products.length} products, ${world.forumPaths.length} forum paths\n`,
    );
    printTable([...rows, base, totalRow]);
    for (const k of ROWS) for (const s of books.mix.get(k)?.samples ?? []) console.log(`  error (${k}): ${s}`);

    // Nothing may still be on its way before the database is read.
    await Promise.all([stop(app), stop(baseline)]);
    app = baseline = null;
    console.log("\nChecks after the run:");
    const checks = await checkAfterwards(sql, world.players);
    for (const c of checks) console.log(`  ${c.ok ? "✓" : "✗"} ${c.name}: ${c.detail}`);
    const missing = ROWS.filter((k) => !books.mix.get(k)?.ms.length);
    const pass = errors === 0 && checks.every((c) => c.ok) && base.errors === 0 && missing.length === 0;
    console.log(
      `\n${pass ? "PASS" : "FAIL"}: ${errors} errors in ${total.toLocaleString("en-US")} requests, ${checks.filter((c) => !c.ok).length} failed checks` +
        (missing.length ? `; kinds never sent: ${missing.join(", ")}` : ""),
    );
    // One machine-readable line for the smoke test (tests/smoke/mixed-bench.test.mjs).
    console.log(
      `MIXED_RESULT ${JSON.stringify({ pass, errors, kinds: Object.fromEntries(rows.map((r) => [r.kind, { count: r.count, errors: r.errors }])), baseline: { count: base.count, errors: base.errors }, checks: Object.fromEntries(checks.map((c) => [c.name, c.ok])) })}`,
    );
    code = pass ? 0 : 1;
  } finally {
    await Promise.all([stop(app), stop(baseline)]);
    agent.destroy();
    await sql.end();
    const g = globalThis as unknown as { prisma?: { $disconnect(): Promise<void> } };
    await g.prisma?.$disconnect();
    await database.drop();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return code;
}
