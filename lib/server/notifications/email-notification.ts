import "server-only";
import { isNotificationType, NOTIFICATION_TYPE_INFO, type NotificationData, notificationText } from "@/lib/notifications";
import { db } from "../db";
import { queueMail, siteLink } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { channelFor } from "./preferences";
import { seenOnSiteSince } from "./seen-on-site";
import { unsubscribeLinks } from "./unsubscribe";

// The `email-notification` job (queued by notify() for a player whose channel for the type is
// email, NOTIFICATION_EMAIL_DELAY_SECONDS later). It mails only what the player has not seen:
// - read on the site meanwhile: skipped;
// - active on the site since (a browser session or an API login used after the notification):
//   skipped, the bell showed it;
// - the channel no longer email (changed, or unsubscribed): skipped.
// The mail is queued (send-mail) and the row marked SENT in one transaction, by a conditional
// update on PENDING: a job run twice mails once.

export type EmailOutcome = "sent" | "skipped" | "gone";

export async function emailNotification(notificationId: number): Promise<EmailOutcome> {
  const n = await db.notification.findUnique({
    where: { id: notificationId },
    include: { user: { select: { id: true, username: true, email: true } } },
  });
  if (!n || n.emailState !== "PENDING" || !isNotificationType(n.type)) return "gone";
  const since = n.createdAt;
  const [seen, channel] = await Promise.all([seenOnSiteSince(n.userId, since), channelFor(db, n.userId, n.type)]);
  const skip = n.readAt !== null || seen || channel !== "email";
  return db.$transaction(async (tx) => {
    const claimed = await tx.notification.updateMany({ where: { id: n.id, emailState: "PENDING" }, data: { emailState: skip ? "SKIPPED" : "SENT" } });
    if (claimed.count === 0) return "gone";
    if (skip) return "skipped";
    const type = n.type as keyof typeof NOTIFICATION_TYPE_INFO;
    const text = notificationText(type, n.data as NotificationData, n.count);
    await queueMail(
      n.user.email,
      mailTemplates.notification(n.user.username, { text, typeLabel: NOTIFICATION_TYPE_INFO[type].label }, siteLink(n.link), unsubscribeLinks(n.userId, type)),
      { tx },
    );
    return "sent";
  });
}
