"use client";

import { useSyncExternalStore } from "react";
import { api } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";

// The bell's unread count, one per tab (docs/notifications.md). Started only for a signed-in
// player (the navbar's session state, which asks nothing of guests): one EventSource on
// GET /api/v1/account/notifications/stream; while it is down, the count is polled every 60 s
// until the browser's EventSource reconnects. The notifications page sets the count itself
// after a read mark, so the bell drops at once (the stream then says the same).

export const POLL_MS = 60_000;

let unread: number | null = null;
let source: EventSource | null = null;
let poll: ReturnType<typeof setInterval> | null = null;
let running = false;
const listeners = new Set<() => void>();

function publish(n: number | null) {
  if (n === unread) return;
  unread = n;
  for (const l of listeners) l();
}

async function fetchCount() {
  const res = await api(endpoints.notificationCount, {});
  if (res.ok) publish(res.data.unread);
  // Signed out meanwhile (or a ::store session): stop asking.
  else if (res.status === 401 || res.status === 403) stopUnread();
}

function startPolling() {
  if (poll || !running) return;
  void fetchCount();
  poll = setInterval(() => void fetchCount(), POLL_MS);
}

function stopPolling() {
  if (poll) clearInterval(poll);
  poll = null;
}

/** Starts the stream (idempotent). */
export function startUnread(): void {
  if (running) return;
  running = true;
  if (typeof EventSource === "undefined") {
    startPolling();
    return;
  }
  const es = new EventSource(endpoints.notificationStream.path);
  source = es;
  es.addEventListener("unread", (e) => {
    const n = Number((JSON.parse((e as MessageEvent<string>).data) as { unread: unknown }).unread);
    if (Number.isInteger(n) && n >= 0) publish(n);
  });
  es.onopen = () => stopPolling();
  es.onerror = () => {
    // CONNECTING: the browser retries by itself; CLOSED: refused (signed out) or gone for good.
    // Either way the count is polled meanwhile; a refusal stops the polling too (fetchCount).
    if (es.readyState === EventSource.CLOSED) source = null;
    startPolling();
  };
}

export function stopUnread(): void {
  running = false;
  source?.close();
  source = null;
  stopPolling();
  publish(null);
}

/** After a read mark on this tab: the count the server answered. */
export function setUnread(n: number): void {
  publish(n);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The unread count, or null while unknown (guests, loading). */
export function useUnread(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  );
}
