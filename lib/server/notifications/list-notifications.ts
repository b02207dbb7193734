import "server-only";
import { isNotificationType, type NotificationData, notificationText } from "@/lib/notifications";
import { NOTIFICATIONS_PAGE_SIZE, type TNotification, type TUnread } from "@/lib/schemas/notifications";
import { db } from "../db";
import { AppError } from "../errors";
import { paged, pageWindow } from "../paging";
import { announceUnreadChange } from "./notify";

// The player's notifications (GET/POST /api/v1/account/notifications…). Every query carries the
// player: someone else's notification answers like a missing one.

type Row = { id: number; type: string; data: unknown; link: string; count: number; createdAt: Date; updatedAt: Date; readAt: Date | null };

export function toNotificationDto(r: Row): TNotification {
  const type = isNotificationType(r.type) ? r.type : "security";
  const data = (r.data ?? {}) as NotificationData;
  return {
    id: r.id,
    type,
    text: notificationText(type, data, r.count),
    link: r.link,
    actors: Array.isArray(data.actors) ? data.actors : [],
    count: r.count,
    created: r.createdAt.toISOString(),
    updated: r.updatedAt.toISOString(),
    read: r.readAt !== null,
  };
}

export function unreadCount(userId: number): Promise<number> {
  return db.notification.count({ where: { userId, readAt: null } });
}

export async function listNotifications(req: Request, userId: number, page: number) {
  const [rows, total, unread] = await Promise.all([
    db.notification.findMany({ where: { userId }, orderBy: [{ updatedAt: "desc" }, { id: "desc" }], ...pageWindow(page, NOTIFICATIONS_PAGE_SIZE) }),
    db.notification.count({ where: { userId } }),
    unreadCount(userId),
  ]);
  return { ...paged(req, { page, pageSize: NOTIFICATIONS_PAGE_SIZE, total, results: rows.map(toNotificationDto) }), unread };
}

export async function markNotificationRead(userId: number, id: number): Promise<TUnread> {
  return db.$transaction(async (tx) => {
    const found = await tx.notification.findFirst({ where: { id, userId }, select: { readAt: true } });
    if (!found) throw new AppError("NOT_FOUND", { userMessage: "No such notification." });
    if (!found.readAt) {
      const done = await tx.notification.updateMany({ where: { id, userId, readAt: null }, data: { readAt: new Date() } });
      if (done.count) await announceUnreadChange(tx, userId);
    }
    return { unread: await tx.notification.count({ where: { userId, readAt: null } }) };
  });
}

export async function markAllNotificationsRead(userId: number): Promise<TUnread> {
  return db.$transaction(async (tx) => {
    const done = await tx.notification.updateMany({ where: { userId, readAt: null }, data: { readAt: new Date() } });
    if (done.count) await announceUnreadChange(tx, userId);
    return { unread: 0 };
  });
}
