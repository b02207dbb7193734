import { describe, expect, it } from "vitest";
import * as like from "@/app/api/v1/forums/posts/[id]/like/route";
import * as posts from "@/app/api/v1/forums/posts/route";
import * as editRoute from "@/app/api/v1/forums/posts/[id]/route";
import { db } from "@/lib/server/db";
import { as, createForum, reply, startThread, type U, userWithSession, forumActors } from "./forums-fixtures";
import { call } from "./helpers";

// The forum's notices beyond the starter's reply (docs/notifications.md): a mention, a quote and a
// like reach the player they name, once, from the write that causes them; never the writer
// themselves, and never about a post players cannot read.

const users = forumActors();
const mention = (u: { id: number; username: string }) => `<span data-mention="${u.id}">@${u.username}</span>`;
const postReply = (u: U, content: string, threadId: number) =>
  call(posts.POST, as(u, { path: "/api/v1/forums/posts", body: { thread_id: threadId, content } }));
const putLike = (u: U, id: number) => call(like.PUT, as(u, { method: "PUT", path: `/api/v1/forums/posts/${id}/like`, params: { id: String(id) } }));
const noticesOf = (userId: number, type: string) =>
  db.notification.findMany({ where: { userId, type }, orderBy: { id: "asc" }, select: { link: true, data: true, readAt: true } });

describe("mentions", () => {
  it("a reply mentioning a player tells them once, linking to the post; the writer mentioning themselves is told nothing", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const carol = await userWithSession();
    const r = await postReply(users.bob, `<p>${mention(carol)} and ${mention(users.bob)}, look</p>`, t.id);
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const told = await noticesOf(carol.id, "mention");
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toBe(`/forums/thread/${t.id}#post-${r.json.id}`);
    expect(told[0]!.data).toMatchObject({ actors: [users.bob.username], title: "A thread" });
    expect(await noticesOf(users.bob.id, "mention")).toHaveLength(0);

    // An edit that keeps the mention tells nobody again; one that adds a player tells that player.
    const dave = await userWithSession();
    const edit = (content: string) =>
      call(
        editRoute.PATCH,
        as(users.bob, { method: "PATCH", path: `/api/v1/forums/posts/${r.json.id}`, params: { id: String(r.json.id) }, body: { content } }),
      );
    expect((await edit(`<p>${mention(carol)} still</p>`)).status).toBe(200);
    expect((await edit(`<p>${mention(carol)} and ${mention(dave)}</p>`)).status).toBe(200);
    expect(await noticesOf(carol.id, "mention")).toHaveLength(1);
    expect(await noticesOf(dave.id, "mention")).toHaveLength(1);
  });

  it("a mention added to a post players cannot read tells no one; added once the post is shown again, it does", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const erin = await userWithSession();
    const p = await reply(users.mod, t.id, "<p>first words</p>");
    const edit = (content: string) =>
      call(editRoute.PATCH, as(users.mod, { method: "PATCH", path: `/api/v1/forums/posts/${p.id}`, params: { id: String(p.id) }, body: { content } }));
    // Hidden by staff, then edited by staff to mention her: players cannot open it, so no notice.
    await db.forumPost.update({ where: { id: p.id }, data: { hidden: true } });
    expect((await edit(`<p>${mention(erin)} hidden</p>`)).status).toBe(200);
    expect(await noticesOf(erin.id, "mention")).toHaveLength(0);
    // Shown again, the same mention tells her.
    await db.forumPost.update({ where: { id: p.id }, data: { hidden: false } });
    expect((await edit(`<p>${mention(erin)} shown</p>`)).status).toBe(200);
    expect(await noticesOf(erin.id, "mention")).toHaveLength(1);
  });
});

describe("quotes", () => {
  it("quoting a post tells its author once; a post that both quotes and mentions them tells of the mention only", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const quoted = await reply(users.alice, t.id, "<p>wise words</p>");
    const quote = `<blockquote data-quote-post="${quoted.id}" data-quote-user="${users.alice.id}"><p><a href="/forums/thread/${t.id}#post-${quoted.id}">${users.alice.username}</a> wrote:</p><p>wise words</p></blockquote>`;
    const before = (await noticesOf(users.alice.id, "quote")).length;
    const r = await postReply(users.bob, `${quote}<p>agreed</p>`, t.id);
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    const told = await noticesOf(users.alice.id, "quote");
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)!.link).toBe(`/forums/thread/${t.id}#post-${r.json.id}`);

    const mentionsBefore = (await noticesOf(users.alice.id, "mention")).length;
    expect((await postReply(users.bob, `${quote}<p>${mention(users.alice)} agreed again</p>`, t.id)).status).toBe(201);
    expect(await noticesOf(users.alice.id, "quote")).toHaveLength(before + 1);
    expect(await noticesOf(users.alice.id, "mention")).toHaveLength(mentionsBefore + 1);
  });
});

describe("likes", () => {
  it("likes on one post are one grouped notice naming the likers; liking again adds nothing", async () => {
    const forum = await createForum();
    const author = await userWithSession();
    const t = await startThread(author, forum.id);
    const p = await reply(author, t.id, "<p>like me</p>");
    const likers = [await userWithSession(), await userWithSession(), users.bob];
    // Each liker twice at once: one like each, told once each.
    const answers = await Promise.all(likers.flatMap((u) => [putLike(u, p.id), putLike(u, p.id)]));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const told = await noticesOf(author.id, "reaction");
    expect(told).toHaveLength(1);
    const actors = (told[0]!.data as { actors: string[] }).actors;
    expect([...actors].sort()).toEqual(likers.map((u) => u.username).sort());
    expect(told[0]!.link).toBe(`/forums/thread/${t.id}#post-${p.id}`);
    expect(await db.notification.findFirst({ where: { userId: author.id, type: "reaction" }, select: { count: true } })).toEqual({ count: 3 });
  });
});
