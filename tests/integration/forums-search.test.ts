import { describe, expect, it } from "vitest";
import * as search from "@/app/api/v1/forums/search/route";
import * as modPost from "@/app/api/v1/staff/forums/posts/[id]/route";
import type { TSearchHit } from "@/lib/schemas/forums";
import { db } from "@/lib/server/db";
import { searchForums } from "@/lib/server/forums/search-forums";
import { as, createForum, forumActors, reply, startThread, uniqueWord } from "./forums-fixtures";
import { call } from "./helpers";

// Full-text search over posts and thread titles. Every test writes a word of its own, so other
// files' posts never show up in its results.

const users = forumActors();

async function find(q: string, page?: number) {
  const r = await call(
    search.GET,
    as(null, { path: "/api/v1/forums/search", query: `?${new URLSearchParams({ q, ...(page ? { page: String(page) } : {}) })}` }),
  );
  return { status: r.status, json: r.json, hits: (r.json.results ?? []) as TSearchHit[] };
}

describe("forum search", () => {
  it("finds a post by a word of its body and by a stemmed form ('run' finds 'running'), with a plain-text [[ ]] snippet", async () => {
    const w = uniqueWord();
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id, "Training log");
    const p = await reply(users.bob, t.id, `<p>I was <strong>running</strong> laps around Varrock with ${w} all day &amp; night.</p>`);
    const exact = await find(w);
    expect(exact.status).toBe(200);
    expect(exact.hits).toHaveLength(1);
    expect(exact.hits[0]).toMatchObject({
      thread: { id: t.id, title: "Training log" },
      forum: { id: forum.id, name: forum.name },
      post_id: p.id,
      page: 1,
      user: users.bob.username,
      date: p.date,
    });

    const stemmed = await find(`run ${w}`);
    expect(stemmed.hits.map((h) => h.post_id)).toEqual([p.id]);
    const snippet = stemmed.hits[0]!.snippet;
    expect(snippet).toContain("[[running]]");
    expect(snippet).toContain(`[[${w}]]`);
    // Plain text: no tags from the post, entities decoded.
    expect(snippet).not.toMatch(/<|&amp;/);
    expect(snippet).toContain("all day & night");
  });

  it("does not find tag or attribute names of the stored HTML", async () => {
    const w = uniqueWord();
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    await reply(users.bob, t.id, `<p><strong>Bold</strong> <em>claim</em> ${w} <a href="https://example.com/page">site</a></p>`);
    expect((await find(w)).hits).toHaveLength(1);
    for (const q of [`strong ${w}`, `em ${w}`, `href ${w}`, `nofollow ${w}`, `example ${w}`]) expect((await find(q)).hits, q).toEqual([]);
  });

  it("finds a thread by its title (one hit: the opening post) and ranks title matches above body matches", async () => {
    const w = uniqueWord();
    const forum = await createForum();
    const body = await startThread(users.alice, forum.id, "Something else", `<p>Mentions ${w} in passing</p>`);
    const titled = await startThread(users.bob, forum.id, `All about ${w}`, "<p>No keyword in here</p>");
    await reply(users.alice, titled.id, "<p>A reply without it</p>");
    const r = await find(w);
    expect(r.hits.map((h) => h.thread.id)).toEqual([titled.id, body.id]);
    const opening = await db.forumPost.findFirstOrThrow({ where: { threadId: titled.id }, orderBy: { id: "asc" } });
    expect(r.hits[0]).toMatchObject({ post_id: opening.id, page: 1, user: users.bob.username });
    expect(r.hits[0]!.snippet).not.toContain("[[");
  });

  it("never finds hidden posts or posts of hidden threads; staff unhiding brings them back", async () => {
    const w = uniqueWord();
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const p = await reply(users.bob, t.id, `<p>secret ${w}</p>`);
    const hide = (hidden: boolean) =>
      call(
        modPost.PATCH,
        as(users.mod, { method: "PATCH", path: `/api/v1/staff/forums/posts/${p.id}`, params: { id: String(p.id) }, body: { hidden, reason: "test" } }),
      );
    expect((await hide(true)).status).toBe(200);
    expect((await find(w)).hits).toEqual([]);
    expect((await hide(false)).status).toBe(200);
    expect((await find(w)).hits.map((h) => h.post_id)).toEqual([p.id]);

    const hiddenThread = await startThread(users.alice, forum.id, `Hidden ${w} thread`);
    await db.forumThread.update({ where: { id: hiddenThread.id }, data: { hidden: true } });
    expect((await find(w)).hits.map((h) => h.thread.id)).not.toContain(hiddenThread.id);
  });

  it("pages 20 hits, newest first among equals, with the page of the thread each post is on and the total", async () => {
    const w = uniqueWord();
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id, "Long one");
    const ids: number[] = [];
    for (let n = 0; n < 22; n++) ids.push((await reply(users.mod, t.id, `<p>entry ${n} ${w}</p>`)).id);
    const first = await find(w);
    expect(first.hits).toHaveLength(20);
    expect(first.hits.map((h) => h.post_id)).toEqual([...ids].reverse().slice(0, 20));
    // Post n is the (n+2)th post of the thread: 10 a page.
    expect(first.hits[0]).toMatchObject({ post_id: ids[21], page: 3 });
    expect(first.hits.at(-1)).toMatchObject({ post_id: ids[2], page: 1 });
    expect(first.json.next).toContain("page=2");
    const second = await find(w, 2);
    expect(second.hits.map((h) => h.post_id)).toEqual([ids[1], ids[0]]);
    expect(second.json).toMatchObject({ next: null, previous: expect.stringContaining(`q=${w}`) });
    const past = await searchForums(w, 5);
    expect(past).toEqual({ results: [], total: 22 });
  });

  it("stop words, punctuation and operators alone find nothing (200, empty), never a 500; a blank query is a 400", async () => {
    for (const q of ["the", "!!!", "& | !", "-", '"', "or", "<script>", "a:b*c"]) {
      const r = await find(q);
      expect(r.status, q).toBe(200);
      expect(r.hits, q).toEqual([]);
    }
    const blank = await find("   ");
    expect(blank.status).toBe(400);
    expect(blank.json.q).toEqual(["This field is required."]);
    const long = await find("x".repeat(201));
    expect(long.json.q).toEqual(["Search for at most 200 characters."]);
  });

  it("web-search syntax works: quoted phrases and -word", async () => {
    const w = uniqueWord();
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id);
    const dragon = await reply(users.bob, t.id, `<p>${w} dragon scimitar</p>`);
    const rune = await reply(users.bob, t.id, `<p>${w} rune scimitar dragon</p>`);
    expect((await find(`${w} "dragon scimitar"`)).hits.map((h) => h.post_id)).toEqual([dragon.id]);
    expect((await find(`${w} -rune`)).hits.map((h) => h.post_id)).toEqual([dragon.id]);
    expect((await find(`${w} scimitar`)).hits.map((h) => h.post_id).sort()).toEqual([dragon.id, rune.id].sort());
  });
});
