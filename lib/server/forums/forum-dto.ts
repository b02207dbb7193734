import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "../db";
import type { TForum, TForumUser, TPost, TThread } from "@/lib/schemas/forums";
import { displayRank, postTier } from "@/lib/ranks";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";

// Database rows → the API shapes of docs/product.md §3 (Forum, Thread, Post and the forum author panel).
// Every forum read and write maps through here, so pages and the API show the same fields.

export const AUTHOR_SELECT = {
  username: true,
  privilege: true,
  memberRank: true,
  threadCount: true,
  postCount: true,
  createdAt: true,
} satisfies Prisma.UserSelect;
type AuthorRow = Prisma.UserGetPayload<{ select: typeof AUTHOR_SELECT }>;

export function toForumUser(u: AuthorRow): TForumUser {
  return {
    name: u.username,
    rank: displayRank(u.privilege, u.memberRank),
    is_staff: u.privilege !== "PLAYER",
    tier: postTier(u.postCount),
    thread_count: u.threadCount,
    post_count: u.postCount,
    join_date: u.createdAt.toISOString(),
  };
}

export const POST_INCLUDE = {
  user: { select: AUTHOR_SELECT },
  editedBy: { select: { username: true } },
  _count: { select: { likes: true } },
} satisfies Prisma.ForumPostInclude;
export type PostRow = Prisma.ForumPostGetPayload<{ include: typeof POST_INCLUDE }>;

/** The fields of a post row the API shape is made of (a PostRow, or a row of forums/sql/thread-view.ts). */
type PostFields = Pick<PostRow, "id" | "content" | "createdAt" | "editedAt" | "editReason" | "hidden" | "hiddenReason"> & {
  user: AuthorRow;
  editedBy: { username: string } | null;
  /** Its likes, counted when read (forum_post_likes; docs/forums.md, "Likes"). */
  _count: { likes: number };
};

/** `staff` decides whether moderation details (the hide reason) are included. */
export function toPostDto(p: PostFields, staff: boolean): TPost {
  return {
    id: p.id,
    content: p.content,
    date: p.createdAt.toISOString(),
    user: toForumUser(p.user),
    edited: p.editedAt ? { date: p.editedAt.toISOString(), by: p.editedBy?.username ?? null, reason: p.editReason } : null,
    hidden: p.hidden,
    hidden_reason: staff ? p.hiddenReason : null,
    like_count: p._count.likes,
  };
}

export const THREAD_INCLUDE = {
  forum: { select: { id: true, name: true } },
  user: { select: { username: true } },
} satisfies Prisma.ForumThreadInclude;
export type ThreadRow = Prisma.ForumThreadGetPayload<{ include: typeof THREAD_INCLUDE }>;

/** The fields of a thread row the API shape is made of. */
type ThreadFields = Pick<ThreadRow, "id" | "title" | "closed" | "pinned" | "hidden" | "postCount" | "latestPostAt" | "createdAt" | "forum" | "user">;

/** `latestUser` is the username of `latestPostUserId` (looked up by the caller, in bulk for lists). */
export function toThreadDto(t: ThreadFields, latestUser: string | null): TThread {
  return {
    id: t.id,
    title: t.title,
    closed: t.closed,
    pinned: t.pinned,
    hidden: t.hidden,
    forum: t.forum,
    user: { name: t.user.username },
    post_count: t.postCount,
    latest_post: { date: t.latestPostAt.toISOString(), user: latestUser },
    date: t.createdAt.toISOString(),
  };
}

/** Usernames of the threads' latest posters, by user id, in one query. */
export async function latestPosters(tx: Tx, threads: ReadonlyArray<{ latestPostUserId: number | null }>): Promise<Map<number, string>> {
  const ids = [...new Set(threads.map((t) => t.latestPostUserId).filter((id): id is number => id !== null))];
  if (!ids.length) return new Map();
  const users = await tx.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } });
  return new Map(users.map((u) => [u.id, u.username]));
}

export const FORUM_INCLUDE = {
  latestThread: { select: { id: true, title: true, createdAt: true, hidden: true } },
} satisfies Prisma.ForumInclude;
export type ForumRow = Prisma.ForumGetPayload<{ include: typeof FORUM_INCLUDE }>;

export function toForumDto(f: ForumRow): TForum {
  const latest = f.latestThread && !f.latestThread.hidden ? f.latestThread : null;
  return {
    id: f.id,
    name: f.name,
    description: f.description,
    thread_count: f.threadCount,
    post_count: f.postCount,
    staff_only: f.staffOnly,
    hidden: f.hidden,
    latest_thread: latest ? { id: latest.id, date: latest.createdAt.toISOString(), title: latest.title } : null,
  };
}

/** Staff see hidden posts (marked); everyone else never receives them. */
export const canSeeHidden = (actor: Pick<Actor, "isStaff"> | null | undefined): boolean => Boolean(actor?.isStaff);

/**
 * The forums players and guests may see: neither the forum nor its category hidden by staff
 *. A `where` on ForumThread.forum, or on Forum itself.
 */
export const VISIBLE_FORUM = { hidden: false, category: { hidden: false } } satisfies Prisma.ForumWhereInput;

type Reader = Pick<Actor, "isStaff"> | null | undefined;

// What a reader may reach, as `where` filters. Reads and writes of one reader ask the same
// question: a post a player cannot read (hidden, in a hidden thread, forum or category) is one
// they cannot edit or report either, and it answers the same 404.

/** The forums this reader may reach: staff every forum; others those neither hidden nor in a hidden category. */
export const visibleForums = (reader: Reader): Prisma.ForumWhereInput => (canSeeHidden(reader) ? {} : VISIBLE_FORUM);

/** The threads this reader may reach: staff every thread; others a shown thread of a forum of `visibleForums`. */
export const visibleThreads = (reader: Reader): Prisma.ForumThreadWhereInput => (canSeeHidden(reader) ? {} : { hidden: false, forum: VISIBLE_FORUM });

/** The posts this reader may reach: staff every post; others a shown post of a thread of `visibleThreads`. */
export const visiblePosts = (reader: Reader): Prisma.ForumPostWhereInput => (canSeeHidden(reader) ? {} : { hidden: false, thread: visibleThreads(reader) });

export const threadNotFound = () => new AppError("NOT_FOUND", { userMessage: "Thread not found." });
export const postNotFound = () => new AppError("NOT_FOUND", { userMessage: "Post not found." });
export const forumNotFound = () => new AppError("NOT_FOUND", { userMessage: "Forum not found." });
