import "server-only";
import { MAX_ACTORS, NOTIFICATION_TYPE_INFO, type NotificationData, type NotificationType } from "@/lib/notifications";
import { notifyOn } from "../changes/sql/notify";
import type { Tx } from "../db";
import { getEnv } from "../env";
import { enqueue, enqueueMany } from "../jobs/enqueue";
import { channelFor } from "./preferences";
import {
  claimNotificationKey,
  insertNotification,
  insertUnlessUnreadInGroup,
  insertNotificationsForMany,
  NOTIFICATIONS_CHANNEL,
  notifyUsersOn,
  upsertGroupedNotification,
} from "./sql/notifications";

// The one way to notify a player (docs/notifications.md). Called INSIDE the transaction of the
// action that causes it, so a rolled-back action notifies nobody, and the bell hears of it only
// when that transaction commits (a NOTIFY on the same transaction).
//
// - Exactly once: `dedupeKey` is claimed per player in notification_keys (primary key); a retried
//   job or two racing requests for the same event make one notification.
// - Grouping (`group.mode: "merge"`): events with the same group key fold into the group's unread
//   row (count + 1, the newest actor first): "Mordra and 3 others liked your post". Once read, the
//   next event starts a new row.
// - Catch-up (`group.mode: "catch-up"`): while the group has an unread row, a new event adds
//   nothing (a reply in your thread is not repeated until you have read the first).
// - The player's channel for the type: off makes nothing; email also queues the delayed mail.
// - Never prunes: the cap per player is kept by the hourly prune-notifications job.

export type NotifyInput = {
  userId: number;
  type: NotificationType;
  /** Unique per player and event, e.g. `forum_reply:post:42`. */
  dedupeKey: string;
  /** Site path the notification leads to (starts with "/"). */
  link: string;
  /** Who caused it (a username), if anyone. */
  actor?: string | null;
  /** The subject's title (thread, ticket, item) and the type's own detail. */
  title?: string;
  detail?: string;
  group?: { key: string; mode: "merge" | "catch-up" };
};

export type NotifyResult = { id: number; outcome: "created" | "merged" } | { id: null; outcome: "duplicate" | "off" | "caught-up" };

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const mailTime = () => new Date(Date.now() + getEnv().NOTIFICATION_EMAIL_DELAY_SECONDS * 1000);

function dataOf(input: Pick<NotifyInput, "actor" | "title" | "detail">): NotificationData {
  return {
    ...(input.actor ? { actors: [input.actor].slice(0, MAX_ACTORS) } : {}),
    ...(input.title ? { title: clip(input.title, 200) } : {}),
    ...(input.detail ? { detail: clip(input.detail, 300) } : {}),
  };
}

export async function notify(tx: Tx, input: NotifyInput): Promise<NotifyResult> {
  if (!input.link.startsWith("/") || input.link.startsWith("//")) throw new Error(`notify: link must be a site path, got ${input.link}`);
  const channel = await channelFor(tx, input.userId, input.type);
  if (channel === "off") return { id: null, outcome: "off" };
  if (!(await claimNotificationKey(tx, input.userId, clip(input.dedupeKey, 160)))) return { id: null, outcome: "duplicate" };

  const row = {
    userId: input.userId,
    type: input.type,
    data: JSON.stringify(dataOf(input)),
    link: clip(input.link, 300),
    groupKey: input.group ? clip(input.group.key, 160) : null,
    emailState: channel === "email" ? ("PENDING" as const) : ("NONE" as const),
  };

  let result: NotifyResult;
  if (!input.group) {
    result = { id: await insertNotification(tx, row), outcome: "created" };
  } else if (input.group.mode === "merge") {
    const r = await upsertGroupedNotification(tx, { ...row, groupKey: row.groupKey! });
    result = { id: r.id, outcome: r.inserted ? "created" : "merged" };
  } else {
    const id = await insertUnlessUnreadInGroup(tx, { ...row, groupKey: row.groupKey! });
    if (id === null) return { id: null, outcome: "caught-up" };
    result = { id, outcome: "created" };
  }

  // The mail waits: read on the site (or a visit) meanwhile sends none. A merge keeps the first
  // event's mail time (one job per notification).
  if (channel === "email" && result.outcome === "created") {
    await enqueue(
      "email-notification",
      { notificationId: result.id },
      { tx, runAt: mailTime(), jobKey: `email-notification:${result.id}`, jobKeyMode: "preserve_run_at" },
    );
  }
  await announceUnreadChange(tx, input.userId);
  return result;
}

export type NotifyManyInput = Omit<NotifyInput, "userId" | "group"> & {
  /** The players to tell, at most a thousand or so a call (one statement each way). */
  userIds: readonly number[];
  /** Catch-up only: merging many players' events in one statement is not needed yet. */
  group?: { key: string; mode: "catch-up" };
};

/**
 * The same event told to many players in a few statements (the fan-out of a watched thread's
 * post): exactly what calling `notify` once per player would do. Each player's channel for the
 * type (off: nothing, and no key claimed), the dedupe key claimed per player (a repeated batch,
 * or two runs at once, make each notification once: the second waits on the first's keys and
 * finds them taken), the catch-up rule per player, the delayed mail for `email`, and the bell's
 * announcement for each player told. In the caller's transaction. Answers the players told.
 */
export async function notifyMany(tx: Tx, input: NotifyManyInput): Promise<number[]> {
  if (!input.link.startsWith("/") || input.link.startsWith("//")) throw new Error(`notify: link must be a site path, got ${input.link}`);
  if (!input.userIds.length) return [];
  const info = NOTIFICATION_TYPE_INFO[input.type];
  const made = await insertNotificationsForMany(tx, {
    // In id order, so two runs over the same players claim their keys in the same order (no deadlock).
    userIds: [...new Set(input.userIds)].sort((a, b) => a - b),
    type: input.type,
    channels: [...info.channels],
    defaultChannel: info.default,
    key: clip(input.dedupeKey, 160),
    data: JSON.stringify(dataOf(input)),
    link: clip(input.link, 300),
    groupKey: input.group ? clip(input.group.key, 160) : null,
  });
  const mailed = made.filter((m) => m.emailState === "PENDING");
  await enqueueMany(
    "email-notification",
    mailed.map((m) => ({ payload: { notificationId: m.id }, jobKey: `email-notification:${m.id}` })),
    { tx, runAt: mailTime(), jobKeyMode: "preserve_run_at" },
  );
  const told = made.map((m) => m.userId);
  await notifyUsersOn(tx, told);
  return told;
}

/** Tells every process (the bell's streams) that this player's unread count may have changed; delivered on commit. */
export async function announceUnreadChange(tx: Tx, userId: number): Promise<void> {
  await notifyOn(tx, NOTIFICATIONS_CHANNEL, String(userId));
}
