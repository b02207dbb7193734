import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as one from "@/app/api/v1/news/[id]/route";
import * as latest from "@/app/api/v1/news/latest/route";
import * as news from "@/app/api/v1/news/route";
import * as years from "@/app/api/v1/news/years/route";
import * as editRoute from "@/app/api/v1/forums/posts/[id]/route";
import * as replyRoute from "@/app/api/v1/forums/posts/route";
import * as modPost from "@/app/api/v1/staff/forums/posts/[id]/route";
import * as modThread from "@/app/api/v1/staff/forums/threads/[id]/route";
import { EMPTY_CONTENT_MESSAGE } from "@/lib/schemas/forums";
import { MAX_ID } from "@/lib/schemas/ids";
import { IMAGE_MESSAGE, NEWS_NOT_FOUND, NEWS_PLACEHOLDER_IMAGE, NEWS_PREVIEW_MAX, ZNewsItem, ZNewsPost } from "@/lib/schemas/news";
import { db } from "@/lib/server/db";
import { createNews } from "@/lib/server/news/create-news";
import { findNewsBySlug } from "@/lib/server/news/get-news";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

// News against the real database (docs/product.md §2 News, §3 News item, §7 /news): staff publish through
// POST /api/v1/news, which writes the thread in the news forum, its opening post, every counter,
// the news row and an audit entry in one transaction; players and guests are refused with
// nothing written; content is sanitised before it is stored; slugs stay unique when the same
// title is posted five times at once; the archive's months are UTC calendar months.

let restore: () => void;
type U = Awaited<ReturnType<typeof createUser>> & { session: string };
let mod: U, admin: U, player: U;

async function userWithSession(privilege?: "PLAYER" | "MODERATOR" | "ADMINISTRATOR"): Promise<U> {
  const u = await createUser(privilege ? { privilege } : {});
  return { ...u, session: await createSessionToken(u.id) };
}

beforeAll(async () => {
  restore = setEnv({ TRUST_PROXY: "true" });
  [mod, admin, player] = await Promise.all([userWithSession("MODERATOR"), userWithSession("ADMINISTRATOR"), userWithSession()]);
});
afterAll(() => restore());

const token = () => randomBytes(3).toString("hex");
/**
 * News, threads and posts written by this file's users. Other files write forum rows at the same
 * time, so a count over the whole table could move for reasons that are not this test's.
 */
const writtenByUs = () => {
  const ids = { in: [mod.id, admin.id, player.id] };
  return Promise.all([
    db.newsPost.count({ where: { authorId: ids } }),
    db.forumThread.count({ where: { userId: ids } }),
    db.forumPost.count({ where: { userId: ids } }),
  ]);
};
const post = (u: U | null, body: unknown) =>
  call(news.POST, {
    method: "POST",
    path: "/api/v1/news",
    body,
    ...(u ? { cookies: { session: u.session } } : {}),
    headers: { ...SAME_ORIGIN, ...freshClient() },
  });
const get = (handler: Parameters<typeof call>[0], path: string, params?: Record<string, string>) =>
  call(handler, { path, headers: freshClient(), ...(params ? { params } : {}) });
type Post = {
  id: number;
  slug: string;
  title: string;
  image: string;
  content: string;
  author: string;
  thread: { id: number; title: string; date: string; forum: { id: number; name: string }; preview: string };
};

async function publish(u: U, body: Record<string, unknown>): Promise<Post> {
  const r = await post(u, { content: "<p>Body.</p>", ...body });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as unknown as Post;
}

