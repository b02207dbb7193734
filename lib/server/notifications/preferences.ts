import "server-only";
import { NOTIFICATION_TYPE_INFO, NOTIFICATION_TYPES, type NotificationChannel, type NotificationType, WEEKLY_DIGEST } from "@/lib/notifications";
import type { TNotificationPreferences, TPreferencesInput } from "@/lib/schemas/notifications";
import { db, type Db, type Tx } from "../db";

// A player's channel per notification type (docs/notifications.md). No row: the type's default.
// Beside them, the weekly digest's on/off (users.weeklyDigest, on by default).

/** A stored channel is honoured only while the type still offers it; otherwise the default. */
function effective(type: NotificationType, stored: string | undefined): NotificationChannel {
  const info = NOTIFICATION_TYPE_INFO[type];
  return stored && info.channels.includes(stored as NotificationChannel) ? (stored as NotificationChannel) : info.default;
}

/** The channel a notification of `type` goes through for this player now. */
export async function channelFor(client: Tx | Db, userId: number, type: NotificationType): Promise<NotificationChannel> {
  const row = await client.notificationPreference.findUnique({ where: { userId_type: { userId, type } }, select: { channel: true } });
  return effective(type, row?.channel);
}

export async function getNotificationPreferences(userId: number, client: Tx | Db = db): Promise<TNotificationPreferences> {
  const rows = await client.notificationPreference.findMany({ where: { userId }, select: { type: true, channel: true } });
  const stored = new Map(rows.map((r) => [r.type, r.channel]));
  return {
    results: NOTIFICATION_TYPES.map((type) => ({
      type,
      label: NOTIFICATION_TYPE_INFO[type].label,
      channel: effective(type, stored.get(type)),
      channels: [...NOTIFICATION_TYPE_INFO[type].channels],
    })),
    [WEEKLY_DIGEST]: await weeklyDigestOn(client, userId),
  };
}

/** Sets the channels named (already checked against each type's choices by the contract). */
export async function setNotificationPreferences(userId: number, input: TPreferencesInput): Promise<TNotificationPreferences> {
  return db.$transaction(async (tx) => {
    for (const type of NOTIFICATION_TYPES) {
      const channel = input[type];
      if (!channel) continue;
      await tx.notificationPreference.upsert({
        where: { userId_type: { userId, type } },
        create: { userId, type, channel },
        update: { channel },
        select: { userId: true },
      });
    }
    const digest = input[WEEKLY_DIGEST];
    if (digest !== undefined) await tx.user.update({ where: { id: userId }, data: { weeklyDigest: digest }, select: { id: true } });
    return getNotificationPreferences(userId, tx);
  });
}

/** The one-click unsubscribe: email becomes site for that type (still shown behind the bell). */
export async function stopEmailsOf(userId: number, type: NotificationType): Promise<NotificationChannel> {
  return db.$transaction(async (tx) => {
    const now = await channelFor(tx, userId, type);
    if (now !== "email") return now;
    await tx.notificationPreference.upsert({
      where: { userId_type: { userId, type } },
      create: { userId, type, channel: "site" },
      update: { channel: "site" },
      select: { userId: true },
    });
    return "site";
  });
}

/** Whether the player gets the weekly digest (docs/notifications.md, "Weekly digest"). */
export async function weeklyDigestOn(client: Tx | Db, userId: number): Promise<boolean> {
  const row = await client.user.findUnique({ where: { id: userId }, select: { weeklyDigest: true } });
  return row?.weeklyDigest ?? false;
}

/** The digest's one-click unsubscribe: it stops (doing it twice changes nothing). */
export async function stopWeeklyDigest(userId: number): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { weeklyDigest: false }, select: { id: true } });
}
