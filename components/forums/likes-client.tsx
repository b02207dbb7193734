"use client";

import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useSession } from "@/components/layout/session-state";
import { api, RATE_LIMITED, readErrors, SERVER_ERROR } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import type { TLiker } from "@/lib/schemas/forum-likes";
import { loginHref, plural, profileHref } from "./forum-paths";

// Likes on a thread page (docs/forums.md, "Likes"). The page is the same for every reader and
// the guest page cache keeps it, so it carries each post's count only; which posts the signed-in
// reader likes is asked once per page (GET /forums/thread/{id}/likes). A like shows at once and
// is rolled back if the server refuses it. Guests see the counts, and the button asks them to
// log in. "Liked by" opens a list of who liked the post.

type ThreadLikes = { liked: ReadonlySet<number> | null };
const LikesContext = createContext<ThreadLikes>({ liked: null });

/** Asks which posts of the thread the signed-in reader likes (nothing for guests). */
export function ThreadLikesProvider({ threadId, children }: { threadId: number; children: ReactNode }) {
  const session = useSession();
  const [liked, setLiked] = useState<ReadonlySet<number> | null>(null);
  const signedIn = session.status === "user" && !session.user.storeSession;
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void api(endpoints.threadLikes, { params: { id: threadId } }).then((res) => {
      if (live && res.ok) setLiked(new Set(res.data.post_ids));
    });
    return () => {
      live = false;
    };
  }, [signedIn, threadId]);
  const value = useMemo(() => ({ liked }), [liked]);
  return <LikesContext.Provider value={value}>{children}</LikesContext.Provider>;
}

function failureText(status: number, data: Record<string, unknown>): string {
  if (status === 429) return RATE_LIMITED;
  const { details } = readErrors(data);
  return details ?? SERVER_ERROR;
}

/** The likes of one post: the count, the Like button (or the prompt to log in) and who liked it. */
export function LikeBar({ postId, author, initialCount }: { postId: number; author: string; initialCount: number }) {
  const session = useSession();
  const { liked: likedSet } = useContext(LikesContext);
  const [count, setCount] = useState(initialCount);
  // The reader's own choice once made here; until then, what the server said for the page.
  const [mine, setMine] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<ReactNode>(null);
  const [open, setOpen] = useState(false);
  const listId = useId();

  const reader = session.status === "user" && !session.user.storeSession ? session.user : null;
  const own = reader !== null && reader.username === author;
  const liked = mine ?? likedSet?.has(postId) ?? false;

  const toggle = useCallback(async () => {
    if (!reader) {
      setMessage(
        <>
          <a href={loginHref(`${location.pathname}${location.search}#post-${postId}`)}>Log in to like posts</a>.
        </>,
      );
      return;
    }
    if (busy) return;
    const want = !liked;
    const before = { count, mine };
    // Optimistic: show it at once, put it back if the server refuses.
    setMine(want);
    setCount((c) => c + (want ? 1 : -1));
    setMessage(null);
    setBusy(true);
    const res = await api(want ? endpoints.likePost : endpoints.unlikePost, { params: { id: postId } });
    setBusy(false);
    if (res.ok) {
      setMine(res.data.liked);
      setCount(res.data.like_count);
    } else {
      setMine(before.mine);
      setCount(before.count);
      setMessage(failureText(res.status, res.data));
    }
  }, [reader, busy, liked, count, mine, postId]);

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="likes" data-post-id={postId}>
      {own ? null : (
        <button
          type="button"
          className={`btn min-h-9 px-3 py-1 text-sm ${liked ? "btn-gold" : "btn-stone"}`}
          aria-pressed={reader ? liked : undefined}
          // Until the session is known a click could not tell a guest from a player.
          disabled={busy || session.status === "unknown"}
          onClick={() => void toggle()}
          data-testid="like-button"
        >
          {liked ? "Liked" : "Like"}
          <span className="sr-only"> the post by {author}</span>
        </button>
      )}
      <LikersDisclosure postId={postId} count={count} open={open} setOpen={setOpen} listId={listId} />
      <div role="status" aria-live="polite" className="basis-full empty:hidden" data-testid="like-message">
        {message}
      </div>
    </div>
  );
}

function LikersDisclosure({
  postId,
  count,
  open,
  setOpen,
  listId,
}: {
  postId: number;
  count: number;
  open: boolean;
  setOpen: (open: boolean) => void;
  listId: string;
}) {
  const [likers, setLikers] = useState<TLiker[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [more, setMore] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const label = plural(count, "like");

  const load = useCallback(async () => {
    setError(null);
    const res = await api(endpoints.postLikers, { params: { id: postId } });
    if (res.ok) {
      setLikers(res.data.results);
      setMore(res.data.next !== null);
    } else setError(failureText(res.status, res.data));
  }, [postId]);

  if (count === 0 && !open) {
    return (
      <span className="text-stone-400" data-testid="like-count" data-count={0}>
        No likes yet
      </span>
    );
  }
  return (
    <div
      className="relative"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="min-h-9 rounded px-2 text-stone-200 underline underline-offset-2 hover:text-gold-bright"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => {
          // Read again each time it opens: the likes may have moved.
          if (!open) {
            setLikers(null);
            void load();
          }
          setOpen(!open);
        }}
        data-testid="like-count"
        data-count={count}
      >
        {label}
        <span className="sr-only">: who liked the post</span>
      </button>
      <div id={listId} hidden={!open} className="mt-1 rounded border-2 border-stone-600 bg-stone-900 px-3 py-2" data-testid="likers">
        {open ? (
          error ? (
            <p className="text-red-200">{error}</p>
          ) : likers === null ? (
            <p className="text-stone-300">Loading...</p>
          ) : likers.length === 0 ? (
            <p className="text-stone-300">No likes yet.</p>
          ) : (
            <>
              <p className="text-stone-300">Liked by</p>
              <ul className="flex flex-wrap gap-x-3">
                {likers.map((l) => (
                  <li key={l.name}>
                    <a href={profileHref(l.name)}>{l.name}</a>
                  </li>
                ))}
              </ul>
              {more ? <p className="text-stone-400">and more</p> : null}
            </>
          )
        ) : null}
      </div>
    </div>
  );
}
