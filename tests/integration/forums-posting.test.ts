import { describe, expect, it } from "vitest";
import * as categories from "@/app/api/v1/forums/categories/route";
import * as forumsIndex from "@/app/api/v1/forums/route";
import * as posts from "@/app/api/v1/forums/posts/route";
import * as forumThreads from "@/app/api/v1/forums/threads/[id]/route";
import * as latest from "@/app/api/v1/forums/threads/latest/route";
import * as threads from "@/app/api/v1/forums/threads/route";
import { EMPTY_CONTENT_MESSAGE, STAFF_ONLY_FORUM_MESSAGE, THREAD_CLOSED_MESSAGE } from "@/lib/schemas/forums";
import { MAX_ID } from "@/lib/schemas/ids";
import { db } from "@/lib/server/db";
import { as, createForum, reply, startThread, type U, userCounters, userWithSession, viewThread, forumActors } from "./forums-fixtures";
import { call, freshClient } from "./helpers";

// Starting threads and replying through the API, and the public reads: the forum index, a
// forum's threads, the latest threads and a thread page. Closed threads and staff-only forums
// refuse with nothing written; user HTML is stored only as the sanitised copy; bad input is a
// 400 naming the field.

const users = forumActors();

const postThread = (u: U | null, body: Record<string, unknown>) => call(threads.POST, as(u, { path: "/api/v1/forums/threads", body }));
const postReply = (u: U | null, body: Record<string, unknown>) => call(posts.POST, as(u, { path: "/api/v1/forums/posts", body }));

describe("starting threads", () => {
  it("answers 201 with the thread; the opening post, the forum, and the author's counters follow", async () => {
    const forum = await createForum();
    const before = await userCounters(users.alice.id);
    const r = await postThread(users.alice, {
      forum_id: forum.id,
      title: "  Best training spots?  ",
      content: "<p>Where do you train <strong>strength</strong>?</p>",
    });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json).toMatchObject({
      title: "Best training spots?",
      closed: false,
      pinned: false,
      forum: { id: forum.id, name: forum.name },
      user: { name: users.alice.username },
      post_count: 1,
      latest_post: { user: users.alice.username },
    });
    const view = await viewThread(null, r.json.id as number);
    expect(view.view.posts.map((p) => p.content)).toEqual(["<p>Where do you train <strong>strength</strong>?</p>"]);
    expect(await db.forum.findUniqueOrThrow({ where: { id: forum.id } })).toMatchObject({ threadCount: 1, postCount: 1, latestThreadId: r.json.id });
    const after = await userCounters(users.alice.id);
    expect(after.stored).toEqual({ threads: before.stored.threads + 1, posts: before.stored.posts + 1 });
  });

  it("a staff-only forum refuses players with 403 and writes nothing; staff may start threads there", async () => {
    const news = await createForum({ staffOnly: true });
    const r = await postThread(users.bob, { forum_id: news.id, title: "Let me in", content: "<p>hi</p>" });
    expect(r.status).toBe(403);
    expect(r.json.details).toBe(STAFF_ONLY_FORUM_MESSAGE);
    expect(await db.forumThread.count({ where: { forumId: news.id } })).toBe(0);
    expect((await postThread(users.mod, { forum_id: news.id, title: "Update 1", content: "<p>Patch notes</p>" })).status).toBe(201);
    // Anyone may still reply to a staff thread: staff_only is about starting threads.
    const t = await db.forumThread.findFirstOrThrow({ where: { forumId: news.id } });
    expect((await postReply(users.bob, { thread_id: t.id, content: "<p>Nice</p>" })).status).toBe(201);
  });

  it("an unknown forum is 404; missing, blank or too long fields are a 400 naming each; guests get 401", async () => {
    expect((await postThread(users.alice, { forum_id: MAX_ID, title: "t", content: "<p>c</p>" })).status).toBe(404);
    const missing = await postThread(users.alice, {});
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ forum_id: ["This field is required."], title: ["This field is required."], content: ["This field is required."] });
    const forum = await createForum();
    const bad = await postThread(users.alice, { forum_id: "abc", title: "x".repeat(121), content: "<p>c</p>" });
    expect(bad.json.forum_id).toEqual([expect.any(String)]);
    expect(bad.json.title).toEqual(["The title is at most 120 characters."]);
    // Content that sanitises to nothing (a script only) is empty.
    const empty = await postThread(users.alice, { forum_id: forum.id, title: "t", content: "<script>alert(1)</script><p> </p>" });
    expect(empty.status).toBe(400);
    expect(empty.json.content).toEqual([EMPTY_CONTENT_MESSAGE]);
    expect((await postThread(null, { forum_id: forum.id, title: "t", content: "<p>c</p>" })).status).toBe(401);
    expect(await db.forumThread.count({ where: { forumId: forum.id } })).toBe(0);
  });
});

