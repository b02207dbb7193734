// What the guest page cache drops after each kind of write (lib/server/changes/announce.ts,
// scripts/lib/page-cache.mjs). The cache here is a second instance's: it shares nothing with the
// code under test but the database, and hears of a change only through PostgreSQL (LISTEN). Every
// cacheable page kind is filled before a write; after it, a sentinel announced by a later
// transaction proves every announcement of the write has arrived (PostgreSQL delivers in commit
// order), so the exact set of dropped pages is compared: a missing announcement leaves a page that
// the write changed, a too-broad one drops a page it did not. Writes come from the use cases the
// API calls, from jobs (the ban lift, the hiscores refresh) and from the admin CLI, run as a
// process of its own.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banUser, setPrivilege } from "@/lib/server/accounts/admin-actions";
import { liftBanTask } from "@/lib/server/accounts/lift-ban-task";
import { CHANGES_CHANNEL } from "@/lib/server/changes/announce";
import { db } from "@/lib/server/db";
import { insertForumCategory } from "@/lib/server/forums/create-forum-category";
import { insertForum } from "@/lib/server/forums/create-forum";
import { deleteForum } from "@/lib/server/forums/delete-forum";
import { deleteForumCategory } from "@/lib/server/forums/delete-forum-category";
import { editPost } from "@/lib/server/forums/edit-post";
import { likePost, unlikePost } from "@/lib/server/forums/like-post";
import { moderatePost } from "@/lib/server/forums/moderate-post";
import { moderateThread } from "@/lib/server/forums/moderate-thread";
import { recleanStoredContent } from "@/lib/server/forums/reclean-content";
import { reorderForumCategories } from "@/lib/server/forums/reorder-forum-categories";
import { reorderForums } from "@/lib/server/forums/reorder-forums";
import { updateForum } from "@/lib/server/forums/update-forum";
import { updateForumCategory } from "@/lib/server/forums/update-forum-category";
import { pushHiscores } from "@/lib/server/game/push-hiscores";
import { refreshHiscoresTask } from "@/lib/server/hiscores/refresh-hiscores-task";
import { createNews } from "@/lib/server/news/create-news";
import { recomputeRank } from "@/lib/server/payments/settle";
import { SKILLS } from "@/lib/skills";
import { createPageCache, listenForChanges, topicOfPage } from "../../scripts/lib/page-cache.mjs";
import { createForum, reply, startThread, type U, userWithSession } from "./forums-fixtures";

