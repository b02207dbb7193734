import "server-only";
import { LIKERS_PAGE_SIZE, type TLiker, type TThreadLikes } from "@/lib/schemas/forum-likes";
import { db } from "../db";
import { pageWindow } from "../paging";
import type { Actor } from "../sessions/authenticate-request";
import { postNotFound, threadNotFound, visiblePosts, visibleThreads } from "./forum-dto";

// The reads of likes (docs/forums.md, "Likes"): who liked a post (GET /forums/posts/{id}/likes,
// everyone), and which posts of a thread the signed-in reader likes (GET /forums/thread/{id}/likes:
// thread pages are the same for every reader, so the browser asks for its own likes).

type Reader = Pick<Actor, "isStaff"> | null;

/** A page of the post's likers, newest first, and how many there are. */
export async function listPostLikers(reader: Reader, postId: number, page: number): Promise<{ total: number; results: TLiker[] }> {
  const post = await db.forumPost.findFirst({ where: { id: postId, ...visiblePosts(reader) }, select: { id: true } });
  if (!post) throw postNotFound();
  const { skip, take } = pageWindow(page, LIKERS_PAGE_SIZE);
  const [total, rows] = await Promise.all([
    db.forumPostLike.count({ where: { postId } }),
    db.forumPostLike.findMany({
      where: { postId },
      orderBy: [{ createdAt: "desc" }, { userId: "desc" }],
      skip,
      take,
      select: { createdAt: true, user: { select: { username: true } } },
    }),
  ]);
  return { total, results: rows.map((r) => ({ name: r.user.username, date: r.createdAt.toISOString() })) };
}

/** The posts of the thread this reader likes (posts they may read only). */
export async function threadLikesOf(reader: Pick<Actor, "userId" | "isStaff">, threadId: number): Promise<TThreadLikes> {
  const thread = await db.forumThread.findFirst({ where: { id: threadId, ...visibleThreads(reader) }, select: { id: true } });
  if (!thread) throw threadNotFound();
  const rows = await db.forumPostLike.findMany({
    where: { userId: reader.userId, post: { threadId, ...visiblePosts(reader) } },
    orderBy: { postId: "asc" },
    select: { postId: true },
  });
  return { post_ids: rows.map((r) => r.postId) };
}
