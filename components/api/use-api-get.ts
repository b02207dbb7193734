"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { type AnswerOf, type ApiAnswer, type Endpoint, type EndpointArgs, api, endpointUrl } from "@/lib/client/api";
import { safeReturnPath } from "@/lib/safe-path";
import type { Operation } from "@/lib/schemas/api";

/** Focus and visibilitychange both fire when a player comes back to the tab: one fetch for both. */
const RETURN_COALESCE_MS = 1000;

export type ApiGetOptions = {
  /**
   * For the signed-in pages served as a prerendered shell (/account, /store, /vote): the page to
   * come back to. proxy.ts already sent guests to /login, so a 401 here means the session ended
   * meanwhile, and a 403 that a ::store session asked for more than the store. Either way the
   * player signs in again and comes back here, as the server guard does for a guest.
   */
  signedIn?: string;
  /** Fetch again this often (ms), keeping the shown answer meanwhile. */
  everyMs?: number;
  /** Fetch again whenever the player comes back to the tab (from a vote site's page, say). */
  onReturn?: boolean;
};

/**
 * The one way a client component reads the API: GETs an operation by its generated endpoint
 * (`useApiGet(endpoints.user, {})`), typed by the operation. `args` null: nothing to ask yet.
 *
 * Each answer is kept with the URL it belongs to, so a slower earlier answer never shows under a
 * newer URL, and `loading` (no answer for this URL yet) is derived, not stored. `retry()` starts
 * over (loading shows again); `refresh()`, `everyMs` and `onReturn` fetch again while the shown
 * answer stays. `res` is the latest answer, `lastOk` the latest successful one for this URL (a
 * failed background refresh need not blank what was shown), `at` when `res` arrived.
 */
export function useApiGet<O extends Operation>(
  endpoint: Endpoint<O>,
  args: EndpointArgs<O> | null,
  { signedIn, everyMs, onReturn = false }: ApiGetOptions = {},
) {
  const given = args as { params?: Record<string, string | number>; query?: Record<string, string | number | undefined> } | null;
  const url = given === null ? null : endpointUrl(endpoint.path, given.params, given.query);
  const [attempt, setAttempt] = useState(0);
  const [round, setRound] = useState(0);
  const key = url === null ? null : `${attempt}:${url}`;
  const [state, setState] = useState<{ key: string; res: ApiAnswer<AnswerOf<O>>; at: number; lastOk: ApiAnswer<AnswerOf<O>> | null } | null>(null);
  const lastReturn = useRef(0);
  // The arguments of the URL being fetched (a new object each render; the URL says when they change).
  const latestArgs = useRef(args);
  useEffect(() => {
    latestArgs.current = args;
  });

  useEffect(() => {
    const sent = latestArgs.current;
    if (key === null || sent === null) return;
    let live = true;
    void api(endpoint, sent).then((res) => {
      if (live) setState((prev) => ({ key, res, at: Date.now(), lastOk: res.ok ? res : prev?.key === key ? prev.lastOk : null }));
    });
    return () => {
      live = false;
    };
  }, [endpoint, key, round]);

  const current = state && state.key === key ? state : null;
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
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

  const status = current?.res.status;
  const signingIn = signedIn !== undefined && (status === 401 || status === 403);
  useEffect(() => {
    if (signingIn && signedIn !== undefined) window.location.replace(`/login?next=${encodeURIComponent(safeReturnPath(signedIn))}`);
  }, [signingIn, signedIn]);

  return {
    res: current?.res ?? null,
    lastOk: current?.lastOk ?? null,
    at: current?.at ?? 0,
    loading: key !== null && current === null,
    retry,
    refresh,
    signingIn,
  };
}
