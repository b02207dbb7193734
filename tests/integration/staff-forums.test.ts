// The forum structure editor against a database of its own (reordering renumbers every
// category, which would disturb other files' forums on the shared one): each action is audited
// once with actor, target and before → after; deletes refuse forums with threads (also when a
// thread arrives at the same moment); hidden forums vanish for players and guests but not for
// staff; staff-only forums refuse players' threads.
import { describe, expect, it } from "vitest";
import * as forumsIndex from "@/app/api/v1/forums/route";
import * as postsRoute from "@/app/api/v1/forums/posts/route";
import * as searchRoute from "@/app/api/v1/forums/search/route";
import * as threadView from "@/app/api/v1/forums/thread/[id]/route";
import * as threadsRoute from "@/app/api/v1/forums/threads/route";
import * as forumThreads from "@/app/api/v1/forums/threads/[id]/route";
import * as latestRoute from "@/app/api/v1/forums/threads/latest/route";
import * as categoriesRoute from "@/app/api/v1/staff/forums/categories/route";
import * as categoryRoute from "@/app/api/v1/staff/forums/categories/[id]/route";
import * as categoryOrderRoute from "@/app/api/v1/staff/forums/categories/order/route";
import * as forumsRoute from "@/app/api/v1/staff/forums/forums/route";
import * as forumRoute from "@/app/api/v1/staff/forums/forums/[id]/route";
import * as forumOrderRoute from "@/app/api/v1/staff/forums/forums/order/route";
import type { TForumCategory } from "@/lib/schemas/forums";
import type { TStaffForum, TStaffForumCategory } from "@/lib/schemas/staff-forums";
import { db } from "@/lib/server/db";
import { isAppError } from "@/lib/server/errors";
import { forumActors, startThread, type U, uniqueWord, userWithSession } from "./forums-fixtures";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

const people = forumActors();

type Req = { method?: string; body?: unknown; id?: number; query?: string };
const as = (u: U | null, r: Req = {}) => ({
  method: r.method ?? (r.body === undefined ? "GET" : "POST"),
  path: `/api/v1/test${r.query ?? ""}`,
  body: r.body,
  params: (r.id !== undefined ? { id: String(r.id) } : {}) as Record<string, string>,
  headers: { ...SAME_ORIGIN, ...freshClient() },
  ...(u ? { cookies: { session: u.session } } : {}),
});

let adminUser: U | undefined;
const admin = async () => (adminUser ??= await userWithSession("ADMINISTRATOR"));

async function newCategory(name = `Cat ${uniqueWord()}`, extra: Record<string, unknown> = {}) {
  const r = await call(categoriesRoute.POST, as(await admin(), { body: { name, ...extra } }));
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as unknown as TStaffForumCategory;
}
async function newForum(categoryId: number, extra: Record<string, unknown> = {}) {
  const r = await call(forumsRoute.POST, as(await admin(), { body: { categoryId, name: `Forum ${uniqueWord()}`, description: "For tests", ...extra } }));
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as unknown as TStaffForum;
}
const auditsOf = (targetType: string, targetId: number | null) =>
  db.auditLog.findMany({ where: { targetType, targetId: targetId === null ? null : String(targetId) }, orderBy: { id: "asc" } });
const structure = async () => (await call(categoriesRoute.GET, as(await admin()))).json.results as TStaffForumCategory[];

