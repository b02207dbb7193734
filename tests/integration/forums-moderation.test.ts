import { describe, expect, it } from "vitest";
import * as editRoute from "@/app/api/v1/forums/posts/[id]/route";
import * as reportRoute from "@/app/api/v1/forums/posts/[id]/report/route";
import * as modPost from "@/app/api/v1/staff/forums/posts/[id]/route";
import * as reportOne from "@/app/api/v1/staff/forums/reports/[id]/route";
import * as reportList from "@/app/api/v1/staff/forums/reports/route";
import * as modThread from "@/app/api/v1/staff/forums/threads/[id]/route";
import * as searchRoute from "@/app/api/v1/forums/search/route";
import * as forumThreads from "@/app/api/v1/forums/threads/[id]/route";
import { EDIT_WINDOW_MESSAGE, EDIT_WINDOW_MINUTES, THREAD_CLOSED_MESSAGE, type TReport } from "@/lib/schemas/forums";
import { MAX_ID } from "@/lib/schemas/ids";
import { db } from "@/lib/server/db";
import {
  as,
  countersOf,
  createForum,
  forumIndex,
  reply,
  startThread,
  type U,
  uniqueWord,
  userCounters,
  userWithSession,
  viewThread,
  forumActors,
} from "./forums-fixtures";
import { call } from "./helpers";

// Staff moderation (pin, close, move, hide), editing posts and the reports queue. Every staff
// route is refused to players; every change is audited in its own transaction; hidden posts
// vanish for everyone but staff and leave every counter until shown again.

const users = forumActors();

const patchThread = (u: U | null, id: number | string, body: unknown) =>
  call(modThread.PATCH, as(u, { method: "PATCH", path: `/api/v1/staff/forums/threads/${id}`, params: { id: String(id) }, body }));
const patchPost = (u: U | null, id: number | string, body: unknown) =>
  call(modPost.PATCH, as(u, { method: "PATCH", path: `/api/v1/staff/forums/posts/${id}`, params: { id: String(id) }, body }));
const edit = (u: U | null, id: number | string, body: unknown) =>
  call(editRoute.PATCH, as(u, { method: "PATCH", path: `/api/v1/forums/posts/${id}`, params: { id: String(id) }, body }));
const report = (u: U | null, id: number | string, body: unknown) =>
  call(reportRoute.POST, as(u, { path: `/api/v1/forums/posts/${id}/report`, params: { id: String(id) }, body }));
const reports = (u: U | null, query = "") => call(reportList.GET, as(u, { path: "/api/v1/staff/forums/reports", query }));
const resolve = (u: U | null, id: number | string, body: unknown) =>
  call(reportOne.PATCH, as(u, { method: "PATCH", path: `/api/v1/staff/forums/reports/${id}`, params: { id: String(id) }, body }));
const auditsOf = (targetType: string, id: number) => db.auditLog.findMany({ where: { targetType, targetId: String(id) }, orderBy: { id: "asc" } });

describe("staff routes", () => {
  it("refuse players with 403 and guests with 401, changing nothing", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const p = await reply(users.alice, t.id);
    const r = await report(users.bob, p.id, { reason: "rude" });
    for (const who of [users.alice, null]) {
      const status = who ? 403 : 401;
      expect((await patchThread(who, t.id, { pinned: true })).status).toBe(status);
      expect((await patchPost(who, p.id, { hidden: true, reason: "x" })).status).toBe(status);
      expect((await reports(who)).status).toBe(status);
      expect((await resolve(who, r.json.id as number, { resolved: true })).status).toBe(status);
    }
    expect(await db.forumThread.findUniqueOrThrow({ where: { id: t.id } })).toMatchObject({ pinned: false });
    expect(await db.forumPost.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ hidden: false });
    expect((await db.forumPostReport.findUniqueOrThrow({ where: { id: r.json.id as number } })).resolvedAt).toBeNull();
  });
});

