import "server-only";
import type { Db, Tx } from "../../db";

// The notification writes Prisma cannot say: the dedupe key claimed once, the upsert on the one
// unread row of a group (a partial unique index), and the cap per player.

/** The channel the bell's live stream listens on; the payload is the player's id. */
export const NOTIFICATIONS_CHANNEL = "user_notifications";

/**
 * Claims `key` for the player: true the first time. A concurrent claim of the same key waits for
 * this transaction and then finds it taken, so two racing actions (or a retried job) make one.
 */
export async function claimNotificationKey(tx: Tx, userId: number, key: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ ok: number }[]>`
    INSERT INTO notification_keys ("userId", key, "createdAt") VALUES (${userId}, ${key}, (now() AT TIME ZONE 'UTC'))
    ON CONFLICT ("userId", key) DO NOTHING
    RETURNING 1 AS ok`;
  return rows.length === 1;
}

export type NotificationInsert = {
  userId: number;
  type: string;
  data: string;
  link: string;
  groupKey: string | null;
  emailState: "NONE" | "PENDING";
};

/** A notification of its own (no group). Its id. */
export async function insertNotification(tx: Tx, n: NotificationInsert): Promise<number> {
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO notifications ("userId", type, data, link, "groupKey", "emailState", "createdAt", "updatedAt")
    VALUES (${n.userId}, ${n.type}, ${n.data}::jsonb, ${n.link}, ${n.groupKey}, ${n.emailState}::"NotificationEmailState",
            (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'))
    RETURNING id`;
  return row!.id;
}

export type GroupedRow = { id: number; inserted: boolean };

/**
 * Grouping: a new row, or the group's unread row gets the event folded in (count + 1, the new
 * actor first among at most three distinct names, the latest time). One statement: two events
 * racing for one group meet at the partial unique index and fold into one row.
 */
export async function upsertGroupedNotification(tx: Tx, n: NotificationInsert & { groupKey: string }): Promise<GroupedRow> {
  const [row] = await tx.$queryRaw<GroupedRow[]>`
    INSERT INTO notifications ("userId", type, data, link, "groupKey", "emailState", "createdAt", "updatedAt")
    VALUES (${n.userId}, ${n.type}, ${n.data}::jsonb, ${n.link}, ${n.groupKey}, ${n.emailState}::"NotificationEmailState",
            (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'))
    ON CONFLICT ("userId", "groupKey") WHERE "readAt" IS NULL AND "groupKey" IS NOT NULL
    DO UPDATE SET
      count = notifications.count + 1,
      "updatedAt" = EXCLUDED."updatedAt",
      data = jsonb_set(notifications.data, '{actors}', (
        SELECT COALESCE(jsonb_agg(k.a ORDER BY k.o), '[]'::jsonb) FROM (
          SELECT d.a, d.o FROM (
            SELECT DISTINCT ON (t.a) t.a, t.o
            FROM jsonb_array_elements(COALESCE(EXCLUDED.data->'actors', '[]'::jsonb) || COALESCE(notifications.data->'actors', '[]'::jsonb)) WITH ORDINALITY AS t(a, o)
            ORDER BY t.a, t.o
          ) d ORDER BY d.o LIMIT 3
        ) k))
    RETURNING id, (xmax = 0) AS inserted`;
  return row!;
}

/**
 * The catch-up rule: a new row only while the group has no unread one; otherwise nothing (the
 * unread row already leads the reader to where they left off). The id, or null when skipped.
 */
export async function insertUnlessUnreadInGroup(tx: Tx, n: NotificationInsert & { groupKey: string }): Promise<number | null> {
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO notifications ("userId", type, data, link, "groupKey", "emailState", "createdAt", "updatedAt")
    VALUES (${n.userId}, ${n.type}, ${n.data}::jsonb, ${n.link}, ${n.groupKey}, ${n.emailState}::"NotificationEmailState",
            (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC'))
    ON CONFLICT ("userId", "groupKey") WHERE "readAt" IS NULL AND "groupKey" IS NOT NULL
    DO NOTHING
    RETURNING id`;
  return row?.id ?? null;
}

/**
 * The bulk twin of claimNotificationKey + insertNotification / insertUnlessUnreadInGroup (notifyMany):
 * one statement for many players. Each player's channel is their stored one when the type still
 * offers it, else the type's default; `off` claims nothing and makes nothing. The key is claimed
 * per player (ON CONFLICT DO NOTHING: a repeated batch claims nothing again), and only players whose
 * key was claimed here get a row, which the catch-up rule (the group's partial unique index over
 * unread rows) may still skip. Answers the rows made.
 */
export async function insertNotificationsForMany(
  tx: Tx,
  n: {
    userIds: number[];
    type: string;
    channels: string[];
    defaultChannel: string;
    key: string;
    data: string;
    link: string;
    groupKey: string | null;
  },
): Promise<{ id: number; userId: number; emailState: "NONE" | "PENDING" }[]> {
  return tx.$queryRaw`
    WITH target AS (
      SELECT u.id AS "userId", COALESCE(CASE WHEN p.channel = ANY(${n.channels}::text[]) THEN p.channel END, ${n.defaultChannel}) AS channel
      FROM unnest(${n.userIds}::int[]) AS u(id)
      LEFT JOIN notification_preferences p ON p."userId" = u.id AND p.type = ${n.type}
    ),
    claimed AS (
      INSERT INTO notification_keys ("userId", key, "createdAt")
      SELECT "userId", ${n.key}, (now() AT TIME ZONE 'UTC') FROM target WHERE channel <> 'off' ORDER BY "userId"
      ON CONFLICT ("userId", key) DO NOTHING
      RETURNING "userId"
    )
    INSERT INTO notifications ("userId", type, data, link, "groupKey", "emailState", "createdAt", "updatedAt")
    SELECT c."userId", ${n.type}, ${n.data}::jsonb, ${n.link}, ${n.groupKey},
           (CASE WHEN t.channel = 'email' THEN 'PENDING' ELSE 'NONE' END)::"NotificationEmailState",
           (now() AT TIME ZONE 'UTC'), (now() AT TIME ZONE 'UTC')
    FROM claimed c JOIN target t USING ("userId")
    ORDER BY c."userId"
    ON CONFLICT ("userId", "groupKey") WHERE "readAt" IS NULL AND "groupKey" IS NOT NULL
    DO NOTHING
    RETURNING id, "userId", "emailState"::text AS "emailState"`;
}

/** The bell's announcement (NOTIFY user_notifications, '<id>') for each player, delivered on commit. */
export async function notifyUsersOn(tx: Tx, userIds: readonly number[]): Promise<void> {
  if (!userIds.length) return;
  await tx.$queryRaw`SELECT count(pg_notify(${NOTIFICATIONS_CHANNEL}, id::text))::int AS n FROM unnest(${[...userIds]}::int[]) AS t(id)`;
}

/**
 * Keeps each player's newest `cap` notifications (by latest event) and deletes the rest, and
 * dedupe keys older than `keyDays` days. Counts of what went.
 */
export async function pruneNotifications(client: Db | Tx, cap: number, keyDays: number): Promise<{ notifications: number; keys: number }> {
  const notifications = await client.$executeRaw`
    DELETE FROM notifications n USING (
      SELECT id FROM (
        SELECT id, row_number() OVER (PARTITION BY "userId" ORDER BY "updatedAt" DESC, id DESC) AS r
        FROM notifications WHERE "userId" IN (SELECT "userId" FROM notifications GROUP BY "userId" HAVING count(*) > ${cap})
      ) ranked WHERE r > ${cap}
    ) old
    WHERE n.id = old.id`;
  const keys = await client.$executeRaw`
    DELETE FROM notification_keys WHERE "createdAt" < (now() AT TIME ZONE 'UTC') - make_interval(days => ${keyDays}::int)`;
  return { notifications, keys };
}
