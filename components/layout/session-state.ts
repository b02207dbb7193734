"use client";

import { useSyncExternalStore } from "react";
import type { MemberRankName, PrivilegeName } from "@/lib/ranks";
import { SESSION_HINT_COOKIE, hasSessionHint, hintCorrection } from "@/lib/session-hint";
import { api } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";

// Who is signed in, as the browser learns it. Pages are prerendered for everyone, so the
// navbar asks /api/v1/user itself, and only when the readable hint cookie (set with the
// session at login) says there may be a session: guests send no request at all.

/** `storeSession`: signed in by a ::store link, which reaches only the store (log in to do more). */
export type NavUser = { username: string; email: string; privilege: PrivilegeName; memberRank: MemberRankName; storeSession: boolean };
export type SessionState = { status: "unknown" } | { status: "guest" } | { status: "user"; user: NavUser };

const UNKNOWN: SessionState = { status: "unknown" };
const GUEST: SessionState = { status: "guest" };

let state: SessionState = UNKNOWN;
let inflight: Promise<void> | null = null;
const listeners = new Set<() => void>();

function publish(next: SessionState) {
  state = next;
  // For the stylesheet: parts of prerendered pages meant for members (app/globals.css, .member-only).
  document.documentElement.classList.toggle("signed-in", next.status === "user");
  for (const l of listeners) l();
}

function dropHint() {
  // The pages' stylesheet reads it (SessionHintScript): a stale hint shows guests' prompts again.
  document.documentElement.classList.remove("session-hinted");
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${location.protocol === "https:" ? "; Secure" : ""}`;
}

/** Brings the state in line with the cookies: called on load and after every navigation. */
export function syncSession(): void {
  if (!hasSessionHint(document.cookie)) {
    if (state.status !== "guest") publish(GUEST);
    return;
  }
  if (state.status === "user" || inflight) return;
  inflight = api(endpoints.user, {})
    .then((res) => {
      if (res.ok) {
        const u = res.data;
        // A rank changed since the login: the page cache reads the hint (lib/session-hint.ts).
        const fix = hintCorrection(document.cookie, u, location.protocol === "https:");
        if (fix) document.cookie = fix;
        publish({
          status: "user",
          user: { username: u.name, email: u.email, privilege: u.privilege, memberRank: u.memberRank, storeSession: Boolean(u.store_session) },
        });
      } else {
        // 401: the session ended elsewhere (expiry, password reset); forget the stale hint.
        // No answer at all (status 0) shows the guest menu too.
        if (res.status === 401) dropHint();
        publish(GUEST);
      }
    })
    .finally(() => {
      inflight = null;
    });
}

/** After logout: the server cleared both cookies; show the guest menu at once. */
export function markSignedOut(): void {
  dropHint();
  publish(GUEST);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** "unknown" during prerender and hydration, then "guest" or "user". */
export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => UNKNOWN,
  );
}