describe("hiding posts", () => {
  it("needs a reason; a hidden post vanishes for guests and players, stays for staff marked with its reason", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const p = await reply(users.bob, t.id, "<p>offensive</p>");
    const noReason = await patchPost(users.mod, p.id, { hidden: true });
    expect(noReason.status).toBe(400);
    expect(noReason.json.reason).toEqual([expect.any(String)]);
    expect((await db.forumPost.findUniqueOrThrow({ where: { id: p.id } })).hidden).toBe(false);

    const hidden = await patchPost(users.mod, p.id, { hidden: true, reason: "Insults" });
    expect(hidden.status).toBe(200);
    expect(hidden.json).toMatchObject({ id: p.id, hidden: true, hidden_reason: "Insults" });
    for (const who of [null, users.alice, users.bob]) {
      const v = (await viewThread(who, t.id)).view;
      expect(v.posts.map((x) => x.id)).not.toContain(p.id);
      expect(JSON.stringify(v)).not.toContain("offensive");
    }
    const staffView = (await viewThread(users.mod, t.id)).view;
    expect(staffView.posts.find((x) => x.id === p.id)).toMatchObject({ hidden: true, hidden_reason: "Insults", content: "<p>offensive</p>" });
    // The hide is recorded with who, what and why.
    const [audit] = await auditsOf("forum_post", p.id);
    expect(audit).toMatchObject({
      action: "forum.post.hide",
      actorId: users.mod.id,
      data: expect.objectContaining({ reason: "Insults", threadId: t.id, authorId: users.bob.id }),
    });
    // Players cannot edit or report it either: it answers as missing.
    expect((await edit(users.bob, p.id, { content: "<p>sorry</p>" })).status).toBe(404);
    expect((await report(users.alice, p.id, { reason: "still there?" })).status).toBe(404);
  });

  it("counters drop on hide and come back on unhide; hiding twice changes and records nothing", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const p = await reply(users.bob, t.id);
    const before = { thread: 2, forum: await db.forum.findUniqueOrThrow({ where: { id: forum.id } }), bob: await userCounters(users.bob.id) };
    expect(before.forum.postCount).toBe(2);

    expect((await patchPost(users.mod, p.id, { hidden: true, reason: "spam" })).status).toBe(200);
    expect((await db.forumThread.findUniqueOrThrow({ where: { id: t.id } })).postCount).toBe(1);
    expect((await db.forum.findUniqueOrThrow({ where: { id: forum.id } })).postCount).toBe(1);
    expect((await userCounters(users.bob.id)).stored.posts).toBe(before.bob.stored.posts - 1);
    expect((await viewThread(null, t.id)).view.post_count).toBe(1);
    expect((await forumIndex()).flatMap((c) => c.forums).find((f) => f.id === forum.id)?.post_count).toBe(1);

    const again = await patchPost(users.mod, p.id, { hidden: true, reason: "other reason" });
    expect(again.status).toBe(200);
    expect(again.json.hidden_reason).toBe("spam");
    expect((await db.forumThread.findUniqueOrThrow({ where: { id: t.id } })).postCount).toBe(1);
    expect((await auditsOf("forum_post", p.id)).map((a) => a.action)).toEqual(["forum.post.hide"]);

    const shown = await patchPost(users.mod, p.id, { hidden: false });
    expect(shown.json).toMatchObject({ hidden: false, hidden_reason: null });
    expect((await db.forumThread.findUniqueOrThrow({ where: { id: t.id } })).postCount).toBe(before.thread);
    expect((await db.forum.findUniqueOrThrow({ where: { id: forum.id } })).postCount).toBe(2);
    expect((await userCounters(users.bob.id)).stored).toEqual(before.bob.stored);
    expect((await auditsOf("forum_post", p.id)).map((a) => a.action)).toEqual(["forum.post.hide", "forum.post.unhide"]);
    const c = await countersOf(forum.id);
    expect(c.stored).toEqual(c.real);
  });

  it("hiding the latest post moves the thread's latest post back to the one before; unhiding restores it", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const first = await reply(users.alice, t.id);
    const last = await reply(users.bob, t.id);
    expect((await viewThread(null, t.id)).view.latest_post).toEqual({ date: last.date, user: users.bob.username });
    await patchPost(users.mod, last.id, { hidden: true, reason: "spam" });
    expect((await viewThread(null, t.id)).view.latest_post).toEqual({ date: first.date, user: users.alice.username });
    await patchPost(users.mod, last.id, { hidden: false });
    expect((await viewThread(null, t.id)).view.latest_post).toEqual({ date: last.date, user: users.bob.username });
  });

  it("a missing post is 404; a bad id or hidden flag is a 400 naming the field", async () => {
    expect((await patchPost(users.mod, MAX_ID, { hidden: true, reason: "x" })).status).toBe(404);
    const badId = await patchPost(users.mod, "1.5", { hidden: true, reason: "x" });
    expect(badId.status).toBe(400);
    expect(badId.json.id).toEqual([expect.any(String)]);
    const noFlag = await patchPost(users.mod, 1, { reason: "x" });
    expect(noFlag.status).toBe(400);
    expect(noFlag.json.hidden).toEqual(["This field is required."]);
  });
});

