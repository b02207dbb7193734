// Pure helpers of the forum pages: page numbers and links (route ids: lib/route-id.ts).
// No React and no server imports, so unit tests run them in Node.
import { MAX_ID } from "@/lib/schemas/ids";

/** `?page=` of a thread: "last" is the last page (the use case shows the last page for any page past the end). */
export function threadPageParam(value: string | string[] | undefined): number {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === "last") return MAX_ID;
  const n = v && /^\d{1,6}$/.test(v) ? Number(v) : 1;
  return n >= 1 ? n : 1;
}

export const forumHref = (forumId: number, page = 1): string => `/forums/${forumId}${page > 1 ? `?page=${page}` : ""}`;

/** A thread, optionally at a page and a post's anchor. `page` "last" goes to the newest posts. */
export function threadHref(threadId: number, page: number | "last" = 1, postId?: number): string {
  const query = page === "last" || page > 1 ? `?page=${page}` : "";
  return `/forums/thread/${threadId}${query}${postId ? `#${postAnchor(postId)}` : ""}`;
}

export const postAnchor = (postId: number): string => `post-${postId}`;

/** The anchor on a thread's last page before its newest post (the "Last post" links of thread rows). */
export const LATEST_POST_ANCHOR = "latest";

/** A thread's newest post: its last page, at the newest post (the same link for every reader). */
export const latestPostHref = (threadId: number): string => `${threadHref(threadId, "last")}#${LATEST_POST_ANCHOR}`;

/** A player's public profile (docs/forums.md, "Profiles"); the name is looked up ignoring case. */
export const profileHref = (name: string): string => `/users/${encodeURIComponent(name)}`;

export const createThreadHref = (forumId: number): string => `/forums/${forumId}/create`;

/** The login page, coming back to `path` afterwards. */
export const loginHref = (path: string): string => `/login?next=${encodeURIComponent(path)}`;

export function searchHref(q: string, page = 1): string {
  const params = new URLSearchParams({ q });
  if (page > 1) params.set("page", String(page));
  return `/forums/search?${params.toString()}`;
}

/** Replies of a forum: every post but the threads' opening posts (never below zero). */
export const replyCount = (forum: { post_count: number; thread_count: number }): number => Math.max(0, forum.post_count - forum.thread_count);

/**
 * Page numbers to offer around `current` of `pages`: the first, the last and two either side,
 * with "gap" where numbers are left out, e.g. 1 … 4 5 [6] 7 8 … 20.
 */
export function pageItems(current: number, pages: number, around = 2): Array<number | "gap"> {
  if (pages <= 1) return [1];
  const wanted = new Set([1, pages]);
  for (let p = current - around; p <= current + around; p++) if (p >= 1 && p <= pages) wanted.add(p);
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: Array<number | "gap"> = [];
  for (const [i, p] of sorted.entries()) {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push("gap");
    out.push(p);
  }
  return out;
}

/** 1 thread / 2 threads: counts in the forum lists. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
