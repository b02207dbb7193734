import { describe, expect, it } from "vitest";
import * as like from "@/app/api/v1/forums/posts/[id]/like/route";
import * as likers from "@/app/api/v1/forums/posts/[id]/likes/route";
import * as threadLikes from "@/app/api/v1/forums/thread/[id]/likes/route";
import { OWN_POST_LIKE_MESSAGE } from "@/lib/schemas/forum-likes";
import { MAX_ID } from "@/lib/schemas/ids";
import { db } from "@/lib/server/db";
import { likePost, unlikePost } from "@/lib/server/forums/like-post";
import { moderatePost } from "@/lib/server/forums/moderate-post";
import { as, createForum, forumActors, reply, startThread, type U, userWithSession, viewThread } from "./forums-fixtures";
import { call } from "./helpers";

// Likes (docs/forums.md, "Likes"): one per player per post (the table's key), never on one's own
// post, idempotent both ways; the count on the thread view; who liked it; the reader's own likes
// of a thread; hidden posts are not found for players. 10 likes at once from one player leave one
// row, from 10 players ten.

const users = forumActors();

const put = (u: U | null, id: number) => call(like.PUT, as(u, { method: "PUT", path: `/api/v1/forums/posts/${id}/like`, params: { id: String(id) } }));
const del = (u: U | null, id: number) => call(like.DELETE, as(u, { method: "DELETE", path: `/api/v1/forums/posts/${id}/like`, params: { id: String(id) } }));
const whoLiked = (u: U | null, id: number, query = "") =>
  call(likers.GET, as(u, { path: `/api/v1/forums/posts/${id}/likes`, params: { id: String(id) }, query }));
const mine = (u: U | null, threadId: number) =>
  call(threadLikes.GET, as(u, { path: `/api/v1/forums/thread/${threadId}/likes`, params: { id: String(threadId) } }));

const likesOf = (postId: number) => db.forumPostLike.count({ where: { postId } });

async function aPost() {
  const forum = await createForum();
  const thread = await startThread(users.alice, forum.id, "Likeable");
  const post = await db.forumPost.findFirstOrThrow({ where: { threadId: thread.id } });
  return { forum, thread, post };
}

describe("liking a post", () => {
  it("a like counts once: liking again answers the same and adds nothing; the thread view shows the count", async () => {
    const { thread, post } = await aPost();
    const first = await put(users.bob, post.id);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    expect(first.json).toEqual({ post_id: post.id, like_count: 1, liked: true });
    const again = await put(users.bob, post.id);
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ post_id: post.id, like_count: 1, liked: true });
    expect(await likesOf(post.id)).toBe(1);
    const view = await viewThread(null, thread.id);
    expect(view.view.posts[0]!.like_count).toBe(1);
    // A moderator likes it too.
    expect((await put(users.mod, post.id)).json).toMatchObject({ like_count: 2, liked: true });
    expect((await viewThread(users.bob, thread.id)).view.posts[0]!.like_count).toBe(2);
  });

  it("unliking removes the like; unliking again changes nothing", async () => {
    const { post } = await aPost();
    await put(users.bob, post.id);
    const r = await del(users.bob, post.id);
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ post_id: post.id, like_count: 0, liked: false });
    expect((await del(users.bob, post.id)).json).toEqual({ post_id: post.id, like_count: 0, liked: false });
    expect(await likesOf(post.id)).toBe(0);
  });

  it("nobody likes their own post: 403 with the reason, nothing written; another player's like of it is taken", async () => {
    const { post } = await aPost();
    const own = await put(users.alice, post.id);
    expect(own.status).toBe(403);
    expect(own.json.details).toBe(OWN_POST_LIKE_MESSAGE);
    expect(await likesOf(post.id)).toBe(0);
    // The positive twin: the same post, liked by someone else.
    expect((await put(users.bob, post.id)).status).toBe(200);
    expect(await likesOf(post.id)).toBe(1);
  });

  it("guests get 401; an unknown post is 404; a bad id is a 400 naming it", async () => {
    const { post } = await aPost();
    expect((await put(null, post.id)).status).toBe(401);
    expect((await del(null, post.id)).status).toBe(401);
    expect((await put(users.bob, MAX_ID)).status).toBe(404);
    const bad = await call(like.PUT, as(users.bob, { method: "PUT", path: "/api/v1/forums/posts/abc/like", params: { id: "abc" } }));
    expect(bad.status).toBe(400);
    expect(bad.json.id).toEqual([expect.any(String)]);
    expect(await likesOf(post.id)).toBe(0);
  });

  it("a hidden post is not found for players (like, unlike, who liked); staff still reach it", async () => {
    const { thread } = await aPost();
    const r = await reply(users.bob, thread.id, "<p>Soon hidden</p>");
    expect((await put(users.alice, r.id)).status).toBe(200);
    await moderatePost({ userId: users.mod.id }, r.id, { hidden: true, reason: "spam" });
    const carol = await userWithSession();
    expect((await put(carol, r.id)).status).toBe(404);
    expect((await del(users.alice, r.id)).status).toBe(404);
    expect((await whoLiked(null, r.id)).status).toBe(404);
    expect(await likesOf(r.id)).toBe(1);
    // Staff see hidden posts, and their likers.
    expect((await whoLiked(users.mod, r.id)).json).toMatchObject({ count: 1, results: [{ name: users.alice.username }] });
  });
});

describe("who liked, and the reader's own likes", () => {
  it("lists likers newest first with the count, for guests too", async () => {
    const { post } = await aPost();
    const carol = await userWithSession();
    await put(users.bob, post.id);
    await put(carol, post.id);
    const r = await whoLiked(null, post.id);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ count: 2, previous: null, next: null });
    expect((r.json.results as Array<{ name: string }>).map((l) => l.name)).toEqual([carol.username, users.bob.username]);
    expect((await whoLiked(null, post.id, "?page=0")).status).toBe(400);
  });

  it("GET /forums/thread/{id}/likes names the posts of the thread the reader likes, and only theirs", async () => {
    const { thread, post } = await aPost();
    const second = await reply(users.alice, thread.id, "<p>Two</p>");
    const third = await reply(users.alice, thread.id, "<p>Three</p>");
    await put(users.bob, post.id);
    await put(users.bob, third.id);
    await put(users.mod, second.id);
    expect((await mine(users.bob, thread.id)).json).toEqual({ post_ids: [post.id, third.id] });
    expect((await mine(users.mod, thread.id)).json).toEqual({ post_ids: [second.id] });
    expect((await mine(null, thread.id)).status).toBe(401);
    expect((await mine(users.bob, MAX_ID)).status).toBe(404);
  });
});

describe("likes at the same moment", () => {
  it("10 likes at once from one player leave one like", async () => {
    const { post } = await aPost();
    const results = await Promise.all(Array.from({ length: 10 }, () => likePost({ userId: users.bob.id, isStaff: false }, post.id)));
    expect(results.every((r) => r.liked)).toBe(true);
    expect(await likesOf(post.id)).toBe(1);
  });

  it("10 players liking at once leave ten likes", async () => {
    const { thread, post } = await aPost();
    const players = await Promise.all(Array.from({ length: 10 }, () => userWithSession()));
    await Promise.all(players.map((p) => likePost({ userId: p.id, isStaff: false }, post.id)));
    expect(await likesOf(post.id)).toBe(10);
    expect((await viewThread(null, thread.id)).view.posts[0]!.like_count).toBe(10);
    // And all unliking at once leaves none.
    await Promise.all(players.map((p) => unlikePost({ userId: p.id, isStaff: false }, post.id)));
    expect(await likesOf(post.id)).toBe(0);
  });
});
