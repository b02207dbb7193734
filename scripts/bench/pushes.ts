// npm run bench:pushes — do hiscore pushes for different players of one ladder wait for each
// other? (docs/hiscores.md, "Pushes never queue"). Starts its own embedded PostgreSQL unless
// BENCH_DATABASE_URL names a server (admin URL), makes BENCH_PLAYERS players (200) on one ladder,
// and as many on 20 ladders (every game mode × XP mode), then times:
//   - a single push, one at a time;
//   - every player of the one ladder pushing at once (Promise.all), through the app's pool
//     (DATABASE_POOL_SIZE, 20): most of this wait is for a pooled connection;
//   - the same pushes from as many workers as the pool has connections, so no push waits for a
//     connection and only locks or CPU can slow it;
//   - the baseline for that: the same workers, each pushing players of a ladder of its own, so
//     nothing a push writes is shared. Same work, same CPU: any gap is time spent waiting.
// While the concurrent rounds run it samples pg_stat_activity for sessions waiting on a lock.
// Figures, not pass/fail (docs/hiscores.md records them).
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createTestDatabase, startTestServer } from "../../tests/setup/test-db.mjs";

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

type Stats = { name: string; n: number; p50: number; p95: number; p99: number; max: number; lockWaits: number };
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function summarize(name: string, ms: number[], lockWaits = 0): Stats {
  const s = [...ms].sort((a, b) => a - b);
  return { name, n: s.length, p50: pct(s, 50), p95: pct(s, 95), p99: pct(s, 99), max: s[s.length - 1]!, lockWaits };
}