describe("publishing news", () => {
  it("lets staff publish: 201 with the post, a thread in the news forum whose opening post is the article, and an audit entry", async () => {
    const t = token();
    const p = await publish(mod, {
      title: `  Winter Festival ${t}: Día 2!  `,
      content: "<h1>Snow</h1><p>The <strong>festival</strong> is here.</p><ul><li>Snowflakes</li></ul>",
    });
    expect(ZNewsPost.parse(p)).toEqual(p);
    expect(p).toMatchObject({ title: `Winter Festival ${t}: Día 2!`, slug: `winter-festival-${t}-dia-2`, image: NEWS_PLACEHOLDER_IMAGE, author: mod.username });
    expect(p.content).toBe("<h1>Snow</h1><p>The <strong>festival</strong> is here.</p><ul><li>Snowflakes</li></ul>");
    expect(p.thread.preview).toBe("Snow The festival is here. Snowflakes");

    const thread = await db.forumThread.findUniqueOrThrow({ where: { id: p.thread.id }, include: { forum: true, posts: true } });
    expect(thread).toMatchObject({ title: p.title, userId: mod.id, postCount: 1, hidden: false });
    expect(thread.forum).toMatchObject({ id: p.thread.forum.id, name: p.thread.forum.name, isNews: true, staffOnly: true });
    expect(thread.posts.map((x) => x.content)).toEqual([p.content]);

    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "news.create", targetId: String(p.id) } });
    expect(audit).toMatchObject({ actorId: mod.id, targetType: "news" });
  });

  it("shows the new post in latest, in this month's archive, in the years and by id", async () => {
    const p = await publish(admin, { title: `Double XP ${token()}`, image: "https://cdn.example.com/xp.png", preview: "Twice the experience." });
    expect(p.image).toBe("https://cdn.example.com/xp.png");
    expect(p.thread.preview).toBe("Twice the experience.");

    const newest = await get(latest.GET, "/api/v1/news/latest?amount=1");
    expect(newest.status).toBe(200);
    const items = newest.json as unknown as unknown[];
    expect(items).toHaveLength(1);
    expect(ZNewsItem.parse(items[0])).toMatchObject({ id: p.id, slug: p.slug });
    // docs/product.md §3 News item: exactly id, image, thread {id, title, date, forum, preview}, plus our slug.
    expect(Object.keys(items[0]!).sort()).toEqual(["id", "image", "slug", "thread"]);

    const now = new Date();
    const month = await get(news.GET, `/api/v1/news?year=${now.getUTCFullYear()}&month=${now.getUTCMonth() + 1}`);
    expect((month.json as unknown as Post[]).map((x) => x.id)).toContain(p.id);
    // Without a query: the current year and month.
    expect(((await get(news.GET, "/api/v1/news")).json as unknown as Post[]).map((x) => x.id)).toContain(p.id);

    expect((await get(years.GET, "/api/v1/news/years")).json).toEqual(expect.arrayContaining([now.getUTCFullYear()]));

    const byId = await get(one.GET, `/api/v1/news/${p.id}`, { id: String(p.id) });
    expect(byId.status).toBe(200);
    expect(byId.json).toEqual(p);
    expect(await findNewsBySlug(p.slug)).toEqual(p);
  });

  it("makes the preview from the content when none is given: plain text, at most the preview length", async () => {
    const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");
    const p = await publish(mod, { title: `Long read ${token()}`, content: `<p>${long}</p><p>&lt;tag&gt; &amp; more</p>` });
    expect(p.thread.preview.length).toBeLessThanOrEqual(NEWS_PREVIEW_MAX);
    expect(p.thread.preview.startsWith("word0 word1")).toBe(true);
    expect(p.thread.preview.endsWith("…")).toBe(true);
  });
});

describe("who may publish", () => {
  it("refuses a player with 403 and a guest with 401, writing nothing", async () => {
    const before = await writtenByUs();
    const body = { title: `Not staff ${token()}`, content: "<p>Hi</p>" };
    const asPlayer = await post(player, body);
    expect(asPlayer.status).toBe(403);
    expect(asPlayer.json).toEqual({ details: "You do not have permission to perform this action." });
    const asGuest = await post(null, body);
    expect(asGuest.status).toBe(401);
    expect(await writtenByUs()).toEqual(before);
    expect(await db.newsPost.count({ where: { title: body.title } })).toBe(0);
  });

  it("re-checks staff inside the use case, whoever calls it", async () => {
    await expect(createNews({ userId: player.id, privilege: "PLAYER" }, { title: "Sneaky", content: "<p>x</p>" }, null)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await db.newsPost.count({ where: { title: "Sneaky" } })).toBe(0);
  });
});

