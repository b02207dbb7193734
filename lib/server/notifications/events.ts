import "server-only";
import { playerTabHref } from "@/lib/progress/urls";
import type { Tx } from "../db";
import { notify, notifyMany, type NotifyResult } from "./notify";

// One function per notification type: what each event says, where it leads, its dedupe key and
// its grouping. Call them inside the transaction of the action (docs/notifications.md). The
// forum, ticket, game, payment, progress, competition and account code calls the first group;
// the others are ready for the features that will make those events (mentions, quotes,
// reactions, watched threads, gifts, vote rewards).

type Actor = { username: string } | null;

/** A thread's page and post anchor (the same link as components/forums/forum-paths.ts threadHref). */
export function postLink(threadId: number, page: number, postId: number): string {
  return `/forums/thread/${threadId}${page > 1 ? `?page=${page}` : ""}#post-${postId}`;
}

// ── wired now ──

/**
 * A reply in the player's thread. Catch-up: while the owner has an unread reply notification for
 * the thread, more replies add nothing (the unread one leads to the first reply they missed).
 */
export function notifyForumReply(
  tx: Tx,
  e: { ownerId: number; threadId: number; title: string; postId: number; page: number; author: Actor },
): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.ownerId,
    type: "forum_reply",
    dedupeKey: `forum_reply:post:${e.postId}`,
    link: postLink(e.threadId, e.page, e.postId),
    actor: e.author?.username ?? null,
    title: e.title,
    group: { key: `forum_reply:thread:${e.threadId}`, mode: "catch-up" },
  });
}

export type ReportOutcomeWord = "agreed" | "disagreed" | "ignored";
export type ReportActionWord = "post_hidden" | "warned" | "none";

/** What the reporter reads: the outcome, what was done, and staff's note. */
export function reportOutcomeDetail(outcome: ReportOutcomeWord, action: ReportActionWord | null, note: string | null): string {
  const done =
    outcome === "agreed"
      ? action === "post_hidden"
        ? "staff agreed and hid the post"
        : action === "warned"
          ? "staff agreed and warned its author"
          : "staff agreed; no further action was needed"
      : outcome === "disagreed"
        ? "staff found the post within the rules"
        : "staff closed the report without action";
  return note ? `${done}. Note: ${note}` : done;
}

/**
 * A report the player made was resolved (docs/forums.md, "Reports"): once per resolution, so a
 * report made again and resolved again tells them again. Leads to the thread (the post itself
 * may now be hidden from them).
 */
export function notifyReportOutcome(
  tx: Tx,
  e: {
    reporterId: number;
    reportId: number;
    threadId: number;
    title: string;
    outcome: ReportOutcomeWord;
    action: ReportActionWord | null;
    note: string | null;
    at: Date;
  },
): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.reporterId,
    type: "report_outcome",
    dedupeKey: `report_outcome:${e.reportId}:${e.at.getTime()}`,
    link: `/forums/thread/${e.threadId}`,
    title: e.title,
    detail: reportOutcomeDetail(e.outcome, e.action, e.note),
  });
}

/** A staff reply on the player's ticket. */
export function notifyTicketReply(tx: Tx, e: { ownerId: number; ticketId: number; title: string; commentId: number }): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.ownerId,
    type: "ticket_reply",
    dedupeKey: `ticket_reply:comment:${e.commentId}`,
    link: `/ticket/${e.ticketId}`,
    title: e.title,
    group: { key: `ticket_reply:ticket:${e.ticketId}`, mode: "merge" },
  });
}

/** The player's ticket closed or reopened by staff. `change` tells one change from another (the ticket's updatedAt). */
export function notifyTicketStatus(tx: Tx, e: { ownerId: number; ticketId: number; title: string; closed: boolean; change: Date }): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.ownerId,
    type: "ticket_status",
    dedupeKey: `ticket_status:${e.ticketId}:${e.closed ? "closed" : "reopened"}:${e.change.getTime()}`,
    link: `/ticket/${e.ticketId}`,
    title: e.title,
    detail: e.closed ? "closed" : "reopened",
  });
}