async function main() {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer();
  const database = await createTestDatabase(server.adminUrl, { prefix: "benchpush" });
  process.env.DATABASE_URL = database.url;
  process.env.AUTH_SECRET ??= "bench-secret-0123456789abcdef0123456789";
  process.env.LOG_LEVEL = "silent";
  const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? 20);
  process.env.DATABASE_POOL_SIZE = String(poolSize);
  const watcher = new pg.Pool({ connectionString: database.url, max: 1 });
  try {
    const { db } = await import("../../lib/server/db");
    const { pushHiscores } = await import("../../lib/server/game/push-hiscores");
    const { SKILLS } = await import("../../lib/skills");
    const { GAME_MODES, XP_MODES } = await import("../../lib/schemas/game");
    const LADDERS = GAME_MODES.flatMap((game_mode) => XP_MODES.map((xp_mode) => ({ game_mode, xp_mode })));
    await db.user.createMany({
      data: Array.from({ length: 2 * PLAYERS }, (_, i) => ({
        username: `push${i}`,
        usernameKey: `push${i}`,
        email: `push${i}@bench.invalid`,
        emailKey: `push${i}@bench.invalid`,
        passwordHash: "x",
      })),
    });
    const everyone = await db.user.findMany({ where: { emailKey: { endsWith: "@bench.invalid" } }, select: { id: true }, orderBy: { id: "asc" } });
    const players = everyone.slice(0, PLAYERS);
    const spread = everyone.slice(PLAYERS);
    const xp = (i: number, round: number) => SKILLS.map((_, s) => ((i * 104729 + s * 7919 + round * 977) % 50_000_000) + 1000);
    const push = async (i: number, round: number) => {
      const t = performance.now();
      await pushHiscores({ player_id: players[i]!.id, experience: xp(i, round), activities: { clue_scrolls_all: (i + round) % 300 } });
      return performance.now() - t;
    };
    /** Player i of the spread set stays on ladder i % 20. */
    const pushSpread = async (i: number, round: number) => {
      const t = performance.now();
      await pushHiscores({
        player_id: spread[i]!.id,
        ...LADDERS[i % LADDERS.length]!,
        experience: xp(i, round),
        activities: { clue_scrolls_all: (i + round) % 300 },
      });
      return performance.now() - t;
    };
    // Every player on their ladder first (their first push inserts rows; later ones update them).
    for (let i = 0; i < PLAYERS; i++) await push(i, 0);
    for (let i = 0; i < PLAYERS; i++) await pushSpread(i, 0);

    const events = new Set<string>();
    /** Runs `work` while sampling how many sessions wait on a lock; the most seen at once. */
    const sampled = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      let most = 0;
      let done = false;
      const sampling = (async () => {
        while (!done) {
          const { rows } = await watcher.query<{ n: number; ev: string | null }>(
            `SELECT count(*)::int AS n, string_agg(DISTINCT wait_event, ',') AS ev FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if (rows[0]!.ev) events.add(rows[0]!.ev);
          most = Math.max(most, rows[0]!.n);
          await new Promise((r) => setTimeout(r, 2));
        }
      })();
      try {
        return [await work(), most];
      } finally {
        done = true;
        await sampling;
      }
    };

    const single: number[] = [];
    const all: number[] = [];
    const pooled: number[] = [];
    const apart: number[] = [];
    let allWaits = 0;
    let pooledWaits = 0;
    let apartWaits = 0;
    /** PLAYERS pushes from `workers` workers; worker w takes the players i with i % workers = w. */
    const fromWorkers = async (workers: number, one: (i: number) => Promise<number>) => {
      const out: number[] = [];
      await Promise.all(
        Array.from({ length: workers }, async (_, w) => {
          for (let i = w; i < PLAYERS; i += workers) out.push(await one(i));
        }),
      );
      return out;
    };
    let round = 1;
    for (let r = 0; r < ROUNDS; r++) {
      for (let i = 0; i < Math.min(PLAYERS, 50); i++) single.push(await push(i, round));
      round++;
      const [a, wa] = await sampled(() => Promise.all(players.map((_, i) => push(i, round))));
      all.push(...a);
      allWaits = Math.max(allWaits, wa);
      round++;
      const [b, wb] = await sampled(() => fromWorkers(poolSize, (i) => push(i, round)));
      pooled.push(...b);
      pooledWaits = Math.max(pooledWaits, wb);
      // Worker w pushes players i ≡ w (mod 20): with 20 workers, each on a ladder of its own.
      const [c, wc] = await sampled(() => fromWorkers(LADDERS.length, (i) => pushSpread(i, round)));
      apart.push(...c);
      apartWaits = Math.max(apartWaits, wc);
      round++;
    }
    const base = summarize("single push, one at a time", single);
    const oneLadder = summarize(`${PLAYERS} from ${poolSize} workers, one ladder`, pooled, pooledWaits);
    const baseline = summarize(`${PLAYERS} from ${LADDERS.length} workers, a ladder each (nothing shared)`, apart, apartWaits);
    const rows = [base, summarize(`${PLAYERS} at once, one ladder (pool ${poolSize})`, all, allWaits), oneLadder, baseline];
    console.log(`\nHiscore pushes, ${PLAYERS} players, ${ROUNDS} rounds\n`);
    console.log(
      "| case | n | p50 | p95 | p99 | max | p99 / single p50 | most sessions waiting on a lock |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const s of rows) {
      console.log(
        `| ${s.name} | ${s.n} | ${s.p50.toFixed(1)} ms | ${s.p95.toFixed(1)} ms | ${s.p99.toFixed(1)} ms | ${s.max.toFixed(1)} ms | ${(s.p99 / base.p50).toFixed(1)}× | ${s === base ? "–" : s.lockWaits} |`,
      );
    }
    console.log(
      `\nOne ladder against a ladder each, same concurrency: p50 ${(oneLadder.p50 / baseline.p50).toFixed(2)}×, p99 ${(oneLadder.p99 / baseline.p99).toFixed(2)}×`,
    );
    if (events.size > 0) console.log(`\nLock waits seen (pg_stat_activity.wait_event): ${[...events].join(", ")}`);
    await db.$disconnect();
  } finally {
    await watcher.end();
    await database.drop?.();
    await server.stop?.();
  }
}

await main();
