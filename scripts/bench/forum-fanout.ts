// npm run bench:fanout — does a reply in a thread with 10,000 watchers cost more than one in a
// thread with none, and how long until every watcher is told? (docs/forums.md, "Watching at
// scale"). Starts its own embedded PostgreSQL unless BENCH_DATABASE_URL names a server (admin
// URL), makes BENCH_WATCHERS players (10,000) watching one thread (set-based inserts; every tenth
// with the email channel for watched posts, so the delayed mails are queued too), and times:
//   (a) replies through the use case, alternating between the watched thread and a thread nobody
//       watches, BENCH_ROUNDS (7) each: the medians and their ratio. The fan-out is a queued job,
//       so the reply itself should not grow with the watchers;
//   (b) one more reply to the watched thread, then the notify-watchers task run directly: the time
//       from the reply's commit until the task has finished, and the notifications it made
//       (must be exactly BENCH_WATCHERS).
// Figures, not pass/fail (docs/forums.md records them).
import { performance } from "node:perf_hooks";
import { createTestDatabase, startTestServer } from "../../tests/setup/test-db.mjs";

const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  const server = await startTestServer();
  const database = await createTestDatabase(server.adminUrl, { prefix: "benchfanout" });
  process.env.DATABASE_URL = database.url;
  process.env.AUTH_SECRET ??= "bench-secret-0123456789abcdef0123456789";
  process.env.LOG_LEVEL = "silent";
  try {
    const { db } = await import("../../lib/server/db");
    const { createThread } = await import("../../lib/server/forums/create-thread");
    const { createPost } = await import("../../lib/server/forums/create-post");
    const { notifyWatchers } = await import("../../lib/server/forums/notify-watchers");

    // Players, set-based: the starter, the replier and the watchers.
    await db.$executeRaw`
      INSERT INTO users (username, "usernameKey", email, "emailKey", "passwordHash", "updatedAt")
      SELECT 'fan' || i, 'fan' || i, 'fan' || i || '@fanout.invalid', 'fan' || i || '@fanout.invalid', 'x', now()
      FROM generate_series(0, ${WATCHERS + 1}) AS i`;
    const [starter, replier] = await db.user.findMany({
      where: { usernameKey: { in: ["fan0", "fan1"] } },
      orderBy: { id: "asc" },
      select: { id: true, username: true },
    });
    const category = await db.forumCategory.create({ data: { name: "Bench" } });
    const forum = await db.forum.create({ data: { categoryId: category.id, name: "Fan-out", description: "bench" } });
    const actor = { userId: starter!.id, username: starter!.username, isStaff: false };
    const watched = await createThread(actor, { forum_id: forum.id, title: "Watched by many", content: "<p>Opening</p>" });
    const quiet = await createThread(actor, { forum_id: forum.id, title: "Watched by none", content: "<p>Opening</p>" });
    // Nobody but the starter watches the quiet thread; everyone else the watched one.
    await db.$executeRaw`DELETE FROM forum_thread_watches`;
    await db.$executeRaw`
      INSERT INTO forum_thread_watches ("userId", "threadId", level, "updatedAt")
      SELECT id, ${watched.id}, 'watching', now() FROM users WHERE "emailKey" LIKE '%@fanout.invalid' AND id NOT IN (${starter!.id}, ${replier!.id})`;
    await db.$executeRaw`
      INSERT INTO notification_preferences ("userId", type, channel)
      SELECT "userId", 'forum_watched_post', 'email' FROM forum_thread_watches WHERE "userId" % 10 = 0`;
    await db.$executeRaw`ANALYZE`;
    // The opening posts' jobs are not run: the watchers start with nothing unread.
    await db.$executeRaw`DELETE FROM graphile_worker._private_jobs`;

    const replyTo = async (threadId: number) => {
      const t = performance.now();
      const post = await createPost({ userId: replier!.id, isStaff: false }, { thread_id: threadId, content: "<p>A reply</p>" });
      return { ms: performance.now() - t, postId: post.id };
    };
    // (a) Warm up once each, then alternate.
    await replyTo(watched.id);
    await replyTo(quiet.id);
    const many: number[] = [];
    const none: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      many.push((await replyTo(watched.id)).ms);
      none.push((await replyTo(quiet.id)).ms);
    }
    const ratio = median(many) / median(none);
    console.log(
      `(a) reply, median of ${ROUNDS}: ${WATCHERS} watchers ${median(many).toFixed(1)} ms, 0 watchers ${median(none).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );

    // (b) The fan-out of one reply. Earlier replies' jobs were never run, so no watcher has an unread one.
    const { postId } = await replyTo(watched.id);
    const committed = performance.now();
    const result = await notifyWatchers(postId);
    const took = performance.now() - committed;
    const made = await db.notification.count({ where: { type: "forum_watched_post", link: { endsWith: `#post-${postId}` } } });
    const mails = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'email-notification'`;
    console.log(
      `(b) fan-out: ${made} notifications (${result.batches} batches), ${mails[0]!.n} delayed mails queued, ${(took / 1000).toFixed(2)} s from the reply's commit to the job's end`,
    );
    // Again (a retried job): nothing more.
    const again = performance.now();
    const second = await notifyWatchers(postId);
    console.log(`    run again: ${second.told} more, ${((performance.now() - again) / 1000).toFixed(2)} s`);
    if (made !== WATCHERS || second.told !== 0) process.exitCode = 1;
    await db.$disconnect();
  } finally {
    await database.drop?.();
    await server.stop?.();
  }
}

await main();
