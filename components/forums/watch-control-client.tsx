"use client";

import { useEffect, useId, useState } from "react";
import { useSession } from "@/components/layout/session-state";
import { inputClass } from "@/components/ui/field";
import { api, RATE_LIMITED, readErrors, SERVER_ERROR } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import type { TWatchState, WatchLevel } from "@/lib/schemas/forum-watches";

// The signed-in reader's watching level for a thread or a forum (docs/forums.md, "Watching").
// Thread and forum pages are the same for every reader (the guest page cache serves them), so the
// level is asked in the browser once the session is known; guests see nothing. A native select:
// keyboard use and screen readers come with it, and it fits 360 px.

// Type-only import above: no zod schema reaches the browser for this island.
const WATCH_LEVELS: readonly WatchLevel[] = ["watching", "tracking", "normal", "muted"];
const LABEL: Record<WatchLevel, string> = { watching: "Watching", tracking: "Tracking", normal: "Normal", muted: "Muted" };
const EXPLAIN: Record<"thread" | "forum", Record<WatchLevel, string>> = {
  thread: {
    watching: "You are told of every new post in this thread.",
    tracking: "No notifications; new posts are counted as unread.",
    normal: "You are told only of replies to your thread, mentions and quotes.",
    muted: "Nothing from this thread reaches you, not even mentions.",
  },
  forum: {
    watching: "You are told of every new post in every thread of this forum (unless you chose otherwise for a thread).",
    tracking: "No notifications; new posts in its threads are counted as unread.",
    normal: "You are told only of replies to your threads, mentions and quotes.",
    muted: "Nothing from this forum's threads reaches you, unless you chose otherwise for a thread.",
  },
};

export function WatchControl({ kind, id }: { kind: "thread" | "forum"; id: number }) {
  const session = useSession();
  const signedIn = session.status === "user" && !session.user.storeSession;
  const [state, setState] = useState<TWatchState | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const helpId = useId();

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    void api(kind === "thread" ? endpoints.threadWatch : endpoints.forumWatch, { params: { id } }).then((res) => {
      if (!live) return;
      if (res.ok) setState(res.data);
      else setError(res.status === 429 ? RATE_LIMITED : (readErrors(res.data).details ?? SERVER_ERROR));
    });
    return () => {
      live = false;
    };
  }, [signedIn, kind, id]);

  // Until the browser knows who reads: a signed-in reader (the hint script marked <html>) sees a
  // placeholder of the control's height, so the posts below do not jump when it arrives.
  if (session.status === "unknown") {
    return (
      <div className="watch-wait flex-wrap items-center gap-x-3 gap-y-1 text-sm" aria-hidden="true" data-testid={`watch-${kind}-wait`}>
        <span className="font-semibold text-stone-100">Notifications</span>
        <div className="w-40">
          <select className={inputClass} disabled tabIndex={-1}>
            <option value="">Loading…</option>
          </select>
        </div>
        <p className="min-h-5 basis-full" />
      </div>
    );
  }
  if (!signedIn) return null;

  async function change(level: WatchLevel) {
    const before = state;
    setState((s) => ({ level, source: s?.source ?? kind }));
    setBusy(true);
    setError(null);
    const res = await api(kind === "thread" ? endpoints.setThreadWatch : endpoints.setForumWatch, { params: { id }, body: { level } });
    setBusy(false);
    if (res.ok) setState(res.data);
    else {
      setState(before);
      const { fields, details } = readErrors(res.data);
      setError(res.status === 429 ? RATE_LIMITED : (fields.level?.[0] ?? details ?? SERVER_ERROR));
    }
  }

  return (
    <div className="flex max-w-full flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid={`watch-${kind}`}>
      <label htmlFor={selectId} className="font-semibold text-stone-100">
        Notifications
      </label>
      <div className="w-40">
        <select
          id={selectId}
          className={inputClass}
          value={state?.level ?? ""}
          disabled={!state || busy}
          aria-describedby={helpId}
          onChange={(e) => void change(e.target.value as WatchLevel)}
          data-testid="watch-level"
        >
          {state ? null : <option value="">Loading…</option>}
          {WATCH_LEVELS.map((l) => (
            <option key={l} value={l}>
              {LABEL[l]}
            </option>
          ))}
        </select>
      </div>
      <p id={helpId} className="min-h-5 basis-full text-stone-300">
        {state ? `${EXPLAIN[kind][state.level]}${kind === "thread" && state.source === "forum" ? " (your level for the forum)" : ""}` : null}
      </p>
      <p role="alert" className="basis-full text-red-200 empty:hidden" data-testid="watch-error">
        {error}
      </p>
    </div>
  );
}
