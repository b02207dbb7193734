import { describe, expect, it } from "vitest";
import * as drafts from "@/app/api/v1/forums/drafts/[kind]/[id]/route";
import * as posts from "@/app/api/v1/forums/posts/route";
import * as editRoute from "@/app/api/v1/forums/posts/[id]/route";
import * as preview from "@/app/api/v1/forums/preview/route";
import * as threads from "@/app/api/v1/forums/threads/route";
import * as userSearch from "@/app/api/v1/users/search/route";
import { MENTIONS_MAX, TOO_MANY_MENTIONS_MESSAGE } from "@/lib/messages/forums";
import { db } from "@/lib/server/db";
import { postReferences } from "@/lib/server/forums/post-references";
import { as, createForum, reply, startThread, type U, userWithSession, viewThread, forumActors } from "./forums-fixtures";
import { call, CROSS_SITE } from "./helpers";
import { createUser } from "../factories/users";

// The forum editor's server side (docs/forums.md, "The editor"): drafts are per player and target
// and gone once posted; mentions are stored by player id (a rename keeps them right), at most
// MENTIONS_MAX players a post; quotes carry the quoted post's real author; both are stored per
// post for notifications.

const users = forumActors();

const draftPath = (kind: string, id: number) => `/api/v1/forums/drafts/${kind}/${id}`;
const draftReq = (u: U | null, kind: string, id: number, body?: unknown, method?: string) =>
  as(u, { path: draftPath(kind, id), params: { kind, id: String(id) }, body, ...(method ? { method } : {}) });
const putDraft = (u: U | null, kind: string, id: number, body: unknown) => call(drafts.PUT, draftReq(u, kind, id, body, "PUT"));
const getDraft = (u: U | null, kind: string, id: number) => call(drafts.GET, draftReq(u, kind, id));
const postReply = (u: U, body: Record<string, unknown>) => call(posts.POST, as(u, { path: "/api/v1/forums/posts", body }));
const postThread = (u: U, body: Record<string, unknown>) => call(threads.POST, as(u, { path: "/api/v1/forums/threads", body }));
const mention = (u: { id: number; username: string }) => `<span data-mention="${u.id}">@${u.username}</span>`;