describe("field errors", () => {
  it("names the field for a missing title or content, empty content and a javascript: image, and writes nothing", async () => {
    const before = await writtenByUs();
    const noTitle = await post(mod, { content: "<p>Body</p>" });
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.title).toEqual(["This field is required."]);
    expect((await post(mod, { title: "   ", content: "<p>Body</p>" })).json.title).toEqual(["This field is required."]);
    expect((await post(mod, { title: "x".repeat(121), content: "<p>Body</p>" })).json.title).toEqual(["The title is at most 120 characters."]);

    const noContent = await post(mod, { title: "Title" });
    expect(noContent.status).toBe(400);
    expect(noContent.json.content).toEqual(["This field is required."]);
    // Markup with nothing to read once sanitised is empty too.
    const empty = await post(mod, { title: "Title", content: "<p> </p><script>alert(1)</script>" });
    expect(empty.status).toBe(400);
    expect(empty.json.content).toEqual([EMPTY_CONTENT_MESSAGE]);

    for (const image of ["javascript:alert(1)", "data:image/png;base64,AAAA", "//evil.example/x.png", "ftp://x.example/a.png"]) {
      const bad = await post(mod, { title: "Title", content: "<p>Body</p>", image });
      expect(bad.status, image).toBe(400);
      expect(bad.json.image, image).toEqual([IMAGE_MESSAGE]);
    }
    expect(await writtenByUs()).toEqual(before);
  });

  it("takes an empty image as the placeholder", async () => {
    expect((await publish(mod, { title: `No picture ${token()}`, image: "" })).image).toBe(NEWS_PLACEHOLDER_IMAGE);
  });
});

describe("sanitised content", () => {
  it("stores and serves only the allowlisted copy: no scripts, handlers, javascript: links or foreign styles", async () => {
    const raw =
      `<p style="text-align: center; color: red" onclick="steal()">Hello <a href="javascript:alert(1)">click</a> <a href="https://example.com">ok</a></p>` +
      `<script>alert("x")</script><img src="x" onerror="alert(1)"><img src="https://cdn.example.com/a.png" onload="alert(2)">` +
      `<iframe src="https://evil.example"></iframe><svg><script>alert(3)</script></svg><h2 style="text-align: right">Heading</h2>`;
    const p = await publish(mod, { title: `XSS attempt ${token()}`, content: raw });
    for (const bad of ["<script", "onclick", "onerror", "onload", "javascript:", "<iframe", "<svg", "color: red", 'src="x"'])
      expect(p.content, bad).not.toContain(bad);
    expect(p.content).toContain('<p style="text-align:center">');
    expect(p.content).toMatch(/<img src="\/api\/v1\/forums\/images\/\d+" \/>/);
    expect(p.content).toContain('<h2 style="text-align:right">Heading</h2>');
    const stored = await db.newsPost.findUniqueOrThrow({ where: { id: p.id } });
    expect(stored.content).toBe(p.content);
    expect((await db.forumPost.findFirstOrThrow({ where: { threadId: p.thread.id } })).content).toBe(p.content);
    expect(((await get(one.GET, `/api/v1/news/${p.id}`, { id: String(p.id) })).json as unknown as Post).content).toBe(p.content);
  });
});

