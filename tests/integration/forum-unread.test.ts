import { describe, expect, it } from "vitest";
import * as markRead from "@/app/api/v1/forums/read/route";
import * as threadRead from "@/app/api/v1/forums/thread/[id]/read/route";
import * as unreadForums from "@/app/api/v1/forums/unread/route";
import * as unreadThreads from "@/app/api/v1/forums/unread/threads/route";
import { POSTS_PAGE_SIZE } from "@/lib/messages/forums";
import { POST_NOT_IN_THREAD_MESSAGE, type TUnreadForums, type TUnreadThread, UNREAD_THREAD_IDS_MAX } from "@/lib/schemas/forum-reads";
import { MAX_ID } from "@/lib/schemas/ids";
import { db } from "@/lib/server/db";
import { moderatePost } from "@/lib/server/forums/moderate-post";
import { moderateThread } from "@/lib/server/forums/moderate-thread";
import { as, createForum, forumActors, reply, startThread, type U, userWithSession } from "./forums-fixtures";
import { call } from "./helpers";

// Read state and unread markers (docs/forums.md, "Unread and new"): the read point only moves
// forward, even under concurrent calls; replies by others make a thread unread, one's own do not;
// "new" against "unread"; mark all read (everything, one forum); hidden posts never count; one
// player's read state is never another's; the routes' refusals, each with an accepted twin.

const users = forumActors();

const record = (u: U | null, threadId: number, postId: unknown) =>
  call(threadRead.PUT, as(u, { method: "PUT", path: `/api/v1/forums/thread/${threadId}/read`, params: { id: String(threadId) }, body: { post_id: postId } }));
