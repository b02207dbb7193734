import "server-only";
import { pgListener } from "../pg-listener";
import { NOTIFICATIONS_CHANNEL } from "./sql/notifications";

// The bell's live count across processes and instances (docs/notifications.md). notify() and the
// read marks NOTIFY user_notifications with the player's id in their own transaction; PostgreSQL
// delivers it on commit to every listening connection. Each process keeps ONE listening
// connection (like the credential cache, lib/server/credential-cache.ts) and hands each
// announcement to the open event streams of that player in this process.
//
// While the connection is down nothing is heard: every open stream is told ("down") and closes,
// so the browser falls back to polling until its EventSource reconnects. A reconnect tells every
// stream to read its count again (announcements may have gone unheard meanwhile).

type Listener = (event: "changed" | "down") => void;

type State = { subscribers: Map<number, Set<Listener>> };

const g = globalThis as unknown as { notificationLive?: State };
const state: State = (g.notificationLive ??= { subscribers: new Map() });

function tellAll(event: "changed" | "down"): void {
  for (const set of state.subscribers.values()) for (const l of [...set]) l(event);
}

const live = pgListener({
  key: "notificationLiveListener",
  channel: NOTIFICATIONS_CHANNEL,
  name: "notification-live",
  warning: "notifications: cannot listen for changes; open streams close and browsers poll meanwhile",
  onNotification: (payload) => {
    for (const l of [...(state.subscribers.get(Number(payload)) ?? [])]) l("changed");
  },
  onUp: () => tellAll("changed"),
  onDown: () => tellAll("down"),
  // Only while someone is streaming: an idle process keeps no connection it does not need.
  keepTrying: () => state.subscribers.size > 0,
});

/** Calls `listener` whenever the player's unread count may have changed; returns the unsubscribe. */
export function subscribeToUnread(userId: number, listener: Listener): () => void {
  let set = state.subscribers.get(userId);
  if (!set) state.subscribers.set(userId, (set = new Set()));
  set.add(listener);
  live.listen();
  return () => {
    const s = state.subscribers.get(userId);
    if (!s) return;
    s.delete(listener);
    if (s.size === 0) state.subscribers.delete(userId);
  };
}

/** For tests: start listening and settle once LISTEN is in place; close the connection. */
export const notificationLive = {
  listening: live.listening,
  subscribers: () => [...state.subscribers.values()].reduce((n, s) => n + s.size, 0),
  ready: live.ready,
  close: live.close,
};
