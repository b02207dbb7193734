// The mixed load's settings (BENCH_* variables), the mix itself, and what every part of it
// shares: the seeded random sequence and the timestamped progress line (scripts/bench/mixed.ts).
import os from "node:os";
import { performance } from "node:perf_hooks";
import { seededRandom as prng } from "../../../lib/seeded-random";

// ── configuration ────────────────────────────────────────────────────────────────────────────

const num = (name: string, fallback: number) => {
  const raw = process.env[name];
  const n = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a number, not "${raw}"`);
  return n;
};
export const DURATION_S = num("BENCH_DURATION", 60);
export const WARMUP_S = num("BENCH_WARMUP", 5);
export const BASELINE_S = num("BENCH_BASELINE_DURATION", 10);
export const CONNECTIONS = Math.max(1, Math.floor(num("BENCH_CONNECTIONS", 50)));
export const PLAYERS = Math.max(CONNECTIONS, Math.floor(num("BENCH_PLAYERS", 500)));
export const HISCORE_PLAYERS = Math.max(1500, Math.floor(num("BENCH_HISCORE_PLAYERS", 5000)));
/** Coupons and gift cards seeded for the run (one coupon lasts about two bursts, a card one). */
export const COUPONS = Math.max(20, Math.floor(num("BENCH_COUPONS", PLAYERS)));
export const GIFT_CARDS = Math.max(20, Math.floor(num("BENCH_GIFT_CARDS", PLAYERS)));
export const DIST_DIR = process.env.NEXT_DIST_DIR || ".next-bench";
/** Credits each player starts with: the staff grant's ceiling, far more than a run can spend. */
export const GRANT = 1_000_000;
/** Hiscores pages from here on count as "at depth". */
export const DEEP_PAGE = 50;
export const REQUEST_TIMEOUT_MS = 60_000;
export const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 mixed-bench";
export const GAME_SERVER_ADDRESS = "192.0.2.10";
/**
 * The run's coupons (BENCH-1, BENCH-2, …): 20% off any store item, over a sale too, at most
 * COUPON_LIMIT uses in all and COUPON_PER_PLAYER per player. A burst sends one player's order
 * three times and two other players' once, all at once: up to four of the five could be
 * allowed by the per-player limit, so every fresh coupon meets its total limit of three in its
 * first burst (even a five-second smoke run proves it); then the mix moves on to the next code.
 */
export const COUPON = { kind: "PERCENT", value: 20, stackable: true } as const;
export const COUPON_LIMIT = 3;
export const COUPON_PER_PLAYER = 2;
/** Redemption attempts a player may make per 15 minutes (the route's per-player limit; the address allows 30). */
export const GIFT_CARD_ATTEMPTS = 10;

export const VOTE_SITES = [
  { key: "runelocus", token: "callback", voterIp: "ip", from: "198.51.100.1", how: "form" },
  { key: "rsps_list", token: "userid", voterIp: "userip", from: "198.51.100.2", how: "query" },
  { key: "runelist", token: "incentive", voterIp: null, from: "198.51.100.3", how: "json" },
] as const;

// ── the mix ──────────────────────────────────────────────────────────────────────────────────
// Weights are shares of scenarios (they add up to 100); a scenario is one request except a
// claim that finds deliveries (claim, then ack), the purchase and vote retries, and the coupon
// and gift card bursts (five and three requests at once). The table shows each kind's share of
// the requests actually sent. docs/performance.md argues them.

export type KindName =
  | "guest page"
  | "hiscores read"
  | "forum read"
  | "player page (signed in)"
  | "login: website"
  | "login: API token"
  | "login: game server"
  | "token refresh"
  | "store purchase"
  | "store purchase: coupon"
  | "gift card redeem"
  | "game: claim deliveries"
  | "game: ack deliveries"
  | "game: hiscores push"
  | "vote callback";

export const SCENARIO_WEIGHTS: [KindName, number][] = [
  ["guest page", 28],
  ["hiscores read", 18],
  ["forum read", 14],
  ["player page (signed in)", 6],
  ["login: website", 2],
  ["login: API token", 1],
  ["login: game server", 1],
  ["token refresh", 4],
  ["store purchase", 4],
  ["store purchase: coupon", 1],
  ["gift card redeem", 1],
  ["game: claim deliveries", 8],
  ["game: hiscores push", 9],
  ["vote callback", 3],
];
/** Every row of the table, in order (acks come from claims, not from a weight of their own). */
export const ROWS: KindName[] = SCENARIO_WEIGHTS.flatMap(([k]): KindName[] => (k === "game: claim deliveries" ? [k, "game: ack deliveries"] : [k]));

// ── shared by seeding, driver and report ────────────────────────────────────────────────────

/** The one random sequence of the run (seeding and the mix draw from it in turn). */
export const rand = prng(19_2026);
const t0 = performance.now();
export const say = (m: string) => console.log(`[mixed] ${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s  ${m}`);
export const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
/** The machine's load average (1 / 5 / 15 min), for the report. */
export const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");