describe("drafts", () => {
  it("are kept per player and per target: another player never sees them, another target has its own", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const saved = await putDraft(users.alice, "reply", t.id, { content: "<p>Alice was <strong>here</strong><script>x()</script></p>" });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({ kind: "reply", target_id: t.id, content: "<p>Alice was <strong>here</strong></p>" });
    // Her own draft comes back (after a reload, say); Bob's view of the same target is empty.
    expect((await getDraft(users.alice, "reply", t.id)).json.draft).toMatchObject({ content: "<p>Alice was <strong>here</strong></p>" });
    expect((await getDraft(users.bob, "reply", t.id)).json).toEqual({ draft: null });
    // Bob saving his own draft there changes nothing of hers; deleting his leaves hers.
    expect((await putDraft(users.bob, "reply", t.id, { content: "<p>Bob</p>" })).status).toBe(200);
    expect((await call(drafts.DELETE, draftReq(users.bob, "reply", t.id, undefined, "DELETE"))).json).toEqual({ deleted: true });
    expect((await getDraft(users.alice, "reply", t.id)).json.draft).toMatchObject({ content: "<p>Alice was <strong>here</strong></p>" });
    // A new thread in the forum is another target, with its title.
    expect((await putDraft(users.alice, "thread", forum.id, { title: " Idea ", content: "<p>body</p>" })).json).toMatchObject({
      kind: "thread",
      title: "Idea",
    });
    expect(await db.forumDraft.count({ where: { userId: users.alice.id } })).toBe(2);
    // Guests have none, and a cross-site write is refused (CSRF) with nothing written.
    expect((await getDraft(null, "reply", t.id)).status).toBe(401);
    const cross = await call(drafts.PUT, { ...draftReq(users.alice, "reply", t.id, { content: "<p>forged</p>" }, "PUT"), headers: CROSS_SITE });
    expect(cross.status).toBe(403);
    expect((await getDraft(users.alice, "reply", t.id)).json.draft).toMatchObject({ content: "<p>Alice was <strong>here</strong></p>" });
  });

  it("refuses a target the player cannot reach (404) and a draft over the size limit (400 on content), writing nothing", async () => {
    const forum = await createForum();
    const hidden = await createForum();
    await db.forum.update({ where: { id: hidden.id }, data: { hidden: true } });
    expect((await putDraft(users.bob, "thread", hidden.id, { content: "<p>x</p>" })).status).toBe(404);
    expect((await putDraft(users.bob, "reply", 2_000_000_000, { content: "<p>x</p>" })).status).toBe(404);
    const big = await putDraft(users.bob, "thread", forum.id, { content: "x".repeat(50_001) });
    expect(big.status).toBe(400);
    expect(big.json.content).toBeDefined();
    expect((await putDraft(users.bob, "thread", forum.id, { content: "x".repeat(50_000) })).status).toBe(200);
    expect(await db.forumDraft.count({ where: { userId: users.bob.id, targetId: hidden.id } })).toBe(0);
  });

  it("is dropped when the reply or thread is posted, and only that one", async () => {
    const forum = await createForum();
    const t = await startThread(users.bob, forum.id);
    const other = await startThread(users.bob, forum.id);
    const alice = await userWithSession();
    await putDraft(alice, "reply", t.id, { content: "<p>draft</p>" });
    await putDraft(alice, "reply", other.id, { content: "<p>other draft</p>" });
    await putDraft(alice, "thread", forum.id, { title: "T", content: "<p>thread draft</p>" });
    expect((await postReply(alice, { thread_id: t.id, content: "<p>posted</p>" })).status).toBe(201);
    expect((await getDraft(alice, "reply", t.id)).json).toEqual({ draft: null });
    expect((await getDraft(alice, "reply", other.id)).json.draft).not.toBeNull();
    expect((await postThread(alice, { forum_id: forum.id, title: "T", content: "<p>new</p>" })).status).toBe(201);
    expect((await getDraft(alice, "thread", forum.id)).json).toEqual({ draft: null });
    // A refused post keeps the draft: nothing was written.
    await putDraft(alice, "reply", other.id, { content: "<p>kept</p>" });
    await db.forumThread.update({ where: { id: other.id }, data: { closed: true } });
    expect((await postReply(alice, { thread_id: other.id, content: "<p>late</p>" })).status).toBe(409);
    expect((await getDraft(alice, "reply", other.id)).json.draft).toMatchObject({ content: "<p>kept</p>" });
  });
});

describe("mentions", () => {
  it("are stored by id: a renamed player's mention shows the new name; the post's references are saved", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const carol = await userWithSession();
    // The writer's text inside the span is not trusted: the server writes the player's name.
    const r = await postReply(users.bob, { thread_id: t.id, content: `<p>hi <span data-mention="${carol.id}">@Someone Else</span>!</p>` });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.content).toBe(`<p>hi ${mention(carol)}!</p>`);
    expect(await postReferences(db, r.json.id as number)).toEqual({ mentionedUserIds: [carol.id], quotedUserIds: [] });

    const renamed = `R${carol.id}`.slice(0, 12);
    await db.user.update({ where: { id: carol.id }, data: { username: renamed, usernameKey: renamed.toLowerCase() } });
    const view = await viewThread(null, t.id);
    expect(view.view.posts.find((p) => p.id === r.json.id)!.content).toBe(`<p>hi <span data-mention="${carol.id}">@${renamed}</span>!</p>`);
  });

  it(`refuses more than ${MENTIONS_MAX} different players (400 naming content, nothing written); ${MENTIONS_MAX} are fine`, async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const people = await Promise.all(Array.from({ length: MENTIONS_MAX + 1 }, () => userWithSession()));
    const before = await db.forumPost.count({ where: { threadId: t.id } });
    const tooMany = await postReply(users.bob, { thread_id: t.id, content: `<p>${people.map(mention).join(" ")}</p>` });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.content).toEqual([TOO_MANY_MENTIONS_MESSAGE]);
    expect(await db.forumPost.count({ where: { threadId: t.id } })).toBe(before);
    // The same player twice counts once.
    const ten = people.slice(0, MENTIONS_MAX);
    const ok = await postReply(users.bob, { thread_id: t.id, content: `<p>${ten.map(mention).join(" ")} ${mention(ten[0]!)}</p>` });
    expect(ok.status, JSON.stringify(ok.json)).toBe(201);
    expect((await postReferences(db, ok.json.id as number)).mentionedUserIds.sort((a, b) => a - b)).toEqual(ten.map((p) => p.id).sort((a, b) => a - b));
    // An edit is held to the same limit, and replaces the stored mentions.
    const edit = (content: string) =>
      call(
        editRoute.PATCH,
        as(users.bob, { method: "PATCH", path: `/api/v1/forums/posts/${ok.json.id}`, params: { id: String(ok.json.id) }, body: { content } }),
      );
    expect((await edit(`<p>${people.map(mention).join(" ")}</p>`)).status).toBe(400);
    expect((await edit(`<p>only ${mention(people[10]!)}</p>`)).status).toBe(200);
    expect(await postReferences(db, ok.json.id as number)).toEqual({ mentionedUserIds: [people[10]!.id], quotedUserIds: [] });
  });

  it("a mention of an id that is no player becomes plain text", async () => {
    const r = await call(
      preview.POST,
      as(users.bob, { path: "/api/v1/forums/preview", body: { content: '<p><span data-mention="2000000000">@Ghost</span> hi</p>' } }),
    );
    expect(r.status).toBe(200);
    expect(r.json.content).toBe("<p>@Ghost hi</p>");
  });
});

