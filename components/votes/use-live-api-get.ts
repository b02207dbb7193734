"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiResponse, callApi } from "@/lib/client/api";

/** Focus and visibilitychange both fire when a player comes back to the tab: one fetch for both. */
const RETURN_COALESCE_MS = 1000;

/**
 * GETs `path` and keeps the latest answer while it fetches again: every `everyMs`, and, with
 * `onReturn`, whenever the player comes back to the tab (from a vote site's page, say). The
 * first load is the only one that shows as loading; later answers replace the shown one.
 * `res` is the latest answer, `lastOk` the latest successful one, `at` when `res` arrived.
 */
export function useLiveApiGet<T>(path: string, { everyMs, onReturn = false }: { everyMs?: number; onReturn?: boolean } = {}) {
  const [round, setRound] = useState(0);
  // The latest answer, when it arrived (a countdown counts from there until the next tick),
  // and the latest good one (a failed background refresh need not blank what was shown).
  const [state, setState] = useState<{ res: ApiResponse<T>; at: number; lastOk: ApiResponse<T> | null } | null>(null);
  const lastReturn = useRef(0);

  useEffect(() => {
    let live = true;
    void callApi<T>(path).then((r) => {
      if (live) setState((prev) => ({ res: r, at: Date.now(), lastOk: r.ok ? r : (prev?.lastOk ?? null) }));
    });
    return () => {
      live = false;
    };
  }, [path, round]);

  const refresh = useCallback(() => setRound((n) => n + 1), []);

  useEffect(() => {
    if (!everyMs) return;
    const timer = setInterval(refresh, everyMs);
    return () => clearInterval(timer);
  }, [everyMs, refresh]);

  useEffect(() => {
    if (!onReturn) return;
    const back = () => {
      if (document.visibilityState !== "visible") return;
      const now = Date.now();
      if (now - lastReturn.current < RETURN_COALESCE_MS) return;
      lastReturn.current = now;
      refresh();
    };
    document.addEventListener("visibilitychange", back);
    window.addEventListener("focus", back);
    return () => {
      document.removeEventListener("visibilitychange", back);
      window.removeEventListener("focus", back);
    };
  }, [onReturn, refresh]);

  return { res: state?.res ?? null, at: state?.at ?? 0, lastOk: state?.lastOk ?? null, loading: state === null, refresh };
}