/** The game acknowledged handing over a delivery of an order (the player claimed it). */
export function notifyOrderClaimed(tx: Tx, e: { userId: number; deliveryId: number; what: string; link: string }): Promise<NotifyResult> {
  return notify(tx, { userId: e.userId, type: "order_claimed", dedupeKey: `order_claimed:delivery:${e.deliveryId}`, link: e.link, title: e.what });
}

/**
 * The game could not hand a delivery over yet. Once per delivery and reason: the game reports
 * again on every claim while the player stays offline, and that is no news.
 */
export function notifyOrderBlocked(
  tx: Tx,
  e: { userId: number; deliveryId: number; what: string; reason: string; reasonText: string; link: string },
): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.userId,
    type: "order_blocked",
    dedupeKey: `order_blocked:delivery:${e.deliveryId}:${e.reason}`,
    link: e.link,
    title: e.what,
    detail: e.reasonText,
  });
}

/** A donator rank reached at a payment's settlement. `total` (cents paid) tells a rank reached again after a refund from a repeat. */
export function notifyDonatorRank(tx: Tx, e: { userId: number; rank: string; total: number }): Promise<NotifyResult> {
  return notify(tx, { userId: e.userId, type: "donator_rank", dedupeKey: `donator_rank:${e.rank}:${e.total}`, link: "/account", title: e.rank });
}

/**
 * An achievement tier the player's hiscores push dated (docs/progress.md, "Achievements"): once per
 * tier, ever. Leads to the player's achievements page, where the tier shows with its date.
 */
export function notifyAchievement(tx: Tx, e: { userId: number; username: string; key: string; name: string }): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.userId,
    type: "achievement",
    dedupeKey: `achievement:${e.key}`,
    link: playerTabHref(e.username, "achievements"),
    title: e.name,
  });
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  const suffix = mod100 >= 11 && mod100 <= 13 ? "th" : n % 10 === 1 ? "st" : n % 10 === 2 ? "nd" : n % 10 === 3 ? "rd" : "th";
  return `${n}${suffix}`;
}

/**
 * A prize won in a competition that ended (its game delivery is queued in the same transaction),
 * told to the players of one place at once (a team's members share it): once per competition.
 * The players told.
 */
export function notifyCompetitionPrize(
  tx: Tx,
  e: { userIds: readonly number[]; competitionId: number; title: string; place: number; team: boolean },
): Promise<number[]> {
  return notifyMany(tx, {
    userIds: e.userIds,
    type: "competition_prize",
    dedupeKey: `competition_prize:${e.competitionId}`,
    link: `/competitions/${e.competitionId}`,
    title: e.title,
    detail: e.team ? `${ordinal(e.place)} with your team` : ordinal(e.place),
  });
}

export type SecurityEvent =
  "2fa_on" | "2fa_off" | "2fa_reset_by_staff" | "password_changed" | "password_reset" | "new_device" | "recovery_code_used" | "email_changed";
const SECURITY_TEXT: Record<SecurityEvent, string> = {
  "2fa_on": "Two-factor authentication was turned on for your account",
  "2fa_off": "Two-factor authentication was turned off for your account",
  "2fa_reset_by_staff": "Staff turned off two-factor authentication for your account, as asked through support",
  password_changed: "Your password was changed; your other sessions were ended",
  password_reset: "Your password was reset by email link; every session was ended",
  new_device: "Someone signed in to your account from a new device; the mail we sent says where, and how to end that session",
  recovery_code_used: "A recovery code was used to sign in to your account",
  email_changed: "Your account's email address was changed",
};

/** A change to the account's security. `at` makes each change its own event. */
export function notifySecurity(tx: Tx, e: { userId: number; event: SecurityEvent; at: Date }): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.userId,
    type: "security",
    dedupeKey: `security:${e.event}:${e.at.getTime()}`,
    link: "/account",
    detail: SECURITY_TEXT[e.event],
  });
}

// ── for the features to come ──

/** The player was @mentioned in a post (once per post). */
export function notifyMention(
  tx: Tx,
  e: { userId: number; postId: number; threadId: number; page: number; title: string; author: Actor },
): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.userId,
    type: "mention",
    dedupeKey: `mention:post:${e.postId}`,
    link: postLink(e.threadId, e.page, e.postId),
    actor: e.author?.username ?? null,
    title: e.title,
  });
}