const markAll = (u: U | null, body: Record<string, unknown> = {}) => call(markRead.POST, as(u, { method: "POST", path: "/api/v1/forums/read", body }));
const forumsOf = async (u: U | null) => {
  const r = await call(unreadForums.GET, as(u, { path: "/api/v1/forums/unread" }));
  return { status: r.status, json: r.json as unknown as TUnreadForums };
};
const threadsRaw = (u: U | null, query: string) => call(unreadThreads.GET, as(u, { path: "/api/v1/forums/unread/threads", query }));
/** The markers of `u` for these threads, by thread id. */
async function markers(u: U, ids: number[]): Promise<Map<number, TUnreadThread>> {
  const r = await threadsRaw(u, `?thread_ids=${ids.join(",")}`);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return new Map((r.json as unknown as { threads: TUnreadThread[] }).threads.map((t) => [t.thread_id, t]));
}
const postsOf = (threadId: number) => db.forumPost.findMany({ where: { threadId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
const storedPoint = async (u: U, threadId: number) =>
  (await db.forumThreadRead.findUnique({ where: { userId_threadId: { userId: u.id, threadId } } }))?.lastReadPostId ?? null;
/** Marks are dated to the millisecond: let the clock move past one before the next write. */
const nextMs = () => new Promise((r) => setTimeout(r, 5));

async function threadWithReplies(n: number, author = users.alice) {
  const forum = await createForum();
  const thread = await startThread(author, forum.id, "Read me");
  for (let i = 0; i < n; i++) await reply(author, thread.id, `<p>Reply ${i + 1}</p>`);
  return { forum, thread, posts: (await postsOf(thread.id)).map((p) => p.id) };
}

describe("recording what a player read", () => {
  it("the read point only moves forward, whatever order the calls arrive in, at the same moment too", async () => {
    const { thread, posts } = await threadWithReplies(5);
    // Out of order, all at once: the furthest post wins.
    const order = [posts[2]!, posts[5]!, posts[0]!, posts[4]!, posts[1]!, posts[3]!];
    const answers = await Promise.all(order.map((id) => record(users.bob, thread.id, id)));
    for (const [i, a] of answers.entries()) {
      expect(a.status, JSON.stringify(a.json)).toBe(200);
      // Each answer is at least its own post: never behind what that call recorded.
      expect(a.json.last_read_post_id as number).toBeGreaterThanOrEqual(order[i]!);
    }
    expect(await storedPoint(users.bob, thread.id)).toBe(posts[5]);
    // An older page opened later leaves the point where it is.
    const back = await record(users.bob, thread.id, posts[1]);
    expect(back.json).toEqual({ last_read_post_id: posts[5] });
    expect(await storedPoint(users.bob, thread.id)).toBe(posts[5]);
  });

  it("one call forward then one back, in that order: the second answers the first's point", async () => {
    const { thread, posts } = await threadWithReplies(2);
    expect((await record(users.bob, thread.id, posts[2])).json).toEqual({ last_read_post_id: posts[2] });
    expect((await record(users.bob, thread.id, posts[0])).json).toEqual({ last_read_post_id: posts[2] });
    expect((await record(users.bob, thread.id, posts[1])).json).toEqual({ last_read_post_id: posts[2] });
  });
});

describe("unread and new markers", () => {
  it("another player's replies make a read thread unread, counted, with a link to the first unread post on its page", async () => {
    // 10 posts fill page 1; the replies after Bob's read land on page 2.
    const { thread, posts } = await threadWithReplies(POSTS_PAGE_SIZE - 1);
    await record(users.bob, thread.id, posts.at(-1));
    expect((await markers(users.bob, [thread.id])).has(thread.id)).toBe(false);
    const r1 = await reply(users.alice, thread.id);
    await reply(users.alice, thread.id);
    const m = (await markers(users.bob, [thread.id])).get(thread.id);
    expect(m).toEqual({
      thread_id: thread.id,
      state: "unread",
      unread_count: 2,
      unread_count_capped: false,
      first_unread: { post_id: r1.id, page: 2, link: `/forums/thread/${thread.id}?page=2#post-${r1.id}` },
    });
    // Reading the last page clears it.
    const last = (await postsOf(thread.id)).at(-1)!.id;
    await record(users.bob, thread.id, last);
    expect((await markers(users.bob, [thread.id])).has(thread.id)).toBe(false);
  });

  it("one's own posts never make a thread unread: posting moves one's read point to the reply", async () => {
    const { forum, thread, posts } = await threadWithReplies(1);
    await record(users.bob, thread.id, posts.at(-1));
    // Alice's reply is unread for Bob until he replies himself (he read the thread to write it).
    await reply(users.alice, thread.id);
    expect((await markers(users.bob, [thread.id])).get(thread.id)?.unread_count).toBe(1);
    const own = await reply(users.bob, thread.id);
    expect(await storedPoint(users.bob, thread.id)).toBe(own.id);
    expect((await markers(users.bob, [thread.id])).has(thread.id)).toBe(false);
    // A thread Bob started is not "new" for him.
    const mine = await startThread(users.bob, forum.id, "Mine");
    expect((await markers(users.bob, [mine.id])).has(mine.id)).toBe(false);
    // Alice's reply after his is counted alone.
    const after = await reply(users.alice, thread.id);
    expect((await markers(users.bob, [thread.id])).get(thread.id)).toMatchObject({ state: "unread", unread_count: 1, first_unread: { post_id: after.id } });
  });

  it("a thread never opened and started since the read point is new, with every post unread; once opened it is read", async () => {
    const { thread, posts } = await threadWithReplies(2);
    const m = (await markers(users.bob, [thread.id])).get(thread.id);
    expect(m).toMatchObject({ state: "new", unread_count: 3, first_unread: { post_id: posts[0], page: 1 } });
    // Reading page 1 up to the second post: the third is unread, and the thread is no longer new.
    await record(users.bob, thread.id, posts[1]);
    expect((await markers(users.bob, [thread.id])).get(thread.id)).toMatchObject({ state: "unread", unread_count: 1, first_unread: { post_id: posts[2] } });
  });

  it("threads from before the account was made are not new", async () => {
    const { thread } = await threadWithReplies(1);
    await nextMs();
    const late = await userWithSession();
    expect((await markers(late, [thread.id])).has(thread.id)).toBe(false);
    // Its twin: a reply after the account exists is unread for it.
    await nextMs();
    const r = await reply(users.alice, thread.id);
    expect((await markers(late, [thread.id])).get(thread.id)).toMatchObject({ state: "unread", unread_count: 1, first_unread: { post_id: r.id } });
  });

  it("hidden posts and hidden threads never count", async () => {
    const { thread, posts } = await threadWithReplies(0);
    await record(users.bob, thread.id, posts[0]);
    const a = await reply(users.alice, thread.id);
    const b = await reply(users.alice, thread.id);
    expect((await markers(users.bob, [thread.id])).get(thread.id)).toMatchObject({ unread_count: 2, first_unread: { post_id: a.id } });
    await moderatePost({ userId: users.mod.id }, a.id, { hidden: true, reason: "spam" });
    expect((await markers(users.bob, [thread.id])).get(thread.id)).toMatchObject({ unread_count: 1, first_unread: { post_id: b.id } });
    await moderatePost({ userId: users.mod.id }, b.id, { hidden: true, reason: "spam" });
    expect((await markers(users.bob, [thread.id])).has(thread.id)).toBe(false);
    // Shown again, it counts again.
    await moderatePost({ userId: users.mod.id }, b.id, { hidden: false });
    expect((await markers(users.bob, [thread.id])).get(thread.id)).toMatchObject({ unread_count: 1 });
    // A hidden thread has no marker, neither on its row nor in its forum's summary.
    const other = await threadWithReplies(1);
    expect((await forumsOf(users.bob)).json.forums.find((f) => f.forum_id === other.forum.id)).toEqual({
      forum_id: other.forum.id,
      new_threads: 1,
      unread_threads: 0,
    });
    await moderateThread({ userId: users.mod.id }, other.thread.id, { hidden: true, reason: "spam" });
    expect((await markers(users.bob, [other.thread.id])).has(other.thread.id)).toBe(false);
    expect((await forumsOf(users.bob)).json.forums.find((f) => f.forum_id === other.forum.id)).toBeUndefined();
  });

  it("the forum index's summary counts new and unread threads per forum", async () => {
    const reader = await userWithSession();
    await nextMs();
    const { forum, thread, posts } = await threadWithReplies(0);
    await startThread(users.alice, forum.id, "Second");
    await record(reader, thread.id, posts[0]);
    expect((await forumsOf(reader)).json.forums.find((f) => f.forum_id === forum.id)).toEqual({ forum_id: forum.id, new_threads: 1, unread_threads: 0 });
    await reply(users.alice, thread.id);
    expect((await forumsOf(reader)).json.forums.find((f) => f.forum_id === forum.id)).toEqual({ forum_id: forum.id, new_threads: 1, unread_threads: 1 });
  });
});

describe("muted threads", () => {
  it("a thread the player muted, or one in a forum they muted without a level of their own for it, has no marker; watching or tracking it keeps it", async () => {
    const reader = await userWithSession();
    await nextMs();
    const { forum, thread, posts } = await threadWithReplies(0);
    const other = await startThread(users.alice, forum.id, "Other");
    await record(reader, thread.id, posts[0]);
    await reply(users.alice, thread.id);
    // The twin: unread and new before any level.
    expect([...(await markers(reader, [thread.id, other.id])).keys()].sort()).toEqual([thread.id, other.id].sort());
    await db.forumThreadWatch.create({ data: { userId: reader.id, threadId: thread.id, level: "muted" } });
    expect([...(await markers(reader, [thread.id, other.id])).keys()]).toEqual([other.id]);
    expect((await forumsOf(reader)).json.forums.find((f) => f.forum_id === forum.id)).toEqual({ forum_id: forum.id, new_threads: 1, unread_threads: 0 });
    // The forum muted: its threads go, except one the player set a level of their own for.
    await db.forumForumWatch.create({ data: { userId: reader.id, forumId: forum.id, level: "muted" } });
    await db.forumThreadWatch.update({ where: { userId_threadId: { userId: reader.id, threadId: thread.id } }, data: { level: "tracking" } });
    expect([...(await markers(reader, [thread.id, other.id])).keys()]).toEqual([thread.id]);
  });
});

describe("mark all read", () => {
  it("everything: markers go, one write; a reply after it makes its thread unread again, counting only what came after", async () => {
    const reader = await userWithSession();
    await nextMs();
    const one = await threadWithReplies(2);
    const two = await threadWithReplies(0);
    await record(reader, two.thread.id, two.posts[0]);
    await reply(users.alice, two.thread.id);
    expect((await markers(reader, [one.thread.id, two.thread.id])).size).toBe(2);
    const r = await markAll(reader);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json).toEqual({ forum_id: null });
    expect((await markers(reader, [one.thread.id, two.thread.id])).size).toBe(0);
    expect((await forumsOf(reader)).json.forums.filter((f) => [one.forum.id, two.forum.id].includes(f.forum_id))).toEqual([]);
    // Nothing per thread was written.
    expect(await db.forumThreadRead.count({ where: { userId: reader.id, threadId: one.thread.id } })).toBe(0);
    await nextMs();
    const late = await reply(users.alice, one.thread.id);
    expect((await markers(reader, [one.thread.id, two.thread.id])).get(one.thread.id)).toMatchObject({
      state: "unread",
      unread_count: 1,
      first_unread: { post_id: late.id },
    });
    expect((await markers(reader, [two.thread.id])).has(two.thread.id)).toBe(false);
  });

  it("one forum: only its threads are marked read; the others keep their markers", async () => {
    const reader = await userWithSession();
    await nextMs();
    const a = await threadWithReplies(0);
    const b = await threadWithReplies(0);
    const r = await markAll(reader, { forum_id: a.forum.id });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ forum_id: a.forum.id });
    const m = await markers(reader, [a.thread.id, b.thread.id]);
    expect(m.has(a.thread.id)).toBe(false);
    expect(m.get(b.thread.id)?.state).toBe("new");
    await nextMs();
    await reply(users.alice, a.thread.id);
    expect((await markers(reader, [a.thread.id])).get(a.thread.id)).toMatchObject({ state: "unread", unread_count: 1 });
  });
});

