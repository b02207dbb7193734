"use client";

import Link from "next/link";
import { useEffect } from "react";
import { useSession } from "@/components/layout/session-state";
import { startUnread, stopUnread, useUnread } from "./unread-store";

/**
 * The bell in the site header (docs/notifications.md): a client island, so the prerendered and
 * cached HTML is the same for everyone and shows no bell. Only a signed-in player (not a ::store
 * session) gets it, and only then is the count asked for.
 */
export function NotificationBell() {
  const session = useSession();
  const member = session.status === "user" && !session.user.storeSession;
  const unread = useUnread();
  useEffect(() => {
    if (member) startUnread();
    else stopUnread();
  }, [member]);
  if (!member) return null;
  const label = unread ? `Notifications, ${unread} unread` : "Notifications";
  return (
    <Link
      href="/account/notifications"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      data-unread={unread ?? undefined}
      className="relative inline-flex min-h-11 min-w-10 items-center justify-center rounded px-1 text-stone-200 hover:bg-stone-800 hover:no-underline"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread ? (
        <span
          data-testid="notification-count"
          className="absolute top-1 right-0.5 min-w-5 rounded-full bg-gold px-1 text-center text-xs leading-5 font-bold text-stone-950"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </Link>
  );
}