/** A post of the player's was quoted (once per quoting post). */
export function notifyQuote(
  tx: Tx,
  e: { userId: number; postId: number; threadId: number; page: number; title: string; author: Actor },
): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.userId,
    type: "quote",
    dedupeKey: `quote:post:${e.postId}`,
    link: postLink(e.threadId, e.page, e.postId),
    actor: e.author?.username ?? null,
    title: e.title,
  });
}

/** A reaction on the player's post: grouped per post ("Mordra and 3 others liked your post"); once per reacting player and post. */
export function notifyReaction(
  tx: Tx,
  e: { userId: number; postId: number; threadId: number; page: number; title: string; reactor: { id: number; username: string } },
): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.userId,
    type: "reaction",
    dedupeKey: `reaction:post:${e.postId}:by:${e.reactor.id}`,
    link: postLink(e.threadId, e.page, e.postId),
    actor: e.reactor.username,
    title: e.title,
    group: { key: `reaction:post:${e.postId}`, mode: "merge" },
  });
}

type WatchedPost = { postId: number; threadId: number; page: number; title: string; author: Actor };
const watchedPost = (e: WatchedPost) => ({
  type: "forum_watched_post" as const,
  dedupeKey: `forum_watched_post:post:${e.postId}`,
  link: postLink(e.threadId, e.page, e.postId),
  actor: e.author?.username ?? null,
  title: e.title,
  group: { key: `forum_watched_post:thread:${e.threadId}`, mode: "catch-up" as const },
});

/** A new post in a thread the player watches: catch-up per thread, like replies. */
export function notifyWatchedPost(tx: Tx, e: WatchedPost & { userId: number }): Promise<NotifyResult> {
  return notify(tx, { userId: e.userId, ...watchedPost(e) });
}

/** The same, told to a batch of watchers at once (the notify-watchers job): the players told. */
export function notifyWatchedPostMany(tx: Tx, e: WatchedPost & { userIds: readonly number[] }): Promise<number[]> {
  return notifyMany(tx, { userIds: e.userIds, ...watchedPost(e) });
}

/** A gift received (a gift card or an item bought for the player); `giftRef` names the gift once. */
export function notifyGiftReceived(tx: Tx, e: { userId: number; giftRef: string; what: string; from: Actor; link: string }): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.userId,
    type: "gift_received",
    dedupeKey: `gift_received:${e.giftRef}`,
    link: e.link,
    actor: e.from?.username ?? null,
    title: e.what,
  });
}

/** A vote counted and its reward queued for the game (once per vote). */
export function notifyVoteReward(tx: Tx, e: { userId: number; voteId: number; what: string }): Promise<NotifyResult> {
  return notify(tx, { userId: e.userId, type: "vote_reward", dedupeKey: `vote_reward:vote:${e.voteId}`, link: "/vote", title: e.what });
}

/** A vote streak milestone reached (its bonus delivery is queued in the same transaction): once per streak and milestone. */
export function notifyVoteStreak(tx: Tx, e: { userId: number; startDay: string; days: number }): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.userId,
    type: "vote_streak",
    dedupeKey: `vote_streak:${e.startDay}:${e.days}`,
    link: "/vote",
    title: `${e.days}-day vote streak`,
  });
}

/** The streak is alive but today's votes are missing, a few hours before the day ends: once per local day. */
export function notifyVoteStreakReminder(tx: Tx, e: { userId: number; day: string; days: number }): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.userId,
    type: "vote_streak_reminder",
    dedupeKey: `vote_streak_reminder:${e.day}`,
    link: "/vote",
    title: `${e.days}-day vote streak`,
  });
}

/** A place among the month's top voters (its prize delivery is queued in the same transaction): once per month. */
export function notifyVoteTopVoter(tx: Tx, e: { userId: number; month: string; monthName: string; place: number }): Promise<NotifyResult> {
  return notify(tx, {
    userId: e.userId,
    type: "vote_top_voter",
    dedupeKey: `vote_top_voter:${e.month}`,
    link: "/vote",
    title: `the votes of ${e.monthName}`,
    detail: ordinal(e.place),
  });
}