describe("whose read state", () => {
  it("a player's reads and marks never change or show in another player's markers", async () => {
    const { thread, posts } = await threadWithReplies(1);
    const carol = await userWithSession();
    await nextMs();
    const fresh = await threadWithReplies(1);
    // Bob reads both and marks everything read; Carol still sees the newer thread as new.
    await record(users.bob, fresh.thread.id, fresh.posts.at(-1));
    await record(users.bob, thread.id, posts.at(-1));
    await markAll(users.bob);
    expect((await markers(carol, [fresh.thread.id])).get(fresh.thread.id)?.state).toBe("new");
    expect(await db.forumThreadRead.count({ where: { userId: carol.id } })).toBe(0);
    // Carol reads the first post only; Bob's point is untouched by it.
    await record(carol, fresh.thread.id, fresh.posts[0]);
    expect(await storedPoint(users.bob, fresh.thread.id)).toBe(fresh.posts.at(-1));
    expect(await storedPoint(carol, fresh.thread.id)).toBe(fresh.posts[0]);
    expect((await markers(carol, [fresh.thread.id])).get(fresh.thread.id)).toMatchObject({ state: "unread", unread_count: 1 });
    expect((await markers(users.bob, [fresh.thread.id])).has(fresh.thread.id)).toBe(false);
  });
});

