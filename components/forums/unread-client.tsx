"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useSession } from "@/components/layout/session-state";
import { api, RATE_LIMITED, readErrors, SERVER_ERROR } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import type { TUnreadThread } from "@/lib/schemas/forum-reads";

// Unread markers (docs/forums.md, "Unread and new"). The forum pages are the same for every
// reader and the page cache keeps them, so nothing personal is in their HTML: once the browser
// knows a player is signed in, a page asks for that player's markers in one request (the index
// its forums', a thread list or search page the threads on it) and shows them. Guests send
// nothing and see nothing more. The thread page records the last post it showed.

type Unread = {
  threads: ReadonlyMap<number, TUnreadThread> | null;
  forums: ReadonlyMap<number, { new_threads: number; unread_threads: number }> | null;
  /** After "Mark all read": the markers of the page go at once (of one forum, or all). */
  clear: (forumId?: number) => void;
};
const UnreadContext = createContext<Unread>({ threads: null, forums: null, clear: () => {} });

/** A player who may have read state: signed in, and not through a ::store link. */
function usePlayer(): boolean {
  const session = useSession();
  return session.status === "user" && !session.user.storeSession;
}

/** Asks for the reader's markers once: `threadIds` for a page of threads, `forums` for the index. */
export function UnreadProvider({ threadIds, forums = false, children }: { threadIds?: number[]; forums?: boolean; children: ReactNode }) {
  const player = usePlayer();
  const [threads, setThreads] = useState<Unread["threads"]>(null);
  const [forumMarks, setForumMarks] = useState<Unread["forums"]>(null);
  const ids = (threadIds ?? []).join(",");
  useEffect(() => {
    if (!player) return;
    let live = true;
    if (forums) {
      void api(endpoints.unreadForums, {}).then((res) => {
        if (live && res.ok) setForumMarks(new Map(res.data.forums.map((f) => [f.forum_id, f])));
      });
    } else if (ids) {
      void api(endpoints.unreadThreads, { query: { thread_ids: ids } }).then((res) => {
        if (live && res.ok) setThreads(new Map(res.data.threads.map((t) => [t.thread_id, t])));
      });
    }
    return () => {
      live = false;
    };
  }, [player, forums, ids]);
  const clear = useCallback((forumId?: number) => {
    setThreads((t) => (t ? new Map() : t));
    setForumMarks((f) => {
      if (!f) return f;
      if (forumId === undefined) return new Map();
      const next = new Map(f);
      next.delete(forumId);
      return next;
    });
  }, []);
  const value = useMemo(() => ({ threads, forums: forumMarks, clear }), [threads, forumMarks, clear]);
  return <UnreadContext.Provider value={value}>{children}</UnreadContext.Provider>;
}

const BADGE = "inline-flex shrink-0 items-center rounded border px-1.5 text-xs font-bold";

/** A thread row's marker: "New" or "N unread", and a link to the first unread post. Nothing while read, or for guests. */
export function ThreadUnreadMarker({ threadId, title }: { threadId: number; title: string }) {
  const { threads } = useContext(UnreadContext);
  const m = threads?.get(threadId);
  if (!m) return null;
  const count = `${m.unread_count_capped ? `${m.unread_count}+` : m.unread_count} unread`;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="thread-unread" data-state={m.state}>
      {m.state === "new" ? (
        <span className={`${BADGE} border-gold/70 bg-gold/15 text-gold-bright`}>New</span>
      ) : (
        <span className={`${BADGE} border-sky-400/60 bg-sky-900/40 text-sky-100`}>{count}</span>
      )}
      {/* A full load: thread pages show posts' HTML under their own nonce policy (docs/performance.md). */}
      <a href={m.first_unread.link} data-testid="first-unread-link">
        {m.state === "new" ? "Start reading" : "Jump to first unread"}
        <span className="sr-only"> in {title}</span>
      </a>
    </span>
  );
}

/** A forum's marker on the index: how many threads are new and unread. */
export function ForumUnreadMarker({ forumId }: { forumId: number }) {
  const { forums } = useContext(UnreadContext);
  const m = forums?.get(forumId);
  if (!m) return null;
  const parts = [m.new_threads ? `${m.new_threads} new` : "", m.unread_threads ? `${m.unread_threads} unread` : ""].filter(Boolean);
  return (
    <span className={`${BADGE} ml-2 border-gold/70 bg-gold/15 align-middle text-gold-bright`} data-testid="forum-unread">
      <span className="sr-only">Threads: </span>
      {parts.join(", ")}
    </span>
  );
}

/** "Mark all read" (every forum, or `forumId`): signed-in players only. */
export function MarkAllReadButton({ forumId }: { forumId?: number }) {
  const player = usePlayer();
  const { clear } = useContext(UnreadContext);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");
  if (!player) return null;
  const mark = async () => {
    setBusy(true);
    setMessage("");
    const res = await api(endpoints.markForumsRead, { body: forumId === undefined ? {} : { forum_id: forumId } });
    setBusy(false);
    if (res.ok) {
      clear(forumId);
      setMessage(forumId === undefined ? "All forums marked read." : "This forum is marked read.");
    } else setMessage(res.status === 429 ? RATE_LIMITED : (readErrors(res.data).details ?? SERVER_ERROR));
  };
  return (
    <span className="flex flex-wrap items-center gap-3">
      <button type="button" className="btn btn-stone min-h-9 px-3 py-1 text-sm" disabled={busy} onClick={() => void mark()} data-testid="mark-all-read">
        {forumId === undefined ? "Mark all read" : "Mark forum read"}
      </button>
      <span role="status" aria-live="polite" className="text-sm text-stone-300 empty:hidden" data-testid="mark-read-message">
        {message}
      </span>
    </span>
  );
}

/** On a thread page: records the last post shown as read, once per page, for a signed-in player. */
export function ThreadReadRecorder({ threadId, lastPostId }: { threadId: number; lastPostId: number | null }) {
  const player = usePlayer();
  useEffect(() => {
    if (!player || lastPostId === null) return;
    // Nothing to show either way: a failure leaves the thread unread, which the next visit records.
    void api(endpoints.markThreadRead, { params: { id: threadId }, body: { post_id: lastPostId } });
  }, [player, threadId, lastPostId]);
  return null;
}
