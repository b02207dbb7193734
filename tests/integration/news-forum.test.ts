import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { findOrCreateNewsForum, NEWS_FORUM_NAME } from "@/lib/server/news/news-forum";
import { createTestDatabase } from "../setup/test-db.mjs";

/** Who writes the first news post (the forum and its category are audited as theirs). */
const NEWS_WRITER = { actorId: null, actorLabel: "news-test" };

// The news forum on a database of its own (the shared test database has one already): the
// first news post creates "News & Announcements" (staff-only) in "Official", two first posts
// at once still make one, and with several forums marked isNews the first by sortOrder wins.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let client: PrismaClient;
beforeAll(async () => {
  database = await createTestDatabase(inject("adminDatabaseUrl"), { prefix: "news" });
  client = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url }) });
});
afterAll(async () => {
  await client.$disconnect();
  await database.drop();
});

describe("the news forum", () => {
  it("is created once by the first posts, even when two arrive at the same time", async () => {
    expect(await client.forum.count()).toBe(0);
    const [a, b] = await Promise.all([
      client.$transaction((tx) => findOrCreateNewsForum(tx, NEWS_WRITER)),
      client.$transaction((tx) => findOrCreateNewsForum(tx, NEWS_WRITER)),
    ]);
    expect(a).toEqual(b);
    const forums = await client.forum.findMany({ include: { category: true } });
    expect(forums).toHaveLength(1);
    expect(forums[0]).toMatchObject({ name: NEWS_FORUM_NAME, isNews: true, staffOnly: true, category: { name: "Official" } });
    // Made by the staff forum editor's own use cases: one audit entry each, category then forum.
    const audit = await client.auditLog.findMany({ where: { actorLabel: "news-test" }, orderBy: { id: "asc" } });
    expect(audit.map((a) => [a.action, a.targetType, a.targetId])).toEqual([
      ["forum.category.created", "forum_category", String(forums[0]!.categoryId)],
      ["forum.forum.created", "forum", String(forums[0]!.id)],
    ]);
    expect(audit[1]!.data).toMatchObject({ reason: null, before: null, after: { name: NEWS_FORUM_NAME, isNews: true, staffOnly: true, hidden: false } });
    expect(await client.$transaction((tx) => findOrCreateNewsForum(tx, NEWS_WRITER))).toEqual(a);
  });

  it("is the first forum marked isNews by sortOrder, then id", async () => {
    const category = await client.forumCategory.create({ data: { name: "Announcements", sortOrder: 5 } });
    const earlier = await client.forum.create({ data: { categoryId: category.id, name: "Front Page", description: "", isNews: true, sortOrder: -1 } });
    await client.forum.create({ data: { categoryId: category.id, name: "Also news", description: "", isNews: true, sortOrder: -1 } });
    expect(await client.$transaction((tx) => findOrCreateNewsForum(tx, NEWS_WRITER))).toEqual({ id: earlier.id, name: "Front Page" });
  });
});
