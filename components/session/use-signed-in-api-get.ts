"use client";

import { useEffect } from "react";
import { useApiGet } from "@/components/store/use-api-get";
import { safeReturnPath } from "@/lib/safe-path";

/**
 * useApiGet for the signed-in pages served as a prerendered shell (/account, /store, /vote):
 * proxy.ts already sent guests to /login, so a 401 here means the session ended meanwhile, and a
 * 403 that a ::store session asked for more than the store. Either way the player signs in again
 * and comes back to `returnTo`, as the server guard does for a guest.
 */
export function useSignedInApiGet<T = Record<string, unknown>>(path: string | null, returnTo: string) {
  const got = useApiGet<T>(path);
  const status = got.res?.status;
  useEffect(() => {
    if (status === 401 || status === 403) window.location.replace(`/login?next=${encodeURIComponent(safeReturnPath(returnTo))}`);
  }, [status, returnTo]);
  return { ...got, signingIn: status === 401 || status === 403 };
}
