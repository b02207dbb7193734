// npm run bench — figures, not pass/fail. Starts its own embedded PostgreSQL unless
// BENCH_DATABASE_URL names a server (admin URL). First the micro-benchmarks (one line each),
// then the HTTP table (http.ts) against a production build of the app.
// BENCH_ONLY=micro|http runs one part; BENCH_DURATION (s a route, default 10) and
// BENCH_CONNECTIONS (default 50) tune the HTTP part; NEXT_DIST_DIR picks the build (.next-bench).
// `npm run bench -- --mixed` runs the realistic mixed load instead (mixed.ts).
import { performance } from "node:perf_hooks";
import pg from "pg";
import { createTestDatabase, startTestServer } from "../../tests/setup/test-db.mjs";
import { runHttpBench } from "./http";

type Stat = { name: string; ops: number; ms: number };
const results: Stat[] = [];

async function measure(name: string, ops: number, fn: (i: number) => Promise<unknown>, concurrency = 1) {
  const t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < ops) await fn(next++);
    }),
  );
  const ms = performance.now() - t;
  results.push({ name, ops, ms });
  console.log(
    `${name.padEnd(48)} ${ops.toString().padStart(6)} ops  ${(ms / ops).toFixed(2).padStart(8)} ms/op  ${((ops / ms) * 1000).toFixed(0).padStart(7)} ops/s`,
  );
}

async function main() {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer();
  const database = await createTestDatabase(server.adminUrl, { prefix: "bench" });
  process.env.DATABASE_URL = database.url;
  process.env.AUTH_SECRET ??= "bench-secret-0123456789abcdef0123456789";
  process.env.LOG_LEVEL = "silent";
  try {
    const { hashPassword, verifyPassword } = await import("../../lib/server/accounts/password-hash");
    const { hitRateLimit } = await import("../../lib/server/security/rate-limit");
    const { actorFromSessionToken } = await import("../../lib/server/sessions/authenticate-request");
    const { createBrowserSession } = await import("../../lib/server/sessions/browser-sessions");
    const { db } = await import("../../lib/server/db");

    const only = process.env.BENCH_ONLY;
    const hash = await hashPassword("Bench!mark1");
    const user = await db.user.create({ data: { username: "bench", usernameKey: "bench", email: "b@x.example", emailKey: "b@x.example", passwordHash: hash } });
    const tokens = await Promise.all(Array.from({ length: 50 }, () => createBrowserSession(user.id, { userAgent: "bench", ip: null })));
    if (only !== "http") {
      await measure("argon2id hash (1 at a time)", 20, () => hashPassword("Bench!mark1"));
      await measure("argon2id verify (4 concurrent)", 40, () => verifyPassword(hash, "Bench!mark1"), 4);
      await measure("session cookie → actor (8 concurrent)", 2000, (i) => actorFromSessionToken(tokens[i % tokens.length]!.token), 8);
      await measure("rate-limit counter hit (8 concurrent)", 2000, (i) => hitRateLimit({ name: "bench", limit: 1e9, windowSec: 60 }, `ip-${i % 100}`), 8);
      // The health check through Prisma against the same query on a plain pg pool: the price of the ORM layer.
      const { checkHealth } = await import("../../lib/server/health/check-health");
      await measure("health check via Prisma (8 concurrent)", 4000, () => checkHealth(), 8);
      const pool = new pg.Pool({ connectionString: database.url, max: 10 });
      const sql = "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL";
      await measure("same query via plain pg (8 concurrent)", 4000, () => pool.query(sql), 8);
      await pool.end();
    }
    if (only !== "micro") {
      // A player with one session, as most have (the user above holds 50, which /account would list).
      const player = await db.user.create({
        data: { username: "benchplayer", usernameKey: "benchplayer", email: "p@x.example", emailKey: "p@x.example", passwordHash: hash },
      });
      const session = await createBrowserSession(player.id, { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36", ip: null });
      await runHttpBench({ databaseUrl: database.url, sessionToken: session.token });
    }
    await db.$disconnect();
  } finally {
    await database.drop();
    await server.stop();
  }
}

const fail = (e: unknown) => {
  console.error(e);
  process.exit(1);
};
if (process.argv.includes("--mixed")) {
  import("./mixed").then((m) => m.runMixedBench()).then((code) => process.exit(code), fail);
} else {
  main().catch(fail);
}