describe("slugs", () => {
  it("gives five posts with the same title, published at once, five slugs, five threads and exact counters", async () => {
    const title = `Server update ${token()}`;
    const base = title.toLowerCase().replace(/ /g, "-");
    const first = await publish(mod, { title: `Warm-up ${token()}` });
    const forumId = first.thread.forum.id;
    const [forumBefore, modBefore] = await Promise.all([
      db.forum.findUniqueOrThrow({ where: { id: forumId } }),
      db.user.findUniqueOrThrow({ where: { id: mod.id } }),
    ]);

    const results = await Promise.all(Array.from({ length: 5 }, () => post(mod, { title, content: "<p>Same again.</p>" })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const posts = results.map((r) => r.json as unknown as Post);
    expect(posts.map((p) => p.slug).sort()).toEqual([base, `${base}-2`, `${base}-3`, `${base}-4`, `${base}-5`]);
    expect(new Set(posts.map((p) => p.thread.id)).size).toBe(5);
    expect(await db.forumThread.count({ where: { id: { in: posts.map((p) => p.thread.id) }, forumId } })).toBe(5);

    const [forumAfter, modAfter] = await Promise.all([
      db.forum.findUniqueOrThrow({ where: { id: forumId } }),
      db.user.findUniqueOrThrow({ where: { id: mod.id } }),
    ]);
    expect(forumAfter.threadCount - forumBefore.threadCount).toBe(5);
    expect(forumAfter.postCount - forumBefore.postCount).toBe(5);
    expect(modAfter.threadCount - modBefore.threadCount).toBe(5);
    expect(modAfter.postCount - modBefore.postCount).toBe(5);
    // And the counters agree with the rows themselves.
    expect(forumAfter.threadCount).toBe(await db.forumThread.count({ where: { forumId, hidden: false } }));
    expect(forumAfter.postCount).toBe(await db.forumPost.count({ where: { thread: { forumId, hidden: false }, hidden: false } }));
    expect(await db.auditLog.count({ where: { action: "news.create", targetId: { in: posts.map((p) => String(p.id)) } } })).toBe(5);
  });

  it("makes a slug of any title: accents folded, symbols dropped, at most 80 characters, 'news' when nothing is left", async () => {
    const t = token();
    expect((await publish(mod, { title: `Ça va? Über-Update ${t} — 100% fun!!!` })).slug).toBe(`ca-va-uber-update-${t}-100-fun`);
    const long = await publish(mod, { title: `${t} ${"dragon ".repeat(16)}`.trim() });
    expect(long.slug.length).toBeLessThanOrEqual(80);
    expect(long.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const symbols = await publish(mod, { title: "!!! ??? ***" });
    expect(symbols.slug).toMatch(/^news(-\d+)?$/);
  });

  it("finds by slug only what looks like a slug", async () => {
    for (const s of ["", "UPPER", "a--b", "-a", "a/b", "x".repeat(141), "ünï", "a b", "a%20b"]) expect(await findNewsBySlug(s), s).toBeNull();
  });
});

describe("the archive", () => {
  it("holds a post in the UTC calendar month it was published in, bounds included, newest first", async () => {
    const at = (iso: string) =>
      createNews({ userId: mod.id, privilege: "MODERATOR" }, { title: `Archive ${iso}`, content: "<p>Old news.</p>" }, null, { at: new Date(iso) });
    const lastOfFeb = await at("2011-02-28T23:59:59.999Z");
    const firstOfMarch = await at("2011-03-01T00:00:00.000Z");
    const midMarch = await at("2011-03-15T12:00:00.000Z");
    const lastOfMarch = await at("2011-03-31T23:59:59.999Z");
    const firstOfApril = await at("2011-04-01T00:00:00.000Z");

    const ids = async (q: string) => ((await get(news.GET, `/api/v1/news?${q}`)).json as unknown as Post[]).map((p) => p.id);
    expect(await ids("year=2011&month=3")).toEqual([lastOfMarch.id, midMarch.id, firstOfMarch.id]);
    expect(await ids("year=2011&month=2")).toEqual([lastOfFeb.id]);
    expect(await ids("year=2011&month=04")).toEqual([firstOfApril.id]);
    expect(await ids("year=2011&month=5")).toEqual([]);
    expect(firstOfMarch.thread.date).toBe("2011-03-01T00:00:00.000Z");
  });

  it("lists every year with news once, newest first", async () => {
    await createNews({ userId: mod.id, privilege: "MODERATOR" }, { title: "Launch 2009", content: "<p>Launch.</p>" }, null, {
      at: new Date("2009-06-01T10:00:00Z"),
    });
    const r = await get(years.GET, "/api/v1/news/years");
    expect(r.status).toBe(200);
    const list = r.json as unknown as number[];
    expect(list).toEqual([...new Set(list)].sort((a, b) => b - a));
    expect(list).toEqual(expect.arrayContaining([new Date().getUTCFullYear(), 2011, 2009]));
    expect(list.indexOf(2011)).toBeLessThan(list.indexOf(2009));
  });

  it("refuses a bad year, month or amount, naming the field", async () => {
    for (const [q, field] of [
      ["year=abc", "year"],
      ["year=1999", "year"],
      ["year=20111", "year"],
      ["month=13", "month"],
      ["month=0", "month"],
      ["month=x", "month"],
    ] as const) {
      const r = await get(news.GET, `/api/v1/news?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json[field], q).toEqual([expect.any(String)]);
    }
    for (const q of ["amount=0", "amount=21", "amount=abc", "amount=-1"]) {
      const r = await get(latest.GET, `/api/v1/news/latest?${q}`);
      expect(r.status, q).toBe(400);
      expect(r.json.amount, q).toEqual([expect.any(String)]);
    }
    expect(((await get(latest.GET, "/api/v1/news/latest")).json as unknown as unknown[]).length).toBe(3);
  });
});

describe("hidden and missing posts", () => {
  it("answers 404 with the text of docs/product.md §2 for a missing id", async () => {
    const r = await get(one.GET, `/api/v1/news/${MAX_ID}`, { id: String(MAX_ID) });
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ details: NEWS_NOT_FOUND });
  });

  it("hides a post whose thread is hidden, or which is hidden itself, everywhere", async () => {
    for (const hide of ["thread", "post"] as const) {
      const p = await publish(mod, { title: `Hidden by ${hide} ${token()}` });
      if (hide === "thread") await db.forumThread.update({ where: { id: p.thread.id }, data: { hidden: true } });
      else await db.newsPost.update({ where: { id: p.id }, data: { hidden: true } });
      const byId = await get(one.GET, `/api/v1/news/${p.id}`, { id: String(p.id) });
      expect(byId.status, hide).toBe(404);
      expect(byId.json).toEqual({ details: NEWS_NOT_FOUND });
      expect(await findNewsBySlug(p.slug)).toBeNull();
      const latestIds = ((await get(latest.GET, "/api/v1/news/latest?amount=20")).json as unknown as Post[]).map((x) => x.id);
      expect(latestIds, hide).not.toContain(p.id);
      const archiveIds = ((await get(news.GET, "/api/v1/news")).json as unknown as Post[]).map((x) => x.id);
      expect(archiveIds, hide).not.toContain(p.id);
      // Shown again once nothing hides it.
      if (hide === "thread") await db.forumThread.update({ where: { id: p.thread.id }, data: { hidden: false } });
      else await db.newsPost.update({ where: { id: p.id }, data: { hidden: false } });
      expect((await get(one.GET, `/api/v1/news/${p.id}`, { id: String(p.id) })).status).toBe(200);
    }
  });
});

describe("the news item's forum", () => {
  it("is the thread's forum, so a thread moved by staff shows where it now lives", async () => {
    const p = await publish(mod, { title: `Moved ${token()}` });
    const category = await db.forumCategory.create({ data: { name: `Archive ${token()}` } });
    const archive = await db.forum.create({ data: { categoryId: category.id, name: "Old Announcements", description: "" } });
    await db.forumThread.update({ where: { id: p.thread.id }, data: { forumId: archive.id } });
    const r = await get(one.GET, `/api/v1/news/${p.id}`, { id: String(p.id) });
    expect((r.json as unknown as Post).thread.forum).toEqual({ id: archive.id, name: "Old Announcements" });
  });
});

describe("editing the article in its thread", () => {
  const edit = (u: U, postId: number, body: Record<string, unknown>) =>
    call(editRoute.PATCH, {
      method: "PATCH",
      path: `/api/v1/forums/posts/${postId}`,
      params: { id: String(postId) },
      body,
      cookies: { session: u.session },
      headers: { ...SAME_ORIGIN, ...freshClient() },
    });
  const read = async (p: Post) => (await get(one.GET, `/api/v1/news/${p.id}`, { id: String(p.id) })).json as unknown as Post;
  const openingPost = (p: Post) => db.forumPost.findFirstOrThrow({ where: { threadId: p.thread.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });

  it("changes the news page and, when it was made from the article, the preview", async () => {
    const p = await publish(mod, { title: `Typo ${token()}`, content: "<p>Teh update is live.</p>" });
    expect(p.thread.preview).toBe("Teh update is live.");
    const opening = await openingPost(p);
    // Another moderator corrects it: a reason is required for someone else's post.
    const r = await edit(admin, opening.id, { content: "<p>The update is live.<script>x()</script></p>", reason: "Typo" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const after = await read(p);
    expect(after.content).toBe("<p>The update is live.</p>");
    expect(after.thread.preview).toBe("The update is live.");
    expect((await findNewsBySlug(p.slug))?.content).toBe("<p>The update is live.</p>");
  });

  it("keeps a preview written by hand, and ignores edits of the replies", async () => {
    const p = await publish(mod, { title: `Own preview ${token()}`, content: "<p>Long article.</p>", preview: "Read this." });
    const reply = await call(replyRoute.POST, {
      method: "POST",
      path: "/api/v1/forums/posts",
      body: { thread_id: p.thread.id, content: "<p>Nice!</p>" },
      cookies: { session: player.session },
      headers: { ...SAME_ORIGIN, ...freshClient() },
    });
    expect(reply.status).toBe(201);
    expect((await edit(player, reply.json.id as number, { content: "<p>Very nice!</p>" })).status).toBe(200);
    expect((await read(p)).content).toBe("<p>Long article.</p>");
    expect((await edit(mod, (await openingPost(p)).id, { content: "<p>Longer article.</p>" })).status).toBe(200);
    const after = await read(p);
    expect(after.content).toBe("<p>Longer article.</p>");
    expect(after.thread.preview).toBe("Read this.");
  });

  it("renaming the thread renames the news post; its slug stays, so links keep working", async () => {
    const p = await publish(mod, { title: `Patch notes ${token()}` });
    const r = await call(modThread.PATCH, {
      method: "PATCH",
      path: `/api/v1/staff/forums/threads/${p.thread.id}`,
      params: { id: String(p.thread.id) },
      body: { title: "Patch notes (updated)" },
      cookies: { session: admin.session },
      headers: { ...SAME_ORIGIN, ...freshClient() },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const after = await read(p);
    expect(after).toMatchObject({ title: "Patch notes (updated)", slug: p.slug, thread: { title: "Patch notes (updated)" } });
  });

  it("loads an image hosted elsewhere through the site's image proxy", async () => {
    const p = await publish(mod, { title: `Screenshot contest ${token()}`, content: '<p>Winner:</p><img src="https://img.example.org/winner.png">' });
    expect(p.content).toMatch(/^<p>Winner:<\/p><img src="\/api\/v1\/forums\/images\/\d+" \/>$/);
    expect(await db.forumImage.count({ where: { url: "https://img.example.org/winner.png" } })).toBe(1);
  });

  it("hiding the article's post hides the news; showing it again brings it back; a hidden reply does not", async () => {
    const p = await publish(mod, { title: `Retracted ${token()}` });
    const hide = (postId: number, body: Record<string, unknown>) =>
      call(modPost.PATCH, {
        method: "PATCH",
        path: `/api/v1/staff/forums/posts/${postId}`,
        params: { id: String(postId) },
        body,
        cookies: { session: admin.session },
        headers: { ...SAME_ORIGIN, ...freshClient() },
      });
    const reply = await call(replyRoute.POST, {
      method: "POST",
      path: "/api/v1/forums/posts",
      body: { thread_id: p.thread.id, content: "<p>First!</p>" },
      cookies: { session: player.session },
      headers: { ...SAME_ORIGIN, ...freshClient() },
    });
    expect((await hide(reply.json.id as number, { hidden: true, reason: "spam" })).status).toBe(200);
    expect((await get(one.GET, `/api/v1/news/${p.id}`, { id: String(p.id) })).status).toBe(200);

    const opening = await openingPost(p);
    expect((await hide(opening.id, { hidden: true, reason: "Announced too early" })).status).toBe(200);
    expect((await get(one.GET, `/api/v1/news/${p.id}`, { id: String(p.id) })).status).toBe(404);
    expect(await findNewsBySlug(p.slug)).toBeNull();
    expect(((await get(latest.GET, "/api/v1/news/latest?amount=20")).json as unknown as Post[]).map((x) => x.id)).not.toContain(p.id);
    expect((await hide(opening.id, { hidden: false })).status).toBe(200);
    expect((await read(p)).id).toBe(p.id);
  });
});
