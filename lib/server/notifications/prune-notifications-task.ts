import "server-only";
import { db } from "../db";
import { log } from "../log";
import { pruneNotifications } from "./sql/notifications";

/** Notifications kept per player (the newest by latest event); older ones go in the hourly prune. */
export const NOTIFICATION_CAP = 500;
/** Dedupe keys are kept this long: a job retried later than that is not expected. */
export const NOTIFICATION_KEY_DAYS = 90;

// The cap is kept here, off the hot path: notify() only inserts.
export async function pruneNotificationsTask(): Promise<void> {
  const gone = await pruneNotifications(db, NOTIFICATION_CAP, NOTIFICATION_KEY_DAYS);
  if (gone.notifications || gone.keys) log.info("notifications.pruned", gone);
}