const execFileP = promisify(execFile);
const ROOT = path.join(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");

const cache = createPageCache({ ttlMs: 600_000 });
let listener: ReturnType<typeof listenForChanges>;
let sentinels = 0;

beforeAll(async () => {
  listener = listenForChanges(cache, process.env.DATABASE_URL!);
  expect(await listener.ready).toBe(true);
});
afterAll(async () => {
  await listener.close();
});

/** Fills the cache with every page of `urls`, as renders that started now. */
function fill(urls: readonly string[]) {
  cache.clear();
  for (const url of urls) {
    const [p, q = ""] = url.split("?");
    const t = topicOfPage(p!, q);
    if (!t) throw new Error(`${url} is not a cached page`);
    expect(cache.store(url, t, cache.generation(), 200, { "content-type": "text/html" }, Buffer.from(url))).toBe(true);
  }
}

/** Waits until every announcement committed so far has reached the listener. */
async function settled() {
  const mark = `sentinel:${++sentinels}`;
  const url = `/forums/thread/${2_000_000_000 - sentinels}`;
  cache.store(url, mark, cache.generation(), 200, {}, Buffer.from("s"));
  await db.$executeRaw`SELECT pg_notify(${CHANGES_CHANNEL}, ${mark})`;
  // Usually milliseconds; up to 20 s (not 4) so that a busy machine is not taken for a lost
  // announcement, still inside the test's own limit.
  for (const until = Date.now() + 20_000; cache.lookup(url) && Date.now() < until;) await new Promise((r) => setTimeout(r, 10));
  expect(cache.lookup(url), "the sentinel never arrived").toBeNull();
}

/** The pages of `urls` the write dropped from the cache. */
async function droppedBy(urls: readonly string[], write: () => Promise<unknown>): Promise<string[]> {
  // Announcements of earlier writes still on their way land before the pages are filled.
  await settled();
  fill(urls);
  await write();
  await settled();
  return urls.filter((u) => cache.lookup(u) === null).sort();
}

const flat = (xp: number) => SKILLS.map(() => xp);
const staffActor = (u: U) => ({ actorId: u.id, ip: null });

describe("the pages each write drops, heard by another instance through PostgreSQL", () => {
  let mod: U;
  let owner: U;
  let author: U;
  let forum: { id: number; categoryId: number };
  let other: { id: number; categoryId: number };
  let thread: { id: number };
  let second: { id: number };
  let news: { slug: string; threadId: number; forumId: number };
  let player: U;
  let bystander: U;
  let forumPages: string[];
  let newsPages: string[];
  let ladderPages: string[];
  let pages: string[];

  beforeAll(async () => {
    [mod, owner, author, player, bystander] = await Promise.all([
      userWithSession("MODERATOR"),
      userWithSession("OWNER"),
      userWithSession(),
      userWithSession(),
      userWithSession(),
    ]);
    forum = await createForum();
    other = await createForum();
    thread = await startThread(author, forum.id, "Cache topics");
    second = await startThread(author, forum.id, "Another thread");
    const created = await createNews(
      { userId: mod.id, privilege: "MODERATOR" },
      { title: `News ${randomBytes(3).toString("hex")}`, content: "<p>Double XP this weekend</p>" },
      null,
    );
    const row = await db.newsPost.findUniqueOrThrow({ where: { slug: created.slug }, select: { slug: true, threadId: true, forumId: true } });
    news = row;
    await pushHiscores({ player_id: player.id, game_mode: "ironman", xp_mode: "25x", experience: flat(5000) });
    await pushHiscores({ player_id: bystander.id, experience: flat(4000) });
    forumPages = [
      "/forums",
      `/forums/${forum.id}`,
      `/forums/${other.id}`,
      `/forums/${news.forumId}`,
      `/forums/thread/${thread.id}`,
      `/forums/thread/${second.id}`,
      `/forums/thread/${news.threadId}`,
    ].sort();
    newsPages = ["/news", "/news?page=2", `/news/${news.slug}`].sort();
    ladderPages = ["/hiscores?mode=ironman&xp=25x", "/hiscores/attack?mode=ironman&xp=25x&page=2"].sort();
    pages = [
      ...forumPages,
      ...newsPages,
      ...ladderPages,
      // Other ladders, and the pages of the two players.
      "/hiscores",
      "/hiscores/attack?mode=ironman",
      `/hiscores/player/${encodeURIComponent(player.username)}`,
      `/hiscores/player/${encodeURIComponent(bystander.username)}`,
    ];
  });

  const playerPage = () => `/hiscores/player/${encodeURIComponent(player.username)}`;
  const sorted = (...lists: string[][]) => lists.flat().sort();

  it("a new thread: the index and its forum", async () => {
    expect(await droppedBy(pages, () => startThread(author, forum.id, "Fresh"))).toEqual(sorted(["/forums", `/forums/${forum.id}`]));
  });

  it("a reply: the index, its forum and its thread, not the thread beside it", async () => {
    expect(await droppedBy(pages, () => reply(author, thread.id))).toEqual(sorted(["/forums", `/forums/${forum.id}`, `/forums/thread/${thread.id}`]));
  });

  it("a like and an unlike: its thread only; a like or unlike that changes nothing drops nothing", async () => {
    const post = await reply(author, thread.id, "<p>Likeable</p>");
    const liker = { userId: bystander.id, isStaff: false };
    expect(await droppedBy(pages, () => likePost(liker, post.id))).toEqual([`/forums/thread/${thread.id}`]);
    expect(await droppedBy(pages, () => likePost(liker, post.id))).toEqual([]);
    expect(await droppedBy(pages, () => unlikePost(liker, post.id))).toEqual([`/forums/thread/${thread.id}`]);
    expect(await droppedBy(pages, () => unlikePost(liker, post.id))).toEqual([]);
  });

  it("an edit: its thread only", async () => {
    const post = await reply(author, thread.id, "<p>First words</p>");
    expect(await droppedBy(pages, () => editPost({ userId: author.id, isStaff: false }, post.id, { content: "<p>Better words</p>" }))).toEqual([
      `/forums/thread/${thread.id}`,
    ]);
  });

  it("hiding a post: the index, its forum and its thread", async () => {
    const post = await reply(author, thread.id, "<p>Spam</p>");
    expect(await droppedBy(pages, () => moderatePost({ userId: mod.id }, post.id, { hidden: true, reason: "spam" }))).toEqual(
      sorted(["/forums", `/forums/${forum.id}`, `/forums/thread/${thread.id}`]),
    );
  });

  it("moderating a thread: pinning it, then moving it to another forum (both forums)", async () => {
    const t = await startThread(author, forum.id, "To move");
    const threadPage = `/forums/thread/${t.id}`;
    const withIt = [...pages, threadPage];
    expect(await droppedBy(withIt, () => moderateThread({ userId: mod.id }, t.id, { pinned: true }))).toEqual(
      sorted(["/forums", `/forums/${forum.id}`, threadPage]),
    );
    expect(await droppedBy(withIt, () => moderateThread({ userId: mod.id }, t.id, { forum_id: other.id, reason: "wrong forum" }))).toEqual(
      sorted(["/forums", `/forums/${forum.id}`, `/forums/${other.id}`, threadPage]),
    );
  });

  it("a news post: the news pages, the index and the news forum", async () => {
    expect(
      await droppedBy(pages, () =>
        createNews({ userId: mod.id, privilege: "MODERATOR" }, { title: `More ${randomBytes(3).toString("hex")}`, content: "<p>Patch notes</p>" }, null),
      ),
    ).toEqual(sorted(newsPages, ["/forums", `/forums/${news.forumId}`]));
  });

  it("editing and hiding a news article's opening post: its thread and the news pages", async () => {
    const opening = await db.forumPost.findFirstOrThrow({ where: { threadId: news.threadId }, orderBy: { id: "asc" } });
    expect(await droppedBy(pages, () => editPost({ userId: mod.id, isStaff: true }, opening.id, { content: "<p>Triple XP</p>", reason: "typo" }))).toEqual(
      sorted(newsPages, [`/forums/thread/${news.threadId}`]),
    );
    expect(await droppedBy(pages, () => moderatePost({ userId: mod.id }, opening.id, { hidden: true, reason: "pulled" }))).toEqual(
      sorted(newsPages, ["/forums", `/forums/${news.forumId}`, `/forums/thread/${news.threadId}`]),
    );
    await moderatePost({ userId: mod.id }, opening.id, { hidden: false });
  });

  it("renaming a news thread: its forum topics and the news pages (the article shows the title)", async () => {
    expect(
      await droppedBy(pages, () =>
        moderateThread({ userId: mod.id }, news.threadId, { title: `Renamed ${randomBytes(3).toString("hex")}`, reason: "clearer" }),
      ),
    ).toEqual(sorted(newsPages, ["/forums", `/forums/${news.forumId}`, `/forums/thread/${news.threadId}`]));
  });

  it("every change to the forums' structure: every forum page and the news pages", async () => {
    const everything = sorted(forumPages, newsPages);
    const actor = staffActor(owner);
    const category = await db.$transaction((tx) => insertForumCategory(tx, actor, { name: `Spare ${randomBytes(3).toString("hex")}` }));
    const writes: [string, () => Promise<unknown>][] = [
      ["create a category", () => db.$transaction((tx) => insertForumCategory(tx, actor, { name: `Cat ${randomBytes(3).toString("hex")}` }))],
      [
        "create a forum",
        () => db.$transaction((tx) => insertForum(tx, actor, { categoryId: category.id, name: `F ${randomBytes(3).toString("hex")}`, description: "x" })),
      ],
      ["rename a forum", () => updateForum(actor, other.id, { name: `Renamed ${randomBytes(3).toString("hex")}` })],
      ["rename a category", () => updateForumCategory(actor, category.id, { name: `Renamed ${randomBytes(3).toString("hex")}` })],
      [
        "reorder the forums of a category",
        async () =>
          reorderForums(
            actor,
            category.id,
            (await db.forum.findMany({ where: { categoryId: category.id }, orderBy: { id: "desc" } })).map((f) => f.id),
          ),
      ],
      [
        "reorder the categories",
        async () =>
          reorderForumCategories(
            actor,
            (await db.forumCategory.findMany({ orderBy: { id: "desc" } })).map((c) => c.id),
          ),
      ],
      ["delete a forum", async () => deleteForum(actor, (await db.forum.findFirstOrThrow({ where: { categoryId: category.id } })).id)],
      ["delete a category", () => deleteForumCategory(actor, category.id)],
    ];
    for (const [what, write] of writes) expect(await droppedBy(pages, write), what).toEqual(everything);
  });

  it("re-cleaning stored content (the admin CLI's reclean-content): the threads and news it changed", async () => {
    const dirty = await db.forumPost.create({ data: { threadId: second.id, userId: author.id, content: '<p onclick="steal()">Hello</p>' } });
    expect(await droppedBy(pages, () => recleanStoredContent({ postIds: [dirty.id] }))).toEqual([`/forums/thread/${second.id}`]);
    const article = await db.newsPost.findUniqueOrThrow({ where: { slug: news.slug } });
    await db.newsPost.update({ where: { id: article.id }, data: { content: '<p onclick="steal()">News</p>' } });
    expect(await droppedBy(pages, () => recleanStoredContent({ newsIds: [article.id] }))).toEqual(newsPages);
  });

  it("a donor rank reached by a payment: every forum page (posts show it)", async () => {
    const pack = await db.creditPackage.create({ data: { credits: 100, priceCents: 5000, imageUrl: "/images/credits.png" } });
    await db.creditPurchase.create({
      data: { userId: author.id, creditPackageId: pack.id, method: "STRIPE", status: "PAID", credits: 100, bonusCredits: 0, amountCents: 5000 },
    });
    expect(await droppedBy(pages, () => db.$transaction((tx) => recomputeRank(tx, author.id)))).toEqual(forumPages);
    // The same total again changes no rank: nothing is dropped.
    expect(await droppedBy(pages, () => db.$transaction((tx) => recomputeRank(tx, author.id)))).toEqual([]);
  });

  it("a push from the game: the player's own page, not the ladder pages (the refresh announces those)", async () => {
    expect(await droppedBy(pages, () => pushHiscores({ player_id: player.id, game_mode: "ironman", xp_mode: "25x", experience: flat(6000) }))).toEqual([
      playerPage(),
    ]);
  });

  it("the refresh job: the ladder pages of each ladder it rebuilt, only", async () => {
    // Earlier writes' changes taken in first (the bystander's regular ladder among them).
    await refreshHiscoresTask({});
    await pushHiscores({ player_id: player.id, game_mode: "ironman", xp_mode: "25x", experience: flat(6500) });
    expect(await droppedBy(pages, () => refreshHiscoresTask({}))).toEqual(ladderPages);
    // Nothing changed since: the next run rebuilds and announces nothing.
    expect(await droppedBy(pages, () => refreshHiscoresTask({}))).toEqual([]);
  });

  it("a ban by staff and its end by the lift-ban job: the player's page and ladder pages at once", async () => {
    const until = new Date(Date.now() + 60_000);
    expect(await droppedBy(pages, () => banUser({ id: player.id }, "botting", { actorId: mod.id, privilege: "MODERATOR" }, undefined, { until }))).toEqual(
      sorted(ladderPages, [playerPage()]),
    );
    await db.user.update({ where: { id: player.id }, data: { bannedUntil: new Date(Date.now() - 1000) } });
    expect(await droppedBy(pages, () => liftBanTask({ userId: player.id }))).toEqual(sorted(ladderPages, [playerPage()]));
  });

  it("a privilege change from the admin CLI (a process of its own): the player's hiscores pages and every forum page", async () => {
    const dropped = await droppedBy(pages, async () => {
      const r = await execFileP(
        process.execPath,
        [TSX, "--conditions=react-server", "scripts/admin.ts", "set-privilege", player.username, "MODERATOR", "cache test"],
        {
          cwd: ROOT,
          env: process.env,
          timeout: 120_000,
        },
      );
      expect(r.stdout + r.stderr).toMatch(/MODERATOR/);
    });
    expect(dropped).toEqual(sorted(forumPages, ladderPages, [playerPage()]));
    // Back to player through the same use case in-process: the same pages.
    expect(await droppedBy(pages, () => setPrivilege({ id: player.id }, "PLAYER", "cli"))).toEqual(sorted(forumPages, ladderPages, [playerPage()]));
    // The CLI is a process of its own (tsx, Prisma): 3-17 s a run on the shared two-core machine
    // (tests/integration/backup-restore.test.ts), so the limit matches the process's own.
  }, 120_000);
});
