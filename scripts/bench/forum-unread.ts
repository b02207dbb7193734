// npm run bench:unread — what unread markers cost a forum page (docs/forums.md, "Unread markers
// at scale"). Starts its own embedded PostgreSQL unless BENCH_DATABASE_URL names a server (admin
// URL), makes a throwaway database and seeds it with set-based inserts: BENCH_THREADS threads
// (10,000) in 20 forums, all active in the last days (so none is past the unread cutoff: the
// worst case), 3 posts each, every one read by the reader (and by 9 other players, so the table
// holds 10 times as many rows); one thread in ten has 2 posts the reader has not read, one in
// fifty none of its posts read. Then, in this process, BENCH_ITERATIONS (500) runs of each pair,
// in turns (so a busy machine slows both alike):
//   - a forum's page of 20 threads as the page reads it (findForumThreads), and its markers
//     (listUnreadThreads for those 20 threads): the request the browser adds beside the page;
//   - the page again, and the markers through their route handler (session, zod, JSON);
//   - the forum index (listForumCategories) and its per-forum summary (listUnreadForums), which
//     reads every thread active since the reader's read point;
// then each marker statement's own time in PostgreSQL (EXPLAIN ANALYZE; BENCH_PLANS=1 prints the
// plans; BENCH_KEEP=1 keeps the database).
// Figures, not pass/fail; the target is markers adding under 5 ms p95 to a forum page.
import { performance } from "node:perf_hooks";
import { createTestDatabase, startTestServer } from "../../tests/setup/test-db.mjs";

const THREADS = Number(process.env.BENCH_THREADS ?? 10_000);
const N = Number(process.env.BENCH_ITERATIONS ?? 500);
const FORUMS = 20;
const OTHER_READERS = 9;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
type Stats = { name: string; p50: number; p95: number; p99: number };
const results: Stats[] = [];

function summarize(name: string, times: number[]): Stats {
  times.sort((a, b) => a - b);
  const s = { name, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99) };
  results.push(s);
  console.log(`${name.padEnd(58)} p50 ${s.p50.toFixed(2).padStart(7)} ms  p95 ${s.p95.toFixed(2).padStart(7)} ms  p99 ${s.p99.toFixed(2).padStart(7)} ms`);
  return s;
}

/** Two cases, one run of each per iteration (in turns), so load on the machine falls on both alike. */
async function benchPair(a: [string, () => Promise<unknown>], b: [string, () => Promise<unknown>]): Promise<[Stats, Stats]> {
  for (let i = 0; i < 30; i++) await Promise.all([a[1](), b[1]()]); // warm-up: plans cached, pool connected
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < N; i++) {
    const order = i % 2 ? [0, 1] : [1, 0];
    for (const k of order) {
      const t = performance.now();
      await (k === 0 ? a : b)[1]();
      (k === 0 ? ta : tb).push(performance.now() - t);
    }
  }
  return [summarize(a[0], ta), summarize(b[0], tb)];
}