describe("quotes", () => {
  it("carry the quoted post's real author, whatever the writer claimed; a hidden post's quote loses its ids", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const quoted = await reply(users.alice, t.id, "<p>wise words</p>");
    const body = `<blockquote data-quote-post="${quoted.id}" data-quote-user="${users.bob.id}"><p><a href="/forums/thread/${t.id}#post-${quoted.id}">${users.alice.username}</a> wrote:</p><p>wise words</p></blockquote><p>agreed</p>`;
    const r = await postReply(users.bob, { thread_id: t.id, content: body });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.content).toContain(
      `<blockquote data-quote-post="${quoted.id}" data-quote-user="${users.alice.id}"><p><a href="/forums/thread/${t.id}#post-${quoted.id}">`,
    );
    expect(await postReferences(db, r.json.id as number)).toEqual({ mentionedUserIds: [], quotedUserIds: [users.alice.id] });

    await db.forumPost.update({ where: { id: quoted.id }, data: { hidden: true } });
    const again = await postReply(users.bob, { thread_id: t.id, content: body });
    expect(again.json.content).toMatch(/^<blockquote><p>/);
    expect(await postReferences(db, again.json.id as number)).toEqual({ mentionedUserIds: [], quotedUserIds: [] });
  });
});

describe("the @ lookup", () => {
  it("finds players by the start of their name, case-insensitively, at most 8, shortest first; never banned ones", async () => {
    const stem = `Zq${Math.random().toString(36).slice(2, 7)}`;
    const names = Array.from({ length: 10 }, (_, i) => `${stem}${"x".repeat(i % 5)}${i}`.slice(0, 12));
    for (const name of names) await createUser({ username: name });
    const banned = await createUser({ username: `${stem}b` });
    await db.user.update({ where: { id: banned.id }, data: { bannedAt: new Date() } });
    const search = (prefix: string) => call(userSearch.GET, as(users.bob, { path: "/api/v1/users/search", query: `?prefix=${encodeURIComponent(prefix)}` }));
    const r = await search(stem.toUpperCase());
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const found = (r.json.results as Array<{ id: number; name: string }>).map((x) => x.name);
    expect(found).toHaveLength(8);
    expect(found).not.toContain(`${stem}b`);
    const lengths = found.map((n) => n.length);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
    // The positive twin of the ban: unbanned, the same player is found.
    await db.user.update({ where: { id: banned.id }, data: { bannedAt: null } });
    expect(((await search(`${stem}b`)).json.results as Array<{ name: string }>).map((x) => x.name)).toEqual([`${stem}b`]);
    expect((await search("")).status).toBe(400);
    expect((await call(userSearch.GET, as(null, { path: "/api/v1/users/search", query: `?prefix=${stem}` }))).status).toBe(401);
  });
});