describe("pin, close and move", () => {
  it("pin and close are applied and audited; a closed thread refuses replies until reopened", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const pinned = await patchThread(users.mod, t.id, { pinned: true, closed: true, reason: "Rules thread" });
    expect(pinned.status).toBe(200);
    expect(pinned.json).toMatchObject({ id: t.id, pinned: true, closed: true });
    const audits = await auditsOf("forum_thread", t.id);
    expect(audits.map((a) => a.action)).toEqual(["forum.thread.pin", "forum.thread.close"]);
    expect(audits[0]).toMatchObject({ actorId: users.mod.id, data: expect.objectContaining({ reason: "Rules thread" }) });

    const refused = await call(
      (await import("@/app/api/v1/forums/posts/route")).POST,
      as(users.bob, { path: "/api/v1/forums/posts", body: { thread_id: t.id, content: "<p>x</p>" } }),
    );
    expect(refused.status).toBe(409);
    expect(refused.json.details).toBe(THREAD_CLOSED_MESSAGE);

    // Asking again for the same state records nothing.
    await patchThread(users.mod, t.id, { pinned: true });
    expect(await auditsOf("forum_thread", t.id)).toHaveLength(2);
    const reopened = await patchThread(users.mod, t.id, { closed: false, pinned: false });
    expect(reopened.json).toMatchObject({ closed: false, pinned: false });
    expect((await auditsOf("forum_thread", t.id)).map((a) => a.action)).toEqual([
      "forum.thread.pin",
      "forum.thread.close",
      "forum.thread.unpin",
      "forum.thread.reopen",
    ]);
    await reply(users.bob, t.id);
  });

  it("move carries the thread's posts from one forum's counters to the other's, both latest threads follow, audited", async () => {
    const [from, to] = await Promise.all([createForum(), createForum()]);
    const there = await startThread(users.bob, to.id, "Already there");
    const older = await startThread(users.alice, from.id, "Older");
    const moving = await startThread(users.alice, from.id, "Moving");
    await reply(users.bob, moving.id);
    await reply(users.bob, moving.id);
    expect(await db.forum.findUniqueOrThrow({ where: { id: to.id } })).toMatchObject({ threadCount: 1, postCount: 1, latestThreadId: there.id });
    expect(await db.forum.findUniqueOrThrow({ where: { id: from.id } })).toMatchObject({ threadCount: 2, postCount: 4, latestThreadId: moving.id });

    const moved = await patchThread(users.mod, moving.id, { forum_id: to.id, reason: "Wrong section" });
    expect(moved.status).toBe(200);
    expect(moved.json.forum).toEqual({ id: to.id, name: to.name });
    expect(await db.forum.findUniqueOrThrow({ where: { id: from.id } })).toMatchObject({ threadCount: 1, postCount: 1, latestThreadId: older.id });
    // The moved thread is newer than the one already there, so it becomes the latest.
    expect(await db.forum.findUniqueOrThrow({ where: { id: to.id } })).toMatchObject({ threadCount: 2, postCount: 4, latestThreadId: moving.id });
    const [audit] = await auditsOf("forum_thread", moving.id);
    expect(audit).toMatchObject({
      action: "forum.thread.move",
      data: expect.objectContaining({ before: { forumId: from.id }, after: { forumId: to.id }, reason: "Wrong section" }),
    });
    for (const f of [from, to]) {
      const c = await countersOf(f.id);
      expect(c.stored).toEqual(c.real);
    }

    // Same forum: nothing changes, nothing recorded. Unknown forum: a field error.
    expect((await patchThread(users.mod, moving.id, { forum_id: to.id })).status).toBe(200);
    expect(await auditsOf("forum_thread", moving.id)).toHaveLength(1);
    const unknown = await patchThread(users.mod, moving.id, { forum_id: MAX_ID });
    expect(unknown.status).toBe(400);
    expect(unknown.json.forum_id).toEqual(["No forum with this id."]);
    expect((await db.forumThread.findUniqueOrThrow({ where: { id: moving.id } })).forumId).toBe(to.id);
  });

  // A news post's title following its thread's is tested in news.test.ts (the only file here that writes news).
  it("rename: the new title everywhere (search included), audited with the old one", async () => {
    const forum = await createForum();
    const word = uniqueWord();
    const t = await startThread(users.alice, forum.id, "FREE GOLD CLICK HERE");
    const renamed = await patchThread(users.mod, t.id, { title: `Question about ${word}`, reason: "Misleading title" });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: t.id, title: `Question about ${word}` });
    expect((await viewThread(users.bob, t.id)).view.title).toBe(`Question about ${word}`);
    const hits = await call(searchRoute.GET, as(null, { path: "/api/v1/forums/search", query: `?q=${word}` }));
    expect((hits.json.results as Array<{ thread: { id: number; title: string } }>).map((h) => h.thread)).toEqual([
      { id: t.id, title: `Question about ${word}` },
    ]);
    const [audit] = await auditsOf("forum_thread", t.id);
    expect(audit).toMatchObject({
      action: "forum.thread.rename",
      actorId: users.mod.id,
      data: expect.objectContaining({ before: { title: "FREE GOLD CLICK HERE" }, after: { title: `Question about ${word}` }, reason: "Misleading title" }),
    });
    // The same title again changes and records nothing; an empty or too long one names the field.
    await patchThread(users.mod, t.id, { title: `Question about ${word}` });
    expect(await auditsOf("forum_thread", t.id)).toHaveLength(1);
    // A lone surrogate or a NUL (PostgreSQL refuses both in the audit entry's jsonb) is a 400 too.
    for (const title of ["   ", "x".repeat(121), "probe \ud800 x", "probe \udc00", "a\u0000b", "bell\u0007"]) {
      const bad = await patchThread(users.mod, t.id, { title });
      expect(bad.status, title).toBe(400);
      expect(bad.json.title, title).toEqual([expect.any(String)]);
    }
    expect(await auditsOf("forum_thread", t.id)).toHaveLength(1);
    expect((await viewThread(users.bob, t.id)).view.title).toBe(`Question about ${word}`);
    // The twin: a title with a real emoji (a surrogate pair) is taken.
    expect((await patchThread(users.mod, t.id, { title: `Question about ${word} 🐉` })).status).toBe(200);
  });

  it("an empty patch, a bad forum id or a missing thread are refused", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const empty = await patchThread(users.mod, t.id, {});
    expect(empty.status).toBe(400);
    const bad = await patchThread(users.mod, t.id, { forum_id: "x" });
    expect(bad.status).toBe(400);
    expect(bad.json.forum_id).toEqual([expect.any(String)]);
    const notBool = await patchThread(users.mod, t.id, { pinned: "yes" });
    expect(notBool.json.pinned).toEqual(["Pinned must be true or false."]);
    expect((await patchThread(users.mod, MAX_ID, { pinned: true })).status).toBe(404);
  });
});

