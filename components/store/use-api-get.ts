"use client";

import { useCallback, useEffect, useState } from "react";
import { type ApiResponse, callApi } from "@/lib/client/api";

/**
 * GETs `path` (null: nothing yet) and keeps the answer with the path it belongs to, so a
 * slower earlier answer never shows under a newer path and `loading` is derived, not stored.
 */
export function useApiGet<T = Record<string, unknown>>(path: string | null) {
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<{ key: string; res: ApiResponse<T> } | null>(null);
  const key = path === null ? null : `${round}:${path}`;

  useEffect(() => {
    if (key === null || path === null) return;
    let live = true;
    void callApi<T>(path).then((res) => {
      if (live) setResult({ key, res });
    });
    return () => {
      live = false;
    };
  }, [key, path]);

  const res = result && result.key === key ? result.res : null;
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { loading: key !== null && res === null, res, retry };
}
