// The notification types and what each may be sent through (docs/notifications.md). Pure, so
// the preferences form, the list and the server read the same table. The database holds `type`
// to this list with a CHECK constraint (prisma/migrations/…_notifications): a new type is added
// in both places.

export const NOTIFICATION_TYPES = [
  "forum_reply",
  "forum_watched_post",
  "mention",
  "quote",
  "reaction",
  "report_outcome",
  "ticket_reply",
  "ticket_status",
  "order_claimed",
  "order_blocked",
  "gift_received",
  "vote_reward",
  "vote_streak",
  "vote_streak_reminder",
  "vote_top_voter",
  "donator_rank",
  "achievement",
  "competition_prize",
  "security",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_CHANNELS = ["site", "email", "off"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

type TypeInfo = {
  /** The preferences form's label. */
  label: string;
  /** The channel with no preference stored. */
  default: NotificationChannel;
  /** What the player may choose. A type whose event already sends a mail of its own offers no "email". */
  channels: readonly NotificationChannel[];
};

const ALL = NOTIFICATION_CHANNELS;
const NO_MAIL = ["site", "off"] as const;

export const NOTIFICATION_TYPE_INFO: Record<NotificationType, TypeInfo> = {
  forum_reply: { label: "Replies in your threads", default: "site", channels: ALL },
  forum_watched_post: { label: "New posts in threads you watch", default: "site", channels: ALL },
  mention: { label: "Mentions of your name", default: "site", channels: ALL },
  quote: { label: "Quotes of your posts", default: "site", channels: ALL },
  reaction: { label: "Reactions to your posts", default: "site", channels: ALL },
  report_outcome: { label: "What staff decided on posts you reported", default: "site", channels: ALL },
  // Staff replies and status changes are mailed anyway (lib/server/tickets).
  ticket_reply: { label: "Staff replies on your tickets", default: "site", channels: NO_MAIL },
  ticket_status: { label: "Your tickets closed or reopened", default: "site", channels: NO_MAIL },
  order_claimed: { label: "Orders claimed in game", default: "site", channels: ALL },
  order_blocked: { label: "Orders the game could not hand over yet", default: "site", channels: ALL },
  // The gift is mailed anyway (lib/server/store/queue-gift-notice.ts).
  gift_received: { label: "Gifts you receive", default: "site", channels: NO_MAIL },
  vote_reward: { label: "Vote rewards", default: "site", channels: ALL },
  vote_streak: { label: "Vote streak milestones you reach", default: "site", channels: ALL },
  // A reminder is only useful before the day ends: mailed by default (the player may choose the bell only, or nothing).
  vote_streak_reminder: { label: "Reminders before your vote streak breaks", default: "email", channels: ALL },
  vote_top_voter: { label: "Prizes for the month's top voters", default: "site", channels: ALL },
  // The rank reached is mailed anyway (lib/server/payments/settle.ts).
  donator_rank: { label: "Donator ranks reached", default: "site", channels: NO_MAIL },
  achievement: { label: "Achievements you reach", default: "site", channels: ALL },
  competition_prize: { label: "Competition prizes you win", default: "site", channels: ALL },
  // Account security is always shown; its mails are sent by the account code itself.
  security: { label: "Account security (password, two-factor)", default: "site", channels: ["site"] },
};

export const isNotificationType = (v: string): v is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(v);

/** The weekly digest mail (docs/notifications.md, "Weekly digest"): its name in preferences and unsubscribe links. */
export const WEEKLY_DIGEST = "weekly_digest";
export const WEEKLY_DIGEST_LABEL = "Weekly digest";

/** The mails one unsubscribe link can stop: one notification type's, or the weekly digest. */
export const MAIL_KINDS = [...NOTIFICATION_TYPES, WEEKLY_DIGEST] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const isMailKind = (v: string): v is MailKind => (MAIL_KINDS as readonly string[]).includes(v);
export const mailKindLabel = (kind: MailKind): string => (kind === WEEKLY_DIGEST ? WEEKLY_DIGEST_LABEL : NOTIFICATION_TYPE_INFO[kind].label);

/** The ISO 8601 week of a moment, in UTC: "2026-W53". A week starts on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(at: Date): string {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  // The Thursday of the same week decides the year.
  day.setUTCDate(day.getUTCDate() + 4 - (day.getUTCDay() || 7));
  const year = day.getUTCFullYear();
  const week = Math.ceil(((day.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, "0")}`;
}

/** The stored JSON of a notification: who (latest first, at most three names), about what, and the type's detail. */
export type NotificationData = { actors?: string[]; title?: string; detail?: string };

/** How many names a grouped notification keeps. */
export const MAX_ACTORS = 3;

/** "Mordra", "Mordra and Zezima", "Mordra and 3 others". */
export function actorsText(actors: readonly string[], count: number): string {
  const first = actors[0] ?? "Someone";
  const others = Math.max(count - 1, 0);
  if (others === 0) return first;
  if (others === 1 && actors[1]) return `${first} and ${actors[1]}`;
  return `${first} and ${others} others`;
}

const quoted = (t: string | undefined) => (t ? ` “${t}”` : "");

/** The sentence the bell's list and the mail show. */
export function notificationText(type: NotificationType, data: NotificationData, count: number): string {
  const who = actorsText(data.actors ?? [], count);
  switch (type) {
    case "forum_reply":
      return `${data.actors?.[0] ?? "Someone"} replied to your thread${quoted(data.title)}`;
    case "forum_watched_post":
      return `${who} posted in${quoted(data.title) || " a thread you watch"}`;
    case "mention":
      return `${who} mentioned you in${quoted(data.title) || " a post"}`;
    case "quote":
      return `${who} quoted your post in${quoted(data.title) || " a thread"}`;
    case "reaction":
      return `${who} liked your post${data.title ? ` in “${data.title}”` : ""}`;
    case "report_outcome":
      return `Staff reviewed your report on a post in${quoted(data.title) || " the forums"}${data.detail ? `: ${data.detail}` : ""}`;
    case "ticket_reply":
      return `Staff replied to your ticket${quoted(data.title)}`;
    case "ticket_status":
      return `Your ticket${quoted(data.title)} was ${data.detail === "reopened" ? "reopened" : "closed"}`;
    case "order_claimed":
      return `Claimed in game: ${data.title ?? "your order"}`;
    case "order_blocked":
      return `The game could not hand over ${data.title ?? "your order"} yet${data.detail ? `: ${data.detail}` : ""}`;
    case "gift_received":
      return `${who} sent you a gift${data.title ? `: ${data.title}` : ""}`;
    case "vote_reward":
      return `Your vote reward is waiting${data.title ? `: ${data.title}` : ""}`;
    case "vote_streak":
      return `${data.title ?? "A vote streak milestone"} reached: your bonus is waiting in game`;
    case "vote_streak_reminder":
      return `Your ${data.title ?? "vote streak"} ends tonight: vote on every site before the day is over to keep it`;
    case "vote_top_voter":
      return `You placed ${data.detail ?? "among the top voters"} in${quoted(data.title) || " the month's votes"}: your prize is waiting in game`;
    case "donator_rank":
      return `You reached ${data.title ?? "a new donator rank"}. Thank you!`;
    case "achievement":
      return `Achievement reached: ${data.title ?? "a new tier"}`;
    case "competition_prize":
      return `You placed ${data.detail ?? "among the winners"} in${quoted(data.title) || " a competition"}: your prize is waiting in game`;
    case "security":
      return data.detail ?? "Your account's security settings changed";
  }
}