describe("forum structure: create, rename, describe, delete, each audited once", () => {
  it("makes a category and a forum, edits both and deletes them, one audit entry per action", async () => {
    const a = await admin();
    const category = await newCategory("Community");
    expect(category).toMatchObject({ name: "Community", hidden: false, forums: [] });
    let audits = await auditsOf("forum_category", category.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: "forum.category.created",
      actorId: a.id,
      data: { reason: null, before: null, after: { name: "Community", hidden: false } },
    });

    const renamed = await call(categoryRoute.PATCH, as(a, { method: "PATCH", id: category.id, body: { name: "Community & Off-topic" } }));
    expect(renamed.status).toBe(200);
    audits = await auditsOf("forum_category", category.id);
    expect(audits).toHaveLength(2);
    expect(audits[1]).toMatchObject({
      action: "forum.category.updated",
      actorId: a.id,
      data: { reason: null, before: { name: "Community" }, after: { name: "Community & Off-topic" } },
    });

    const forum = await newForum(category.id, { name: "General", description: "Anything" });
    expect(forum).toMatchObject({
      categoryId: category.id,
      name: "General",
      description: "Anything",
      staffOnly: false,
      hidden: false,
      isNews: false,
      threads: 0,
      sortOrder: 0,
    });
    expect(await auditsOf("forum", forum.id)).toMatchObject([
      { action: "forum.forum.created", actorId: a.id, data: { reason: null, before: null, after: { name: "General" } } },
    ]);

    const described = await call(forumRoute.PATCH, as(a, { method: "PATCH", id: forum.id, body: { description: "Talk about anything", staffOnly: true } }));
    expect(described.json).toMatchObject({ description: "Talk about anything", staffOnly: true });
    expect((await auditsOf("forum", forum.id))[1]).toMatchObject({
      action: "forum.forum.updated",
      data: { reason: null, before: { description: "Anything", staffOnly: false }, after: { description: "Talk about anything", staffOnly: true } },
    });

    // A category with a forum cannot go; the forum (empty) can, then the category.
    const refused = await call(categoryRoute.DELETE, as(a, { method: "DELETE", id: category.id }));
    expect(refused.status).toBe(409);
    expect(await auditsOf("forum_category", category.id)).toHaveLength(2);
    expect((await call(forumRoute.DELETE, as(a, { method: "DELETE", id: forum.id }))).status).toBe(200);
    expect(await db.forum.findUnique({ where: { id: forum.id } })).toBeNull();
    expect((await auditsOf("forum", forum.id)).at(-1)).toMatchObject({
      action: "forum.forum.deleted",
      actorId: a.id,
      data: { reason: null, before: { name: "General" }, after: null },
    });
    expect((await call(categoryRoute.DELETE, as(a, { method: "DELETE", id: category.id }))).status).toBe(200);
    expect((await auditsOf("forum_category", category.id)).at(-1)).toMatchObject({
      action: "forum.category.deleted",
      data: { before: { name: "Community & Off-topic" }, after: null },
    });
    expect((await call(categoryRoute.DELETE, as(a, { method: "DELETE", id: category.id }))).status).toBe(404);
  });

  it("names the bad field and writes nothing", async () => {
    const a = await admin();
    const before = await db.auditLog.count({ where: { actorId: a.id } });
    const blank = await call(categoriesRoute.POST, as(a, { body: { name: "  " } }));
    expect(blank.status).toBe(400);
    expect(blank.json.name).toEqual(["This field is required."]);
    const noCategory = await call(forumsRoute.POST, as(a, { body: { categoryId: 2_000_000_000, name: "X", description: "Y" } }));
    expect(noCategory.status).toBe(400);
    expect(noCategory.json.categoryId).toEqual(["No forum category with this id."]);
    const empty = await call(forumRoute.PATCH, as(a, { method: "PATCH", id: 1, body: {} }));
    expect(empty.status).toBe(400);
    expect(await db.auditLog.count({ where: { actorId: a.id } })).toBe(before);
  });

  it("is for administrators: a moderator gets 403, a guest 401", async () => {
    const category = await newCategory();
    expect((await call(categoriesRoute.GET, as(people.mod))).status).toBe(403);
    expect((await call(categoriesRoute.POST, as(people.mod, { body: { name: "Nope" } }))).status).toBe(403);
    expect((await call(forumRoute.DELETE, as(people.alice, { method: "DELETE", id: 1 }))).status).toBe(403);
    expect((await call(categoryRoute.PATCH, as(null, { method: "PATCH", id: category.id, body: { name: "Nope" } }))).status).toBe(401);
    expect((await call(forumOrderRoute.PUT, as(null, { method: "PUT", body: { categoryId: category.id, ids: [1] } }))).status).toBe(401);
  });
});

describe("deleting a forum with threads", () => {
  it("is refused while it has any thread, hidden ones included", async () => {
    const forum = await newForum((await newCategory()).id);
    const thread = await startThread(people.alice, forum.id);
    await db.forumThread.update({ where: { id: thread.id }, data: { hidden: true } });
    const r = await call(forumRoute.DELETE, as(await admin(), { method: "DELETE", id: forum.id }));
    expect(r.status).toBe(409);
    expect(r.json.details).toContain("has threads");
    expect(await db.forum.findUnique({ where: { id: forum.id } })).not.toBeNull();
    expect(await auditsOf("forum", forum.id)).toHaveLength(1); // only its creation
  });

  it("never leaves a thread without its forum when a thread arrives at the same moment", async () => {
    const category = await newCategory();
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const forum = await newForum(category.id);
      const [deleted, started] = await Promise.all([
        call(forumRoute.DELETE, as(await admin(), { method: "DELETE", id: forum.id })),
        startThread(people.alice, forum.id, `Race ${round}`).then(
          (t) => ({ ok: true as const, id: t.id }),
          (e: unknown) => ({ ok: false as const, code: isAppError(e) ? e.code : String(e) }),
        ),
      ]);
      const forumLeft = await db.forum.findUnique({ where: { id: forum.id } });
      if (deleted.status === 200) {
        // The delete won: the thread found no forum (404), and nothing was written.
        expect(started).toEqual({ ok: false, code: "NOT_FOUND" });
        expect(forumLeft).toBeNull();
        expect(await db.forumThread.count({ where: { forumId: forum.id } })).toBe(0);
        outcomes.add("deleted");
      } else {
        // The thread won: the delete is a clean 409 and the thread is there, in its forum.
        expect(deleted.status).toBe(409);
        expect(started.ok).toBe(true);
        expect(forumLeft).not.toBeNull();
        outcomes.add("kept");
      }
    }
  });
});

