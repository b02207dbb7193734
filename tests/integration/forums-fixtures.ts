// Shared set-up of the forum integration tests: forums of their own (each file creates its
// categories and forums, so files running in parallel never share counters), users with
// sessions, and requests shaped like the site's own client.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import * as forumsIndex from "@/app/api/v1/forums/route";
import * as threadView from "@/app/api/v1/forums/thread/[id]/route";
import type { TPost, TThread, TThreadView } from "@/lib/schemas/forums";
import { db } from "@/lib/server/db";
import { createPost } from "@/lib/server/forums/create-post";
import { createThread } from "@/lib/server/forums/create-thread";
import { createSessionToken, createUser } from "../factories/users";
import { setEnv } from "../support/env";
import { call, freshClient, SAME_ORIGIN } from "./helpers";

export type U = Awaited<ReturnType<typeof createUser>> & { session: string };
export type Handler = Parameters<typeof call>[0];

export async function userWithSession(privilege?: "PLAYER" | "MODERATOR" | "ADMINISTRATOR" | "OWNER"): Promise<U> {
  const u = await createUser(privilege ? { privilege } : {});
  return { ...u, session: await createSessionToken(u.id) };
}

export async function createForum(opts: { staffOnly?: boolean; name?: string } = {}) {
  const category = await db.forumCategory.create({ data: { name: `Category ${randomBytes(3).toString("hex")}` } });
  return db.forum.create({
    data: {
      categoryId: category.id,
      name: opts.name ?? `Forum ${randomBytes(3).toString("hex")}`,
      description: "For tests",
      staffOnly: opts.staffOnly ?? false,
    },
  });
}

/** A word no other test writes, so searches and counts see only this test's rows. */
export const uniqueWord = (prefix = "zq") =>
  `${prefix}${randomBytes(5)
    .toString("hex")
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)}`;

type Req = { method?: string; path?: string; body?: unknown; params?: Record<string, string>; query?: string };

/** A request as `u` (or a guest when null), from a client address of its own. */
export function as(u: U | null, r: Req = {}) {
  return {
    method: r.method ?? (r.body === undefined ? "GET" : "POST"),
    path: `${r.path ?? "/api/v1/forums"}${r.query ?? ""}`,
    body: r.body,
    params: r.params ?? {},
    headers: { ...SAME_ORIGIN, ...freshClient() },
    ...(u ? { cookies: { session: u.session } } : {}),
  };
}

/** Set-up threads go through the use case, not the route, so they don't use up the author's rate limit. */
export function startThread(u: U, forumId: number, title = "A thread", content = "<p>Opening words</p>"): Promise<TThread> {
  return createThread({ userId: u.id, username: u.username, isStaff: u.privilege !== "PLAYER" }, { forum_id: forumId, title, content });
}

/** Set-up replies go through the use case too (the posting route and its limits are tested on their own). */
export function reply(u: U, threadId: number, content = "<p>A reply</p>"): Promise<TPost> {
  return createPost({ userId: u.id, isStaff: u.privilege !== "PLAYER" }, { thread_id: threadId, content });
}

export async function viewThread(u: U | null, threadId: number, page = 1) {
  const r = await call(
    threadView.GET,
    as(u, { path: `/api/v1/forums/thread/${threadId}`, params: { id: String(threadId) }, query: page > 1 ? `?page=${page}` : "" }),
  );
  return { status: r.status, view: r.json as unknown as TThreadView, json: r.json };
}

export async function forumIndex() {
  return (await call(forumsIndex.GET, as(null))).json as unknown as Array<{
    id: number;
    forums: Array<{ id: number; thread_count: number; post_count: number; latest_thread: { id: number } | null }>;
  }>;
}

/** The stored counters next to what the rows say they should be. */
export async function countersOf(forumId: number) {
  const forum = await db.forum.findUniqueOrThrow({ where: { id: forumId } });
  const threadRows = await db.forumThread.findMany({ where: { forumId }, select: { id: true, postCount: true, hidden: true } });
  const visiblePosts = await db.forumPost.groupBy({ by: ["threadId"], where: { thread: { forumId }, hidden: false }, _count: { _all: true } });
  const byThread = new Map(visiblePosts.map((g) => [g.threadId, g._count._all]));
  // A thread's own count is of its visible posts even while it is hidden; the forum counts only shown threads.
  const shown = new Set(threadRows.filter((t) => !t.hidden).map((t) => t.id));
  return {
    stored: { threads: forum.threadCount, posts: forum.postCount, perThread: Object.fromEntries(threadRows.map((t) => [t.id, t.postCount])) },
    real: {
      threads: shown.size,
      posts: visiblePosts.filter((g) => shown.has(g.threadId)).reduce((n, g) => n + g._count._all, 0),
      perThread: Object.fromEntries(threadRows.map((t) => [t.id, byThread.get(t.id) ?? 0])),
    },
  };
}

/** A user's stored thread/post counters next to their real rows (visible posts in visible threads). */
export async function userCounters(userId: number) {
  const u = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { threadCount: true, postCount: true } });
  const [threadsReal, postsReal] = await Promise.all([
    db.forumThread.count({ where: { userId, hidden: false } }),
    db.forumPost.count({ where: { userId, hidden: false, thread: { hidden: false } } }),
  ]);
  return { stored: { threads: u.threadCount, posts: u.postCount }, real: { threads: threadsReal, posts: postsReal } };
}

/**
 * The three accounts most forum tests use (two players and a moderator, each signed in), made
 * once per file; TRUST_PROXY is on so each request's client address is the one it names.
 */
export function forumActors(): { alice: U; bob: U; mod: U } {
  const actors = {} as { alice: U; bob: U; mod: U };
  let restore: () => void;
  beforeAll(async () => {
    restore = setEnv({ TRUST_PROXY: "true" });
    [actors.alice, actors.bob, actors.mod] = await Promise.all([userWithSession(), userWithSession(), userWithSession("MODERATOR")]);
  });
  afterAll(() => restore());
  return actors;
}