async function main() {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer();
  const database = await createTestDatabase(server.adminUrl, { prefix: "benchunread" });
  process.env.DATABASE_URL = database.url;
  process.env.AUTH_SECRET ??= "bench-secret-0123456789abcdef0123456789";
  process.env.LOG_LEVEL = "silent";
  try {
    const { db } = await import("../../lib/server/db");
    const { findForumThreads } = await import("../../lib/server/forums/list-threads");
    const { listForumCategories } = await import("../../lib/server/forums/list-categories");
    const { listUnreadForums, listUnreadThreads } = await import("../../lib/server/forums/list-unread");
    const { unreadForumsStatement, unreadThreadsStatement } = await import("../../lib/server/forums/sql/unread");
    const { Prisma } = await import("../../lib/generated/prisma/client");
    const { createSessionToken } = await import("../../tests/factories/users");
    const unreadRoute = await import("../../app/api/v1/forums/unread/threads/route");
    const { call } = await import("../../tests/integration/helpers");

    // Players: the reader, an author, and the other readers. Made 20 days ago, so their own
    // creation is not what bounds the unread window.
    await db.$executeRawUnsafe(`
      INSERT INTO users (username, "usernameKey", email, "emailKey", "passwordHash", "createdAt", "updatedAt")
      SELECT 'reader' || i, 'reader' || i, 'reader' || i || '@bench.invalid', 'reader' || i || '@bench.invalid', 'x', (now() AT TIME ZONE 'UTC') - interval '20 days', now() AT TIME ZONE 'UTC'
      FROM generate_series(0, ${OTHER_READERS + 1}) i`);
    const users = await db.user.findMany({ where: { emailKey: { endsWith: "@bench.invalid" } }, orderBy: { id: "asc" }, select: { id: true, username: true } });
    const reader = users[0]!;
    const author = users[1]!;
    const category = await db.forumCategory.create({ data: { name: "Bench" } });
    await db.forum.createMany({
      data: Array.from({ length: FORUMS }, (_, i) => ({ categoryId: category.id, name: `Bench forum ${i}`, description: "Bench" })),
    });

    const t0 = performance.now();
    // Threads spread over the last 10 days (newest last), round robin over the forums.
    await db.$executeRawUnsafe(`
      INSERT INTO forum_threads ("forumId", "userId", title, "postCount", "latestPostAt", "latestPostUserId", "createdAt")
      SELECT f.ids[1 + (i % ${FORUMS})], ${author.id}, 'Bench thread ' || i, 3, at + interval '2 minutes', ${author.id}, at
      FROM generate_series(1, ${THREADS}) i
      CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM forums) f
      CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE 'UTC') - interval '10 days' + (i * interval '10 days' / ${THREADS + 1}) AS at) d`);
    await db.$executeRawUnsafe(`
      INSERT INTO forum_posts ("threadId", "userId", content, "createdAt")
      SELECT t.id, ${author.id}, '<p>Post ' || n || '</p>', t."createdAt" + n * interval '1 minute'
      FROM forum_threads t CROSS JOIN generate_series(0, 2) n ORDER BY t.id, n`);
    await db.$executeRawUnsafe(`
      UPDATE forums f SET "threadCount" = s.threads, "postCount" = s.threads * 3, "latestThreadId" = s.latest
      FROM (SELECT "forumId", count(*)::int AS threads, max(id) AS latest FROM forum_threads GROUP BY "forumId") s WHERE s."forumId" = f.id`);
    // Read state: every thread read by every reader to its last post, but the reader's rows for one
    // thread in ten of each forum stop at the first post (2 unread) and one in fifty has no row (new).
    await db.$executeRawUnsafe(`
      INSERT INTO forum_thread_reads ("userId", "threadId", "lastReadPostId", "lastReadPostAt")
      SELECT u.id, p."threadId", p.id, p."createdAt"
      FROM users u
      CROSS JOIN LATERAL (SELECT DISTINCT ON ("threadId") "threadId", id, "createdAt" FROM forum_posts ORDER BY "threadId", "createdAt" DESC, id DESC) p
      WHERE u."emailKey" LIKE '%@bench.invalid' AND u.id <> ${author.id} AND (u.id <> ${reader.id} OR (p."threadId" / ${FORUMS}) % 50 <> 0)`);
    await db.$executeRawUnsafe(`
      UPDATE forum_thread_reads r SET "lastReadPostId" = p.id, "lastReadPostAt" = p."createdAt"
      FROM (SELECT DISTINCT ON ("threadId") "threadId", id, "createdAt" FROM forum_posts ORDER BY "threadId", "createdAt", id) p
      WHERE r."userId" = ${reader.id} AND r."threadId" = p."threadId" AND (r."threadId" / ${FORUMS}) % 10 = 0`);
    await db.$executeRawUnsafe(`ANALYZE`);
    const counts = await db.$queryRawUnsafe<{ reads: number; mine: number; posts: number }[]>(
      `SELECT (SELECT count(*)::int FROM forum_thread_reads) AS reads, (SELECT count(*)::int FROM forum_thread_reads WHERE "userId" = ${reader.id}) AS mine, (SELECT count(*)::int FROM forum_posts) AS posts`,
    );
    console.log(
      `Seeded ${THREADS.toLocaleString("en-US")} threads, ${counts[0]!.posts.toLocaleString("en-US")} posts, ${counts[0]!.reads.toLocaleString("en-US")} read-state rows (${counts[0]!.mine.toLocaleString("en-US")} of the reader) in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
    );

    const actor = { userId: reader.id, isStaff: false };
    const forum = (await db.forum.findFirstOrThrow({ orderBy: { id: "asc" } })).id;
    const page = await findForumThreads(actor, forum, 1);
    const ids = page!.results.map((t) => t.id);
    const marked = await listUnreadThreads(actor, ids);
    const summary = await listUnreadForums(actor);
    console.log(
      `Forum ${forum}, page 1: ${ids.length} threads, ${marked.threads.length} with a marker; the index summary: ${summary.forums.length} forums, ` +
        `${summary.forums.reduce((n, f) => n + f.new_threads, 0)} new and ${summary.forums.reduce((n, f) => n + f.unread_threads, 0)} unread threads\n`,
    );

    const session = await createSessionToken(reader.id);
    const query = `?thread_ids=${ids.join(",")}`;
    const request = () =>
      call(unreadRoute.GET, { path: `/api/v1/forums/unread/threads${query}`, cookies: { session }, headers: { "x-forwarded-for": "10.0.0.1" } });
    const first = await request();
    if (first.status !== 200) throw new Error(`The marker request answered ${first.status}: ${JSON.stringify(first.json)}`);

    // Interleaved, so a busy machine slows each case alike: the page's query, then its markers.
    const [without, markersAlone] = await benchPair(
      ["forum page's threads (findForumThreads), no markers", () => findForumThreads(actor, forum, 1)],
      ["its markers (listUnreadThreads, 20 threads)", () => listUnreadThreads(actor, ids)],
    );
    await benchPair(
      ["forum page's threads again", () => findForumThreads(actor, forum, 1)],
      ["its markers through GET /api/v1/forums/unread/threads", request],
    );
    await benchPair(
      ["forum index (listForumCategories), no markers", () => listForumCategories(actor)],
      ["forum index summary (listUnreadForums)", () => listUnreadForums(actor)],
    );
    console.log(
      `\nThe markers are one request beside the (cached) page: ${markersAlone.p50.toFixed(2)} ms at p50 and ${markersAlone.p95.toFixed(2)} ms at p95, ` +
        `against ${without.p50.toFixed(2)} / ${without.p95.toFixed(2)} ms for the page's own query (target: markers under 5 ms at p95).`,
    );
    // The database's own time for each statement (EXPLAIN ANALYZE, 50 runs), apart from this process's CPU.
    for (const [label, statement] of [
      ["marker statement, 20 threads", unreadThreadsStatement(reader.id, ids, false)],
      ["index summary statement", unreadForumsStatement(reader.id)],
    ] as const) {
      const runs: number[] = [];
      const planning: number[] = [];
      let plan: string[] = [];
      for (let i = 0; i < 50; i++) {
        const rows = await db.$queryRaw<{ "QUERY PLAN": string }[]>(Prisma.sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`);
        plan = rows.map((r) => r["QUERY PLAN"]);
        runs.push(Number(/Execution Time: ([\d.]+)/.exec(plan.join("\n"))?.[1] ?? NaN));
        planning.push(Number(/Planning Time: ([\d.]+)/.exec(plan.join("\n"))?.[1] ?? NaN));
      }
      runs.sort((a, b) => a - b);
      planning.sort((a, b) => a - b);
      console.log(
        `\n${label}: executes in ${pct(runs, 50).toFixed(2)} ms at p50, ${pct(runs, 95).toFixed(2)} ms at p95 in PostgreSQL ` +
          `(planned in ${pct(planning, 50).toFixed(2)} / ${pct(planning, 95).toFixed(2)} ms)`,
      );
      if (process.env.BENCH_PLANS) console.log(plan.map((l) => `  ${l}`).join("\n"));
    }
    await db.$disconnect();
  } finally {
    if (process.env.BENCH_KEEP) console.log(`\nKept ${database.url}`);
    else await database.drop().catch(() => {});
    await server.stop?.();
  }
}

await main();
process.exit(0);
