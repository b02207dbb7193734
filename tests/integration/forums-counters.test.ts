import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as posts from "@/app/api/v1/forums/posts/route";
import * as threads from "@/app/api/v1/forums/threads/route";
import * as modPost from "@/app/api/v1/staff/forums/posts/[id]/route";
import * as modThread from "@/app/api/v1/staff/forums/threads/[id]/route";
import { THREAD_CLOSED_MESSAGE } from "@/lib/schemas/forums";
import { db } from "@/lib/server/db";
import { setEnv } from "../support/env";
import { as, countersOf, createForum, reply, startThread, type U, userCounters, userWithSession } from "./forums-fixtures";
import { call } from "./helpers";

// Counters (forum threads/posts, thread posts and latest post, users' threads/posts) are kept
// by atomic increments in the transaction of each write. Here many writes race on the same rows
// and the stored numbers must equal what the rows say afterwards. Replies come from staff, who
// are exempt from the per-player posting limits, so every one of them is a real write. The races
// queue on row locks by design, so the bigger ones get more than the default 30 s on a busy machine.

let restore: () => void;
beforeAll(() => {
  restore = setEnv({ TRUST_PROXY: "true" });
});
afterAll(() => restore());

const replyReq = (u: U, threadId: number, n: number) =>
  call(posts.POST, as(u, { path: "/api/v1/forums/posts", body: { thread_id: threadId, content: `<p>Reply ${n} by ${u.username}</p>` } }));
const threadReq = (u: U, forumId: number, n: number) =>
  call(threads.POST, as(u, { path: "/api/v1/forums/threads", body: { forum_id: forumId, title: `Thread ${n} by ${u.username}`, content: "<p>Start</p>" } }));
const patchThread = (u: U, id: number, body: Record<string, unknown>) =>
  call(modThread.PATCH, as(u, { method: "PATCH", path: `/api/v1/staff/forums/threads/${id}`, params: { id: String(id) }, body }));
const patchPost = (u: U, id: number, body: Record<string, unknown>) =>
  call(modPost.PATCH, as(u, { method: "PATCH", path: `/api/v1/staff/forums/posts/${id}`, params: { id: String(id) }, body }));

async function expectExact(forumIds: number[], users: U[]) {
  for (const id of forumIds) {
    const c = await countersOf(id);
    expect(c.stored, `forum ${id}`).toEqual(c.real);
  }
  for (const u of users) {
    const c = await userCounters(u.id);
    expect(c.stored, u.username).toEqual(c.real);
  }
}