describe("hiding threads", () => {
  const listOf = async (forumId: number, who: U | null = null) =>
    (await call(forumThreads.GET, as(who, { path: `/api/v1/forums/threads/${forumId}`, params: { id: String(forumId) } }))).json as unknown as {
      results: Array<{ id: number; hidden: boolean }>;
    };
  const searchIds = async (q: string) =>
    (
      (await call(searchRoute.GET, as(null, { path: "/api/v1/forums/search", query: `?q=${q}` }))).json as unknown as {
        results: Array<{ thread: { id: number } }>;
      }
    ).results.map((h) => h.thread.id);

  it("needs a reason; a hidden thread is gone for guests and players everywhere, and shown to staff with its reason", async () => {
    const forum = await createForum();
    const word = uniqueWord();
    const older = await startThread(users.alice, forum.id, "Older thread");
    const spam = await startThread(users.bob, forum.id, `Buy gold ${word}`, `<p>cheap ${word}</p>`);
    const noReason = await patchThread(users.mod, spam.id, { hidden: true });
    expect(noReason.status).toBe(400);
    expect(noReason.json.reason).toEqual(["Give a reason for hiding the thread."]);
    expect((await db.forumThread.findUniqueOrThrow({ where: { id: spam.id } })).hidden).toBe(false);
    expect(await searchIds(word)).toEqual([spam.id]);

    const hidden = await patchThread(users.mod, spam.id, { hidden: true, reason: "Gold selling" });
    expect(hidden.status).toBe(200);
    expect(hidden.json).toMatchObject({ id: spam.id, hidden: true });
    for (const who of [null, users.alice, users.bob]) expect((await viewThread(who, spam.id)).status).toBe(404);
    for (const who of [null, users.alice, users.bob]) expect((await listOf(forum.id, who)).results.map((t) => t.id)).toEqual([older.id]);
    // Staff find it again in the forum's list, marked.
    const staffList = await listOf(forum.id, users.mod);
    expect(staffList.results.map((t) => [t.id, t.hidden])).toEqual([
      [spam.id, true],
      [older.id, false],
    ]);
    expect(await searchIds(word)).toEqual([]);
    expect((await forumIndex()).flatMap((c) => c.forums).find((f) => f.id === forum.id)).toMatchObject({
      thread_count: 1,
      post_count: 1,
      latest_thread: { id: older.id },
    });
    const staffView = await viewThread(users.mod, spam.id);
    expect(staffView.status).toBe(200);
    expect(staffView.view).toMatchObject({ hidden: true, hidden_reason: "Gold selling" });
    expect((await viewThread(users.alice, older.id)).view).toMatchObject({ hidden: false, hidden_reason: null });

    // Nobody can reply to it, and its author's posts cannot be reported or edited by players.
    const replied = await call(
      (await import("@/app/api/v1/forums/posts/route")).POST,
      as(users.alice, { path: "/api/v1/forums/posts", body: { thread_id: spam.id, content: "<p>me too</p>" } }),
    );
    expect(replied.status).toBe(404);
    const [audit] = await auditsOf("forum_thread", spam.id);
    expect(audit).toMatchObject({
      action: "forum.thread.hide",
      actorId: users.mod.id,
      data: expect.objectContaining({ reason: "Gold selling", authorId: users.bob.id }),
    });
  });

  it("takes the thread and every visible post out of the forum's and the posters' counters, and puts them back on unhide", async () => {
    const forum = await createForum();
    const [carol, dave] = await Promise.all([userWithSession(), userWithSession()]);
    await startThread(dave, forum.id, "Stays");
    const t = await startThread(carol, forum.id, "Goes");
    await reply(dave, t.id);
    await reply(dave, t.id);
    const gone = await reply(carol, t.id);
    await patchPost(users.mod, gone.id, { hidden: true, reason: "spam" });
    const before = { carol: await userCounters(carol.id), dave: await userCounters(dave.id) };
    expect(before.carol.stored).toEqual({ threads: 1, posts: 1 });
    expect(before.dave.stored).toEqual({ threads: 1, posts: 3 });

    expect((await patchThread(users.mod, t.id, { hidden: true, reason: "Off topic" })).status).toBe(200);
    expect(await db.forum.findUniqueOrThrow({ where: { id: forum.id } })).toMatchObject({ threadCount: 1, postCount: 1 });
    expect((await userCounters(carol.id)).stored).toEqual({ threads: 0, posts: 0 });
    expect((await userCounters(dave.id)).stored).toEqual({ threads: 1, posts: 1 });
    for (const u of [carol, dave]) {
      const c = await userCounters(u.id);
      expect(c.stored).toEqual(c.real);
    }
    let c = await countersOf(forum.id);
    expect(c.stored).toEqual(c.real);

    // Moderating a post inside the hidden thread changes only the thread's own count.
    await patchPost(users.mod, gone.id, { hidden: false });
    expect((await userCounters(carol.id)).stored).toEqual({ threads: 0, posts: 0 });
    c = await countersOf(forum.id);
    expect(c.stored).toEqual(c.real);

    // Hiding twice records nothing more; unhiding restores every counter (with the post shown again).
    expect((await patchThread(users.mod, t.id, { hidden: true, reason: "again" })).status).toBe(200);
    const shown = await patchThread(users.mod, t.id, { hidden: false });
    expect(shown.json).toMatchObject({ hidden: false });
    expect((await viewThread(users.alice, t.id)).status).toBe(200);
    expect(await db.forum.findUniqueOrThrow({ where: { id: forum.id } })).toMatchObject({ threadCount: 2, postCount: 5, latestThreadId: t.id });
    expect((await userCounters(carol.id)).stored).toEqual({ threads: 1, posts: 2 });
    expect((await userCounters(dave.id)).stored).toEqual({ threads: 1, posts: 3 });
    expect((await auditsOf("forum_thread", t.id)).map((a) => a.action)).toEqual(["forum.thread.hide", "forum.thread.unhide"]);
    c = await countersOf(forum.id);
    expect(c.stored).toEqual(c.real);
  });

  it("a hidden thread moved to another forum is counted in the new forum when shown again", async () => {
    const [from, to] = await Promise.all([createForum(), createForum()]);
    const t = await startThread(users.alice, from.id, "Wanderer");
    await reply(users.bob, t.id);
    const r = await patchThread(users.mod, t.id, { hidden: true, forum_id: to.id, reason: "Review it" });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ hidden: true, forum: { id: to.id } });
    for (const f of [from, to])
      expect(await db.forum.findUniqueOrThrow({ where: { id: f.id } })).toMatchObject({ threadCount: 0, postCount: 0, latestThreadId: null });
    await patchThread(users.mod, t.id, { hidden: false });
    expect(await db.forum.findUniqueOrThrow({ where: { id: to.id } })).toMatchObject({ threadCount: 1, postCount: 2, latestThreadId: t.id });
    expect(await db.forum.findUniqueOrThrow({ where: { id: from.id } })).toMatchObject({ threadCount: 0, postCount: 0 });
    for (const f of [from, to]) {
      const c = await countersOf(f.id);
      expect(c.stored).toEqual(c.real);
    }
  });

  it("replies racing a hide and an unhide leave every counter equal to the rows", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id, "Busy");
    const posting = (await import("@/app/api/v1/forums/posts/route")).POST;
    const send = (u: U) => call(posting, as(u, { path: "/api/v1/forums/posts", body: { thread_id: t.id, content: "<p>racing</p>" } }));
    const results = await Promise.all([
      send(users.alice),
      send(users.bob),
      patchThread(users.mod, t.id, { hidden: true, reason: "Cooling off" }),
      send(users.bob),
      patchThread(users.mod, t.id, { hidden: false }),
      send(users.alice),
    ]);
    // Staff see and change a hidden thread: both staff changes answer 200 with the state they
    // left, whatever order they ran in (each locks the thread row first).
    const [hide, unhide] = [results[2]!, results[4]!];
    expect(hide.status, JSON.stringify(hide.json)).toBe(200);
    expect(hide.json).toMatchObject({ id: t.id, hidden: true });
    expect(unhide.status, JSON.stringify(unhide.json)).toBe(200);
    expect(unhide.json).toMatchObject({ id: t.id, hidden: false });
    // Each reply either landed (201) or met the hidden thread (404, a player does not see it);
    // the replies that answered 201 are exactly the racing posts stored.
    const replies = [results[0]!, results[1]!, results[3]!, results[5]!];
    for (const r of replies) expect([201, 404], JSON.stringify(r.json)).toContain(r.status);
    const landed = await db.forumPost.count({ where: { threadId: t.id, content: { contains: "racing" } } });
    expect(landed).toBe(replies.filter((r) => r.status === 201).length);
    // The thread ends as the later staff change left it: an unhide that ran first changed
    // nothing (no audit) and the hide stands; otherwise hide then unhide.
    const actions = (await auditsOf("forum_thread", t.id)).map((a) => a.action);
    const finalHidden = (await db.forumThread.findUniqueOrThrow({ where: { id: t.id } })).hidden;
    expect([["forum.thread.hide"], ["forum.thread.hide", "forum.thread.unhide"]]).toContainEqual(actions);
    expect(finalHidden).toBe(actions.length === 1);
    const c = await countersOf(forum.id);
    expect(c.stored).toEqual(c.real);
    for (const u of [users.alice, users.bob]) {
      const uc = await userCounters(u.id);
      expect(uc.stored).toEqual(uc.real);
    }
  });
});

