"use client";

import Link from "next/link";
import { useEffect, useSyncExternalStore } from "react";
import { syncSession, useSession } from "@/components/layout/session-state";
import { atLeast } from "@/lib/privileges";
import { sessionHint } from "@/lib/session-hint";
import { staffAreaOf, whoMayUse } from "@/lib/staff-areas";

const subscribe = () => () => {};
const currentPath = () => window.location.pathname;
const noPath = () => null;

/**
 * On the 404 page: tells a signed-in member of staff that the staff page they opened is for a
 * higher rank, and which. The answer stays a 404 (players and guests must not learn which staff
 * pages exist), and the page stays the same prerendered file for everyone: this note is worked
 * out in the browser, from the address and the signed-in user's privilege. Only a browser whose
 * session hint says "staff" asks who is signed in; players and guests send no request and see
 * nothing more than the plain 404.
 */
export function StaffPageRankNote() {
  const session = useSession();
  const path = useSyncExternalStore(subscribe, currentPath, noPath);
  useEffect(() => {
    if (sessionHint(document.cookie) === "staff") syncSession();
  }, []);
  if (session.status !== "user" || path === null) return null;
  const { privilege, storeSession } = session.user;
  const area = staffAreaOf(path);
  if (privilege === "PLAYER" || storeSession || !area || atLeast(privilege, area.min)) return null;
  return (
    <div className="max-w-md rounded border-2 border-gold-dark bg-stone-900 px-4 py-3 text-stone-100" data-testid="staff-rank-note">
      <p>
        The staff page <strong>{area.label}</strong> is for {whoMayUse(area)}. You are signed in as{" "}
        {privilege === "MODERATOR" ? "a moderator" : "an administrator"}, so it is not shown to you.
      </p>
      <p className="mt-2">
        <Link href="/staff">Back to the staff console</Link>
      </p>
    </div>
  );
}