describe("hidden forums and categories", () => {
  it("are gone for players and guests everywhere, and still there for staff", async () => {
    const word = uniqueWord("hid");
    const category = await newCategory();
    const forum = await newForum(category.id);
    const thread = await startThread(people.alice, forum.id, `About ${word}`, `<p>${word} body</p>`);
    const a = await admin();

    const hide = await call(forumRoute.PATCH, as(a, { method: "PATCH", id: forum.id, body: { hidden: true } }));
    expect(hide.json).toMatchObject({ hidden: true });
    expect((await auditsOf("forum", forum.id)).at(-1)).toMatchObject({
      action: "forum.forum.hidden",
      actorId: a.id,
      data: { before: { hidden: false }, after: { hidden: true } },
    });

    const indexFor = async (u: U | null) => (await call(forumsIndex.GET, as(u))).json as unknown as TForumCategory[];
    const forumIdsIn = (cats: TForumCategory[]) => cats.flatMap((c) => c.forums.map((f) => f.id));
    for (const reader of [null, people.alice]) {
      expect(forumIdsIn(await indexFor(reader))).not.toContain(forum.id);
      expect((await call(forumThreads.GET, as(reader, { id: forum.id }))).status).toBe(404);
      expect((await call(threadView.GET, as(reader, { id: thread.id }))).status).toBe(404);
      const found = await call(searchRoute.GET, as(reader, { query: `?q=${word}` }));
      expect(found.json.results).toEqual([]);
      const latest = (await call(latestRoute.GET, as(reader, { query: "?amount=20" }))).json as unknown as Array<{ id: number }>;
      expect(latest.map((t) => t.id)).not.toContain(thread.id);
    }
    // A player can neither start a thread in it nor reply to one of its threads.
    expect((await call(threadsRoute.POST, as(people.alice, { body: { forum_id: forum.id, title: "Sneaky", content: "<p>hi</p>" } }))).status).toBe(404);
    expect((await call(postsRoute.POST, as(people.alice, { body: { thread_id: thread.id, content: "<p>hi</p>" } }))).status).toBe(404);

    // Staff (a moderator here) still see it, marked hidden, and can read its threads.
    const staffIndex = await indexFor(people.mod);
    expect(staffIndex.flatMap((c) => c.forums).find((f) => f.id === forum.id)).toMatchObject({ hidden: true });
    expect((await call(forumThreads.GET, as(people.mod, { id: forum.id }))).status).toBe(200);
    expect((await call(threadView.GET, as(people.mod, { id: thread.id }))).status).toBe(200);

    // Shown again: back for everyone.
    await call(forumRoute.PATCH, as(a, { method: "PATCH", id: forum.id, body: { hidden: false } }));
    expect(forumIdsIn(await indexFor(null))).toContain(forum.id);
    expect((await call(threadView.GET, as(null, { id: thread.id }))).status).toBe(200);

    // Hiding the category hides its forums with it.
    await call(categoryRoute.PATCH, as(a, { method: "PATCH", id: category.id, body: { hidden: true } }));
    expect((await auditsOf("forum_category", category.id)).at(-1)).toMatchObject({
      action: "forum.category.hidden",
      data: { before: { hidden: false }, after: { hidden: true } },
    });
    expect((await indexFor(people.alice)).map((c) => c.id)).not.toContain(category.id);
    expect((await call(forumThreads.GET, as(people.alice, { id: forum.id }))).status).toBe(404);
    expect((await call(threadView.GET, as(null, { id: thread.id }))).status).toBe(404);
    expect((await indexFor(people.mod)).find((c) => c.id === category.id)).toMatchObject({ hidden: true });
  });

  it("never hides the news forum (news posts link to its threads)", async () => {
    const category = await newCategory();
    const news = await db.forum.create({ data: { categoryId: category.id, name: "News", description: "", isNews: true } });
    const a = await admin();
    expect((await call(forumRoute.PATCH, as(a, { method: "PATCH", id: news.id, body: { hidden: true } }))).status).toBe(409);
    expect((await call(categoryRoute.PATCH, as(a, { method: "PATCH", id: category.id, body: { hidden: true } }))).status).toBe(409);
    expect(await db.forum.findUniqueOrThrow({ where: { id: news.id } })).toMatchObject({ hidden: false });
  });
});