/** The thread's latest-post pointer names its newest visible post. */
async function expectLatestPost(threadId: number) {
  const thread = await db.forumThread.findUniqueOrThrow({ where: { id: threadId } });
  const newest = await db.forumPost.findFirstOrThrow({ where: { threadId, hidden: false }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  expect(thread.latestPostAt.getTime()).toBe(newest.createdAt.getTime());
  expect(thread.latestPostUserId).toBe(newest.userId);
}

describe("counters under concurrent writes", () => {
  it("3 users × 10 replies on one thread, fired at once with new threads in the same forum: every counter equals the rows", async () => {
    const forum = await createForum();
    const [m1, m2, m3, p1, p2] = await Promise.all([
      userWithSession("MODERATOR"),
      userWithSession("MODERATOR"),
      userWithSession("MODERATOR"),
      userWithSession(),
      userWithSession(),
    ]);
    const thread = await startThread(p1, forum.id, "The busy thread");

    const writes = [
      ...[m1, m2, m3].flatMap((u) => Array.from({ length: 10 }, (_, n) => replyReq(u, thread.id, n))),
      // Players: three new threads each (limit 5 per 10 minutes) and five replies (limit 8 a minute).
      ...[p1, p2].flatMap((u) => Array.from({ length: 3 }, (_, n) => threadReq(u, forum.id, n))),
      ...[p1, p2].flatMap((u) => Array.from({ length: 5 }, (_, n) => replyReq(u, thread.id, 100 + n))),
    ];
    const results = await Promise.all(writes);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 201));

    const stored = await db.forumThread.findUniqueOrThrow({ where: { id: thread.id } });
    expect(stored.postCount).toBe(1 + 30 + 10);
    expect(await db.forumPost.count({ where: { threadId: thread.id } })).toBe(41);
    await expectExact([forum.id], [m1, m2, m3, p1, p2]);
    expect(await userCounters(m1.id)).toMatchObject({ stored: { threads: 0, posts: 10 } });
    expect(await userCounters(p1.id)).toMatchObject({ stored: { threads: 4, posts: 4 + 5 } });
    const f = await db.forum.findUniqueOrThrow({ where: { id: forum.id } });
    expect(f).toMatchObject({ threadCount: 7, postCount: 41 + 6 });
    // The forum's latest thread is its newest one; the thread's latest post its newest post.
    const newestThread = await db.forumThread.findFirstOrThrow({ where: { forumId: forum.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    expect(f.latestThreadId).toBe(newestThread.id);
    await expectLatestPost(thread.id);
  }, 90_000);

  it("a close racing replies: each reply either landed before the close (which counts it) or got 409, and nothing refused was written", async () => {
    const forum = await createForum();
    const [owner, m1, m2, mod] = await Promise.all([
      userWithSession(),
      userWithSession("MODERATOR"),
      userWithSession("MODERATOR"),
      userWithSession("MODERATOR"),
    ]);
    const thread = await startThread(owner, forum.id);
    const before = [...Array.from({ length: 8 }, (_, n) => replyReq(n % 2 ? m1 : m2, thread.id, n))];
    const close = patchThread(mod, thread.id, { closed: true });
    const after = [...Array.from({ length: 8 }, (_, n) => replyReq(n % 2 ? m1 : m2, thread.id, 10 + n))];
    const [replies, closed] = await Promise.all([Promise.all([...before, ...after]), close]);

    expect(closed.status).toBe(200);
    expect(closed.json.closed).toBe(true);
    for (const r of replies) {
      expect([201, 409]).toContain(r.status);
      if (r.status === 409) expect(r.json.details).toBe(THREAD_CLOSED_MESSAGE);
    }
    const accepted = replies.filter((r) => r.status === 201).map((r) => r.json.id as number);
    const opening = await db.forumPost.findFirstOrThrow({ where: { threadId: thread.id }, orderBy: { id: "asc" } });
    const rows = await db.forumPost.findMany({ where: { threadId: thread.id }, select: { id: true }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.id)).toEqual([opening.id, ...accepted].sort((x, y) => x - y));
    expect((await db.forumThread.findUniqueOrThrow({ where: { id: thread.id } })).postCount).toBe(1 + accepted.length);
    // Every accepted reply landed before the close: the close's answer, read in its transaction
    // while it held the thread row, already counts all of them and names the newest as latest.
    // A reply that checked "open" without the lock and wrote after the close would be missing.
    expect(closed.json.post_count).toBe(1 + accepted.length);
    const newest = await db.forumPost.findFirstOrThrow({ where: { threadId: thread.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    expect(Date.parse((closed.json.latest_post as { date: string }).date)).toBe(newest.createdAt.getTime());
    await expectExact([forum.id], [owner, m1, m2]);
    // Once closed it stays closed to everyone.
    const late = await replyReq(m1, thread.id, 99);
    expect(late.status).toBe(409);
  });

  it("a reply arriving while a close is still uncommitted waits for it and is refused (the thread row lock)", async () => {
    const forum = await createForum();
    const [owner, m1] = await Promise.all([userWithSession(), userWithSession("MODERATOR")]);
    const thread = await startThread(owner, forum.id);
    let replied: Promise<Awaited<ReturnType<typeof replyReq>>> | undefined;
    let waited = false;
    await db.$transaction(
      async (tx) => {
        await tx.forumThread.update({ where: { id: thread.id }, data: { closed: true } });
        // The reply starts while the close holds the row and has not committed: reading without
        // the lock it would still see an open thread and write. The close commits only once
        // PostgreSQL shows the reply waiting for a lock (docs: the pg_stat_activity pattern), so
        // a reply that did not wait cannot pass for one that did.
        replied = replyReq(m1, thread.id, 1);
        for (let i = 0; i < 400 && !waited; i++) {
          const rows = await db.$queryRaw<{ n: number }[]>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%forum_threads%'`;
          waited = rows[0]!.n > 0;
          if (!waited) await new Promise((r) => setTimeout(r, 25));
        }
      },
      { timeout: 20_000 },
    );
    expect(waited, "the reply never waited for the close's row lock").toBe(true);
    const r = await replied!;
    expect(r.status).toBe(409);
    expect(await db.forumPost.count({ where: { threadId: thread.id } })).toBe(1);
    expect(await userCounters(m1.id)).toMatchObject({ stored: { posts: 0 }, real: { posts: 0 } });
  });

  it("a thread moved back and forth while replies and hides pour in: both forums' counters and latest pointers stay exact", async () => {
    const [a, b] = await Promise.all([createForum(), createForum()]);
    const [owner, m1, m2, mod] = await Promise.all([
      userWithSession(),
      userWithSession("MODERATOR"),
      userWithSession("MODERATOR"),
      userWithSession("MODERATOR"),
    ]);
    const moving = await startThread(owner, a.id, "Moving thread");
    const stay = await startThread(owner, a.id, "Staying thread");
    const early = await Promise.all(Array.from({ length: 4 }, (_, n) => reply(m1, moving.id, `<p>early ${n}</p>`)));

    // [expected status, request]: replies answer 201, moderation 200.
    const writes: Array<[number, Promise<{ status: number; json: Record<string, unknown> }>]> = [
      ...Array.from({ length: 6 }, (_, n) => [201, replyReq(n % 2 ? m1 : m2, moving.id, n)] as [number, ReturnType<typeof replyReq>]),
      [200, patchThread(mod, moving.id, { forum_id: b.id })],
      ...Array.from({ length: 4 }, (_, n) => [201, replyReq(m2, stay.id, n)] as [number, ReturnType<typeof replyReq>]),
      [200, patchPost(mod, early[0]!.id, { hidden: true, reason: "spam" })],
      [200, patchPost(mod, early[1]!.id, { hidden: true, reason: "spam" })],
      [200, patchThread(mod, moving.id, { forum_id: a.id })],
      ...Array.from({ length: 6 }, (_, n) => [201, replyReq(n % 2 ? m1 : m2, moving.id, 10 + n)] as [number, ReturnType<typeof replyReq>]),
      [200, patchThread(mod, moving.id, { forum_id: b.id })],
    ];
    const results = await Promise.all(writes.map(([, w]) => w));
    expect(results.map((r) => r.status)).toEqual(writes.map(([status]) => status));

    await expectExact([a.id, b.id], [owner, m1, m2]);
    const where = await db.forumThread.findUniqueOrThrow({ where: { id: moving.id } });
    // Whatever order the moves ran in, each forum's latest thread is its own newest.
    for (const f of [a, b]) {
      const row = await db.forum.findUniqueOrThrow({ where: { id: f.id } });
      const newest = await db.forumThread.findFirst({ where: { forumId: f.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
      expect(row.latestThreadId).toBe(newest?.id ?? null);
    }
    expect([a.id, b.id]).toContain(where.forumId);
    await expectLatestPost(moving.id);
  }, 90_000);
});