describe("replies", () => {
  it("answers 201 with the post and its author panel; the thread's latest post is the reply", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const r = await postReply(users.bob, { thread_id: t.id, content: "<p>Agreed</p>" });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({
      content: "<p>Agreed</p>",
      user: { name: users.bob.username, is_staff: false },
      edited: null,
      hidden: false,
      hidden_reason: null,
    });
    const view = (await viewThread(null, t.id)).view;
    expect(view.post_count).toBe(2);
    expect(view.latest_post).toMatchObject({ user: users.bob.username, date: r.json.date });
  });

  it("a closed thread refuses replies with 409 and nothing is written", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    await db.forumThread.update({ where: { id: t.id }, data: { closed: true } });
    const before = await userCounters(users.bob.id);
    const r = await postReply(users.bob, { thread_id: t.id, content: "<p>Let me add…</p>" });
    expect(r.status).toBe(409);
    expect(r.json.details).toBe(THREAD_CLOSED_MESSAGE);
    expect(await db.forumPost.count({ where: { threadId: t.id } })).toBe(1);
    expect((await db.forumThread.findUniqueOrThrow({ where: { id: t.id } })).postCount).toBe(1);
    expect((await db.forum.findUniqueOrThrow({ where: { id: forum.id } })).postCount).toBe(1);
    expect((await userCounters(users.bob.id)).stored).toEqual(before.stored);
  });

  it("a missing or hidden thread is 404; a bad thread id or missing content is a 400 naming the field", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    await db.forumThread.update({ where: { id: t.id }, data: { hidden: true } });
    expect((await postReply(users.bob, { thread_id: t.id, content: "<p>x</p>" })).status).toBe(404);
    expect((await postReply(users.bob, { thread_id: MAX_ID, content: "<p>x</p>" })).status).toBe(404);
    for (const thread_id of ["abc", 0, -1, 1.5, 2 ** 31]) {
      const r = await postReply(users.bob, { thread_id, content: "<p>x</p>" });
      expect(r.status).toBe(400);
      expect(r.json.thread_id).toEqual([expect.any(String)]);
    }
    const noContent = await postReply(users.bob, { thread_id: t.id });
    expect(noContent.status).toBe(400);
    expect(noContent.json.content).toEqual(["This field is required."]);
  });

  it("XSS: scripts, event handlers and javascript: links are dropped before storing; what comes back is the clean copy", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const evil = `<img src=x onerror=alert(1)><script>alert(2)</script><p onclick="x">hi</p><a href="javascript:alert(3)">link</a><img src="https://example.com/a.png" onload="y">`;
    const r = await postReply(users.bob, { thread_id: t.id, content: evil });
    expect(r.status).toBe(201);
    const stored = (await db.forumPost.findUniqueOrThrow({ where: { id: r.json.id as number } })).content;
    for (const html of [stored, r.json.content as string, (await viewThread(null, t.id)).view.posts[1]!.content]) {
      expect(html).not.toMatch(/<script|onerror|onclick|onload|javascript:|alert\(2\)/i);
      expect(html).toContain("<p>hi</p>");
      // The outside image is kept, loaded through the image proxy (forums-images.test.ts).
      expect(html).toMatch(/<img src="\/api\/v1\/forums\/images\/\d+" \/>/);
    }
    // Thread titles are plain text, answered as JSON strings: the page escapes them.
    const titled = await startThread(users.alice, forum.id, "<b>bold</b> title");
    expect(titled.title).toBe("<b>bold</b> title");
  });

  it("players are limited to 8 replies a minute (429); staff are not", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const carol = await userWithSession();
    for (let n = 0; n < 8; n++) expect((await postReply(carol, { thread_id: t.id, content: `<p>${n}</p>` })).status).toBe(201);
    const ninth = await postReply(carol, { thread_id: t.id, content: "<p>9</p>" });
    expect(ninth.status).toBe(429);
    expect(ninth.json.details).toBe("You have been rate limited, please try again later.");
    expect(await db.forumPost.count({ where: { threadId: t.id, userId: carol.id } })).toBe(8);
    for (let n = 0; n < 10; n++) expect((await postReply(users.mod, { thread_id: t.id, content: `<p>staff ${n}</p>` })).status).toBe(201);
  });

  it("players may start 5 threads per 10 minutes (429 after)", async () => {
    const forum = await createForum();
    const dave = await userWithSession();
    for (let n = 0; n < 5; n++) expect((await postThread(dave, { forum_id: forum.id, title: `Thread ${n}`, content: "<p>x</p>" })).status).toBe(201);
    expect((await postThread(dave, { forum_id: forum.id, title: "Sixth", content: "<p>x</p>" })).status).toBe(429);
    expect(await db.forumThread.count({ where: { userId: dave.id } })).toBe(5);
  });
});

