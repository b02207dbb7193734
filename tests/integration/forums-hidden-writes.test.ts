import { describe, expect, it } from "vitest";
import * as editRoute from "@/app/api/v1/forums/posts/[id]/route";
import * as reportRoute from "@/app/api/v1/forums/posts/[id]/report/route";
import * as postsRoute from "@/app/api/v1/forums/posts/route";
import * as threadsRoute from "@/app/api/v1/forums/threads/route";
import { db } from "@/lib/server/db";
import { as, createForum, reply, startThread, type U, userWithSession, viewThread } from "./forums-fixtures";
import { call } from "./helpers";

// A forum hidden by staff, or a forum in a hidden category, does not exist for players: every
// write a player can make there (edit their own post, report a post, reply, start a thread)
// answers the same 404 a read of its thread gives, and writes nothing. Staff act there as they
// read there. Each refusal has its twin in a visible forum, built the same way, that is accepted.

const edit = (u: U, id: number, content: string) =>
  call(editRoute.PATCH, as(u, { method: "PATCH", path: `/api/v1/forums/posts/${id}`, params: { id: String(id) }, body: { content } }));
const report = (u: U, id: number) =>
  call(reportRoute.POST, as(u, { path: `/api/v1/forums/posts/${id}/report`, params: { id: String(id) }, body: { reason: "Spam" } }));
const replyTo = (u: U, threadId: number) =>
  call(postsRoute.POST, as(u, { path: "/api/v1/forums/posts", body: { thread_id: threadId, content: "<p>A reply</p>" } }));
const newThread = (u: U, forumId: number) =>
  call(threadsRoute.POST, as(u, { path: "/api/v1/forums/threads", body: { forum_id: forumId, title: "New here", content: "<p>Hello</p>" } }));

type Hide = "visible" | "forum hidden" | "category hidden";

/** A forum with a thread and a post by `author` (and one by `other`), then hidden as `how` says. */
async function setUp(how: Hide, author: U, other: U) {
  const forum = await createForum();
  const thread = await startThread(author, forum.id);
  const own = await reply(author, thread.id, "<p>My words</p>");
  const theirs = await reply(other, thread.id, "<p>Their words</p>");
  if (how === "forum hidden") await db.forum.update({ where: { id: forum.id }, data: { hidden: true } });
  if (how === "category hidden") await db.forumCategory.update({ where: { id: forum.categoryId }, data: { hidden: true } });
  return { forum, thread, own, theirs };
}

const stateOf = async (forumId: number, threadId: number, postId: number) => ({
  content: (await db.forumPost.findUniqueOrThrow({ where: { id: postId } })).content,
  reports: await db.forumPostReport.count({ where: { post: { threadId } } }),
  posts: await db.forumPost.count({ where: { threadId } }),
  threads: await db.forumThread.count({ where: { forumId } }),
});

describe("player writes in a hidden forum or a forum of a hidden category", () => {
  for (const how of ["forum hidden", "category hidden"] as const) {
    it(`${how}: editing one's own post, reporting, replying and starting a thread are 404 like reading, and write nothing`, async () => {
      const [alice, bob] = await Promise.all([userWithSession(), userWithSession()]);
      const { forum, thread, own, theirs } = await setUp(how, alice, bob);
      const before = await stateOf(forum.id, thread.id, own.id);

      // The read first: this is the answer every write must match.
      expect((await viewThread(alice, thread.id)).status).toBe(404);
      const answers = {
        edit: await edit(alice, own.id, "<p>Changed while hidden</p>"),
        report: await report(alice, theirs.id),
        reply: await replyTo(alice, thread.id),
        thread: await newThread(alice, forum.id),
      };
      expect(Object.fromEntries(Object.entries(answers).map(([what, r]) => [what, r.status]))).toEqual({ edit: 404, report: 404, reply: 404, thread: 404 });
      expect(answers.edit.json).toEqual({ details: "Post not found." });
      expect(answers.report.json).toEqual({ details: "Post not found." });
      expect(await stateOf(forum.id, thread.id, own.id)).toEqual(before);
    });
  }

  it("visible twin: the same four writes by the same kind of player are accepted", async () => {
    const [alice, bob] = await Promise.all([userWithSession(), userWithSession()]);
    const { forum, thread, own, theirs } = await setUp("visible", alice, bob);

    expect((await viewThread(alice, thread.id)).status).toBe(200);
    const edited = await edit(alice, own.id, "<p>Changed while visible</p>");
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: own.id, content: "<p>Changed while visible</p>" });
    expect((await report(alice, theirs.id)).status).toBe(201);
    expect((await replyTo(alice, thread.id)).status).toBe(201);
    expect((await newThread(alice, forum.id)).status).toBe(201);
    expect(await stateOf(forum.id, thread.id, own.id)).toMatchObject({ content: "<p>Changed while visible</p>", reports: 1, posts: 4, threads: 2 });
  });

  for (const how of ["forum hidden", "category hidden"] as const) {
    it(`${how}: staff read it and act there as they read (edit their own post, report, reply, start a thread)`, async () => {
      const [mod, bob] = await Promise.all([userWithSession("MODERATOR"), userWithSession()]);
      const { forum, thread, own, theirs } = await setUp(how, mod, bob);

      expect((await viewThread(mod, thread.id)).status).toBe(200);
      expect((await edit(mod, own.id, "<p>Staff edit</p>")).status).toBe(200);
      expect((await report(mod, theirs.id)).status).toBe(201);
      expect((await replyTo(mod, thread.id)).status).toBe(201);
      expect((await newThread(mod, forum.id)).status).toBe(201);
      expect(await stateOf(forum.id, thread.id, own.id)).toMatchObject({ content: "<p>Staff edit</p>", reports: 1, posts: 4, threads: 2 });
    });
  }
});