describe("reordering", () => {
  it("puts categories and forums in the order sent, in one audited change each", async () => {
    const a = await admin();
    const [c1, c2, c3] = [await newCategory("First"), await newCategory("Second"), await newCategory("Third")];
    const all = (await structure()).map((c) => c.id);
    const wanted = [c3.id, ...all.filter((id) => id !== c3.id && id !== c1.id), c1.id];
    const r = await call(categoryOrderRoute.PUT, as(a, { method: "PUT", body: { ids: wanted } }));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((r.json.results as TStaffForumCategory[]).map((c) => c.id)).toEqual(wanted);
    expect((await indexOrder()).filter((id) => [c1.id, c2.id, c3.id].includes(id))).toEqual([c3.id, c2.id, c1.id]);
    expect((await auditsOf("forum_category", null)).at(-1)).toMatchObject({
      action: "forum.categories.reordered",
      actorId: a.id,
      data: { reason: null, before: { order: all }, after: { order: wanted } },
    });

    // A list that misses a category (one was added meanwhile) changes nothing.
    const stale = await call(categoryOrderRoute.PUT, as(a, { method: "PUT", body: { ids: wanted.slice(1) } }));
    expect(stale.status).toBe(409);
    expect((await structure()).map((c) => c.id)).toEqual(wanted);

    const [f1, f2, f3] = [await newForum(c2.id), await newForum(c2.id), await newForum(c2.id)];
    const forums = await call(forumOrderRoute.PUT, as(a, { method: "PUT", body: { categoryId: c2.id, ids: [f2.id, f3.id, f1.id] } }));
    expect(forums.status).toBe(200);
    const inC2 = (await structure()).find((c) => c.id === c2.id)!.forums;
    expect(inC2.map((f) => [f.id, f.sortOrder])).toEqual([
      [f2.id, 0],
      [f3.id, 1],
      [f1.id, 2],
    ]);
    expect((await auditsOf("forum_category", c2.id)).at(-1)).toMatchObject({
      action: "forum.forums.reordered",
      data: { before: { order: [f1.id, f2.id, f3.id] }, after: { order: [f2.id, f3.id, f1.id] } },
    });
    // A forum of another category is not this category's to order.
    const other = await newForum(c1.id);
    expect((await call(forumOrderRoute.PUT, as(a, { method: "PUT", body: { categoryId: c2.id, ids: [f2.id, f3.id, other.id] } }))).status).toBe(409);
  });

  it("places a forum moved to another category last there", async () => {
    const [from, to] = [await newCategory(), await newCategory()];
    await newForum(to.id);
    const moving = await newForum(from.id);
    const r = await call(forumRoute.PATCH, as(await admin(), { method: "PATCH", id: moving.id, body: { categoryId: to.id } }));
    expect(r.json).toMatchObject({ categoryId: to.id, sortOrder: 1 });
    expect((await auditsOf("forum", moving.id)).at(-1)).toMatchObject({
      data: { before: { categoryId: from.id }, after: { categoryId: to.id, sortOrder: 1 } },
    });
  });

  async function indexOrder() {
    return ((await call(forumsIndex.GET, as(null))).json as unknown as TForumCategory[]).map((c) => c.id);
  }
});

describe("staff-only forums", () => {
  it("refuse a player's thread and take staff's", async () => {
    const forum = await newForum((await newCategory()).id, { staffOnly: true });
    const refused = await call(threadsRoute.POST, as(people.alice, { body: { forum_id: forum.id, title: "Hello", content: "<p>hi</p>" } }));
    expect(refused.status).toBe(403);
    expect(refused.json.details).toBe("Only staff can start threads in this forum.");
    expect(await db.forumThread.count({ where: { forumId: forum.id } })).toBe(0);
    const taken = await call(threadsRoute.POST, as(people.mod, { body: { forum_id: forum.id, title: "Announcement", content: "<p>hi</p>" } }));
    expect(taken.status).toBe(201);
  });
});
