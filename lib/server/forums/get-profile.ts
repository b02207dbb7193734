import "server-only";
import { isBanned } from "@/lib/bans";
import { displayRank, postTier } from "@/lib/ranks";
import { PROFILE_NOT_FOUND, PROFILE_RECENT_MAX, type TProfile } from "@/lib/schemas/profiles";
import { usernameKey } from "@/lib/usernames";
import { db } from "../db";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";
import { visiblePosts, visibleThreads } from "./forum-dto";
import { pageOfPost } from "./get-thread";
import { htmlToText } from "./sanitize";

// A player's public profile (/users/{name} and GET /api/v1/users/{name}/profile; docs/forums.md,
// "Profiles"): what the forum author panel shows, and their newest posts and threads that this
// reader may read (the forum visibility rule of forum-dto.ts: players and guests never get a
// post or thread that is hidden, or in a hidden forum or category; staff get them marked).
//
// The name is looked up by its key (case, spaces, - and _ ignored), as logins are. An account
// that was never confirmed (`isActive` false: it cannot sign in, so it has written nothing) is
// no profile; the site deletes no accounts, so that and an unknown name are its "no such
// player". A banned player keeps their profile, marked banned (isBanned, the one rule): their
// posts stay in threads, and the author link there leads here.
//
// Rendered per request, never kept by the guest page cache (docs/forums.md says why).

export const EXCERPT_MAX = 200;

const noSuchPlayer = () => new AppError("NOT_FOUND", { userMessage: PROFILE_NOT_FOUND });

type Reader = Pick<Actor, "isStaff"> | null;

/** The profile, and the player's id (for the staff link on the page; not part of the API answer). */
export async function getProfile(reader: Reader, name: string): Promise<{ profile: TProfile; userId: number }> {
  const user = await db.user.findFirst({
    where: { usernameKey: usernameKey(name), isActive: true },
    select: {
      id: true,
      username: true,
      privilege: true,
      memberRank: true,
      threadCount: true,
      postCount: true,
      createdAt: true,
      bannedAt: true,
      bannedUntil: true,
    },
  });
  if (!user) throw noSuchPlayer();

  const [posts, threads] = await Promise.all([
    db.forumPost.findMany({
      where: { userId: user.id, ...visiblePosts(reader) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: PROFILE_RECENT_MAX,
      select: {
        id: true,
        threadId: true,
        content: true,
        createdAt: true,
        hidden: true,
        thread: { select: { title: true, forum: { select: { id: true, name: true } } } },
      },
    }),
    db.forumThread.findMany({
      where: { userId: user.id, ...visibleThreads(reader) },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: PROFILE_RECENT_MAX,
      select: { id: true, title: true, postCount: true, createdAt: true, hidden: true, forum: { select: { id: true, name: true } } },
    }),
  ]);
  const pages = await Promise.all(posts.map((p) => pageOfPost(reader, p)));

  return {
    userId: user.id,
    profile: {
      name: user.username,
      rank: displayRank(user.privilege, user.memberRank),
      is_staff: user.privilege !== "PLAYER",
      donator_rank: user.memberRank === "NONE" ? null : user.memberRank.toLowerCase(),
      tier: postTier(user.postCount),
      banned: isBanned(user),
      join_date: user.createdAt.toISOString(),
      thread_count: user.threadCount,
      post_count: user.postCount,
      recent_posts: posts.map((p, i) => ({
        id: p.id,
        thread: { id: p.threadId, title: p.thread.title },
        forum: p.thread.forum,
        page: pages[i]!,
        excerpt: htmlToText(p.content, EXCERPT_MAX),
        date: p.createdAt.toISOString(),
        hidden: p.hidden,
      })),
      recent_threads: threads.map((t) => ({
        id: t.id,
        title: t.title,
        forum: t.forum,
        post_count: t.postCount,
        date: t.createdAt.toISOString(),
        hidden: t.hidden,
      })),
    },
  };
}