describe("editing posts", () => {
  it("the author edits within the window: content sanitised, marked edited by them", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const p = await reply(users.bob, t.id);
    const r = await edit(users.bob, p.id, { content: '<p onclick="x">Fixed <script>alert(1)</script>typo</p>' });
    expect(r.status).toBe(200);
    expect(r.json.content).toBe("<p>Fixed typo</p>");
    expect(r.json.edited).toMatchObject({ by: users.bob.username, reason: null });
    expect((await db.forumPost.findUniqueOrThrow({ where: { id: p.id } })).editedById).toBe(users.bob.id);
    // The author's own edit is not a moderation action.
    expect(await auditsOf("forum_post", p.id)).toHaveLength(0);
    const empty = await edit(users.bob, p.id, { content: "<p>   </p>" });
    expect(empty.status).toBe(400);
    expect(empty.json.content).toEqual([expect.any(String)]);
  });

  it("after the window the author gets 403; another player gets 403; staff may edit any time but must give a reason", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const p = await reply(users.bob, t.id, "<p>original</p>");
    expect((await edit(users.alice, p.id, { content: "<p>hijacked</p>" })).status).toBe(403);
    await db.forumPost.update({ where: { id: p.id }, data: { createdAt: new Date(Date.now() - (EDIT_WINDOW_MINUTES + 1) * 60_000) } });
    const late = await edit(users.bob, p.id, { content: "<p>too late</p>" });
    expect(late.status).toBe(403);
    expect(late.json.details).toBe(EDIT_WINDOW_MESSAGE);

    const noReason = await edit(users.mod, p.id, { content: "<p>[removed link]</p>" });
    expect(noReason.status).toBe(400);
    expect(noReason.json.reason).toEqual([expect.any(String)]);
    expect((await db.forumPost.findUniqueOrThrow({ where: { id: p.id } })).content).toBe("<p>original</p>");

    const staffEdit = await edit(users.mod, p.id, { content: "<p>[removed link]</p>", reason: "Advertising" });
    expect(staffEdit.status).toBe(200);
    expect(staffEdit.json).toMatchObject({ content: "<p>[removed link]</p>", edited: { by: users.mod.username, reason: "Advertising" } });
    const [audit] = await auditsOf("forum_post", p.id);
    expect(audit).toMatchObject({
      action: "forum.post.edit",
      actorId: users.mod.id,
      data: expect.objectContaining({ reason: "Advertising", previousContent: "<p>original</p>", authorId: users.bob.id }),
    });
  });

  it("missing post 404, bad id and missing content 400 naming the field", async () => {
    expect((await edit(users.bob, MAX_ID, { content: "<p>x</p>" })).status).toBe(404);
    const bad = await edit(users.bob, "abc", { content: "<p>x</p>" });
    expect(bad.json.id).toEqual([expect.any(String)]);
    const missing = await edit(users.bob, 1, {});
    expect(missing.json.content).toEqual(["This field is required."]);
  });
});