describe("reading", () => {
  it("GET /forums and /forums/categories list the categories with each forum's counters and latest thread", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id, "Newest here");
    await reply(users.bob, t.id);
    const index = await call(forumsIndex.GET, as(null));
    const cats = await call(categories.GET, as(null, { path: "/api/v1/forums/categories" }));
    expect(index.status).toBe(200);
    expect(cats.status).toBe(200);
    // Other files write to their own forums meanwhile: compare ours, and the order of categories.
    type Cats = Array<{ id: number; forums: Array<Record<string, unknown>> }>;
    const ours = (json: unknown) => (json as Cats).flatMap((c) => c.forums).find((f) => f.id === forum.id);
    expect((cats.json as unknown as Cats).map((c) => c.id).slice(0, (index.json as unknown as Cats).length)).toEqual(
      (index.json as unknown as Cats).map((c) => c.id),
    );
    expect(ours(cats.json)).toEqual(ours(index.json));
    expect(ours(index.json)).toMatchObject({ thread_count: 1, post_count: 2, staff_only: false, latest_thread: { id: t.id, title: "Newest here" } });
  });

  it("GET /forums/threads/{id}: a page of threads, pinned first then latest post, with the forum; unknown forum 404", async () => {
    const forum = await createForum();
    const older = await startThread(users.alice, forum.id, "Older");
    const pinned = await startThread(users.alice, forum.id, "Pinned");
    const newer = await startThread(users.alice, forum.id, "Newer");
    await db.forumThread.update({ where: { id: pinned.id }, data: { pinned: true } });
    await reply(users.bob, older.id); // now the most recently active unpinned thread
    const r = await call(forumThreads.GET, as(null, { path: `/api/v1/forums/threads/${forum.id}`, params: { id: String(forum.id) } }));
    expect(r.status).toBe(200);
    expect((r.json.results as Array<{ id: number }>).map((x) => x.id)).toEqual([pinned.id, older.id, newer.id]);
    expect(r.json).toMatchObject({ previous: null, next: null, forum: { id: forum.id, thread_count: 3, post_count: 4 } });
    expect(r.json.forum).not.toHaveProperty("category");
    const missing = await call(forumThreads.GET, as(null, { path: `/api/v1/forums/threads/${MAX_ID}`, params: { id: String(MAX_ID) } }));
    expect(missing.status).toBe(404);
    const bad = await call(forumThreads.GET, as(null, { path: "/api/v1/forums/threads/x", params: { id: "x" } }));
    expect(bad.status).toBe(400);
    expect(bad.json.id).toEqual([expect.any(String)]);
  });

  it("GET /forums/threads/latest?amount=: the newest threads, newest first; a bad amount is a 400", async () => {
    const forum = await createForum();
    const a = await startThread(users.alice, forum.id, "Latest A");
    const b = await startThread(users.bob, forum.id, "Latest B");
    const c = await startThread(users.alice, forum.id, "Latest C");
    // Other tests of this file start threads in its database too, so ours are moved an hour
    // ahead (B newer than A, C older than both) to be the newest there are. Created in
    // another order than they are dated, so neither id nor creation order gives the answer.
    const hour = Date.now() + 3600_000;
    await db.forumThread.update({ where: { id: a.id }, data: { createdAt: new Date(hour + 1000) } });
    await db.forumThread.update({ where: { id: b.id }, data: { createdAt: new Date(hour + 2000) } });
    await db.forumThread.update({ where: { id: c.id }, data: { createdAt: new Date(hour) } });
    const latestIds = async (amount: number) => {
      const r = await call(latest.GET, as(null, { path: "/api/v1/forums/threads/latest", query: `?amount=${amount}` }));
      expect(r.status).toBe(200);
      return (r.json as unknown as Array<{ id: number }>).map((t) => t.id);
    };
    try {
      expect(await latestIds(2)).toEqual([b.id, a.id]);
      expect(await latestIds(3)).toEqual([b.id, a.id, c.id]);
      expect(await latestIds(1)).toEqual([b.id]);
    } finally {
      await db.forumThread.updateMany({ where: { id: { in: [a.id, b.id, c.id] } }, data: { createdAt: new Date() } });
    }
    const bad = await call(latest.GET, as(null, { path: "/api/v1/forums/threads/latest", query: "?amount=500" }));
    expect(bad.status).toBe(400);
    expect(bad.json.amount).toEqual([expect.any(String)]);
  });

  it("GET /forums/thread/{id}?page=: posts oldest first, 10 per page, a page past the end shows the last", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id, "Long thread", "<p>post 0</p>");
    for (let n = 1; n <= 11; n++) await reply(users.mod, t.id, `<p>post ${n}</p>`);
    const p1 = (await viewThread(null, t.id)).view;
    expect(p1).toMatchObject({ page: 1, pages: 2, previous_page: null, next_page: 2, post_count: 12, title: "Long thread" });
    expect(p1.posts.map((p) => p.content)).toEqual(Array.from({ length: 10 }, (_, n) => `<p>post ${n}</p>`));
    const last = (await viewThread(null, t.id, 9)).view;
    expect(last).toMatchObject({ page: 2, next_page: null, previous_page: 1 });
    expect(last.posts.map((p) => p.content)).toEqual(["<p>post 10</p>", "<p>post 11</p>"]);
    expect((await viewThread(null, MAX_ID)).status).toBe(404);
  });

  it("guests read without a session; a bad page number is a 400 naming page", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const r = await call((await import("@/app/api/v1/forums/thread/[id]/route")).GET, {
      path: `/api/v1/forums/thread/${t.id}?page=0`,
      params: { id: String(t.id) },
      headers: freshClient(),
    });
    expect(r.status).toBe(400);
    expect(r.json.page).toEqual([expect.any(String)]);
  });
});