describe("the routes' refusals", () => {
  it("a post of another thread, or a hidden one, is a 400 naming post_id; the thread's own post is taken", async () => {
    const { thread, posts } = await threadWithReplies(1);
    const other = await threadWithReplies(0);
    const wrong = await record(users.bob, thread.id, other.posts[0]);
    expect(wrong.status).toBe(400);
    expect(wrong.json.post_id).toEqual([POST_NOT_IN_THREAD_MESSAGE]);
    const bad = await record(users.bob, thread.id, "abc");
    expect(bad.status).toBe(400);
    expect(bad.json.post_id).toBeDefined();
    const missing = await record(users.bob, thread.id, undefined);
    expect(missing.status).toBe(400);
    expect(missing.json.post_id).toBeDefined();
    await moderatePost({ userId: users.mod.id }, posts[1]!, { hidden: true, reason: "spam" });
    const hidden = await record(users.bob, thread.id, posts[1]);
    expect(hidden.status).toBe(400);
    expect(hidden.json.post_id).toEqual([POST_NOT_IN_THREAD_MESSAGE]);
    expect(await storedPoint(users.bob, thread.id)).toBeNull();
    // The twin: its own visible post.
    expect((await record(users.bob, thread.id, posts[0])).json).toEqual({ last_read_post_id: posts[0] });
  });

  it("guests get 401 everywhere; a store session 403; signed in, the same calls answer 200", async () => {
    const { forum, thread, posts } = await threadWithReplies(0);
    expect((await record(null, thread.id, posts[0])).status).toBe(401);
    expect((await markAll(null)).status).toBe(401);
    expect((await forumsOf(null)).status).toBe(401);
    expect((await threadsRaw(null, `?thread_ids=${thread.id}`)).status).toBe(401);
    const shopper = await userWithSession();
    await db.session.updateMany({ where: { userId: shopper.id }, data: { scope: "STORE" } });
    expect((await record(shopper, thread.id, posts[0])).status).toBe(403);
    expect((await markAll(shopper, { forum_id: forum.id })).status).toBe(403);
    expect((await record(users.bob, thread.id, posts[0])).status).toBe(200);
    expect((await markAll(users.bob, { forum_id: forum.id })).status).toBe(200);
    expect((await forumsOf(users.bob)).status).toBe(200);
    expect((await threadsRaw(users.bob, `?thread_ids=${thread.id}`)).status).toBe(200);
  });

  it("a thread or forum the player may not read is a 404; staff reach the hidden thread", async () => {
    const { forum, thread, posts } = await threadWithReplies(0);
    await moderateThread({ userId: users.mod.id }, thread.id, { hidden: true, reason: "spam" });
    expect((await record(users.bob, thread.id, posts[0])).status).toBe(404);
    expect((await record(users.bob, MAX_ID, posts[0])).status).toBe(404);
    expect((await record(users.mod, thread.id, posts[0])).status).toBe(200);
    await db.forum.update({ where: { id: forum.id }, data: { hidden: true } });
    expect((await markAll(users.bob, { forum_id: forum.id })).status).toBe(404);
    expect((await markAll(users.bob, { forum_id: MAX_ID })).status).toBe(404);
    expect((await markAll(users.mod, { forum_id: forum.id })).status).toBe(200);
    const bad = await markAll(users.bob, { forum_id: "abc" });
    expect(bad.status).toBe(400);
    expect(bad.json.forum_id).toBeDefined();
  });

  it("thread_ids must be 1 to 50 ids: a 400 naming it otherwise", async () => {
    for (const q of [
      "",
      "?thread_ids=",
      "?thread_ids=abc",
      "?thread_ids=1,,2",
      `?thread_ids=${MAX_ID + 1}`,
      `?thread_ids=${Array.from({ length: UNREAD_THREAD_IDS_MAX + 1 }, (_, i) => i + 1).join(",")}`,
    ]) {
      const r = await threadsRaw(users.bob, q);
      expect(r.status, q).toBe(400);
      expect(r.json.thread_ids, q).toBeDefined();
    }
    const ok = await threadsRaw(users.bob, `?thread_ids=${Array.from({ length: UNREAD_THREAD_IDS_MAX }, (_, i) => i + 1).join(",")}`);
    expect(ok.status).toBe(200);
  });
});