describe("reports", () => {
  it("a player reports a post (201 with an id); reporting again updates the same report", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const p = await reply(users.alice, t.id);
    const first = await report(users.bob, p.id, { reason: "Spam" });
    expect(first.status).toBe(201);
    const again = await report(users.bob, p.id, { reason: "Spam, and rude" });
    expect(again.json.id).toBe(first.json.id);
    expect(await db.forumPostReport.findMany({ where: { postId: p.id } })).toMatchObject([{ reason: "Spam, and rude", reporterId: users.bob.id }]);
    const noReason = await report(users.bob, p.id, {});
    expect(noReason.status).toBe(400);
    expect(noReason.json.reason).toEqual(["This field is required."]);
    expect((await report(users.bob, MAX_ID, { reason: "x" })).status).toBe(404);
  });

  it("the staff queue: open oldest first with the post and its page; resolve (audited) moves it to resolved; a new report reopens it", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    for (let n = 0; n < 10; n++) await reply(users.mod, t.id, `<p>filler ${n}</p>`);
    const onPage2 = await reply(users.alice, t.id, "<p>bad words</p>");
    const carol = await userWithSession();
    const r1 = (await report(users.bob, onPage2.id, { reason: "Language" })).json.id as number;
    const r2 = (await report(carol, onPage2.id, { reason: "Also language" })).json.id as number;

    const open = await reports(users.mod);
    expect(open.status).toBe(200);
    const mine = (open.json.results as TReport[]).filter((r) => r.post.id === onPage2.id);
    expect(mine.map((r) => r.id)).toEqual([r1, r2]);
    expect(Math.abs(Date.parse(mine[0]!.date) - Date.now())).toBeLessThan(60_000);
    expect(mine[0]).toMatchObject({
      reason: "Language",
      reporter: users.bob.username,
      resolved: null,
      post: { id: onPage2.id, content: "<p>bad words</p>", user: users.alice.username, hidden: false, thread: { id: t.id, title: t.title }, page: 2 },
    });

    const resolved = await resolve(users.mod, r1, { resolved: true });
    expect(resolved.status).toBe(200);
    expect(resolved.json.resolved).toMatchObject({ by: users.mod.username });
    const [audit] = await auditsOf("forum_post_report", r1);
    expect(audit).toMatchObject({ action: "forum.report.resolve", actorId: users.mod.id });
    // Resolving twice changes and records nothing more.
    await resolve(users.mod, r1, { resolved: true });
    expect(await auditsOf("forum_post_report", r1)).toHaveLength(1);

    const openIds = async () => ((await reports(users.mod, "?status=open")).json.results as TReport[]).map((r) => r.id);
    expect(await openIds()).not.toContain(r1);
    const done = await reports(users.mod, "?status=resolved");
    expect((done.json.results as TReport[])[0]?.id).toBe(r1);

    // Hiding the post still lets staff see it in the queue, marked hidden.
    await patchPost(users.mod, onPage2.id, { hidden: true, reason: "Language" });
    expect(((await reports(users.mod)).json.results as TReport[]).find((r) => r.id === r2)?.post.hidden).toBe(true);

    // Bob reports the (now visible again) post once more: the resolved report opens again, same id.
    await patchPost(users.mod, onPage2.id, { hidden: false });
    const reopened = await report(users.bob, onPage2.id, { reason: "Back again" });
    expect(reopened.json.id).toBe(r1);
    expect(await openIds()).toContain(r1);
    expect((await db.forumPostReport.findUniqueOrThrow({ where: { id: r1 } })).resolvedAt).toBeNull();
  });

  it("reopening by staff is audited; bad status and unknown report are refused", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const r = (await report(users.bob, (await reply(users.alice, t.id)).id, { reason: "x" })).json.id as number;
    await resolve(users.mod, r, { resolved: true });
    const back = await resolve(users.mod, r, { resolved: false });
    expect(back.json.resolved).toBeNull();
    expect((await auditsOf("forum_post_report", r)).map((a) => a.action)).toEqual(["forum.report.resolve", "forum.report.reopen"]);
    const badStatus = await reports(users.mod, "?status=closed");
    expect(badStatus.status).toBe(400);
    expect(badStatus.json.status).toEqual(["Status must be open or resolved."]);
    expect((await resolve(users.mod, MAX_ID, { resolved: true })).status).toBe(404);
    expect((await resolve(users.mod, r, {})).json.resolved).toEqual(["This field is required."]);
  });
});
