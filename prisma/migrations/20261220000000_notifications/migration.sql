-- The notification centre (docs/notifications.md): notifications, their dedupe keys, the
-- players' channel per type, and the one-click unsubscribe address of a notification mail.

-- CreateEnum
CREATE TYPE "NotificationEmailState" AS ENUM ('NONE', 'PENDING', 'SENT', 'SKIPPED');

-- AlterTable
ALTER TABLE "mail_messages" ADD COLUMN "listUnsubscribe" TEXT;

-- CreateTable
CREATE TABLE "notifications" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "type" VARCHAR(32) NOT NULL,
    "data" JSONB NOT NULL,
    "link" VARCHAR(300) NOT NULL,
    "groupKey" VARCHAR(160),
    "count" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readAt" TIMESTAMP(3),
    "emailState" "NotificationEmailState" NOT NULL DEFAULT 'NONE',

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("id"),
    -- The list of lib/notifications.ts (NOTIFICATION_TYPES); a new type adds itself here too.
    CONSTRAINT "notifications_type_check" CHECK ("type" IN ('forum_reply', 'forum_watched_post', 'mention', 'quote', 'reaction', 'ticket_reply', 'ticket_status', 'order_claimed', 'order_blocked', 'gift_received', 'vote_reward', 'donator_rank', 'security')),
    CONSTRAINT "notifications_link_check" CHECK ("link" LIKE '/%' AND "link" NOT LIKE '//%'),
    CONSTRAINT "notifications_count_check" CHECK ("count" >= 1)
);

-- CreateTable
CREATE TABLE "notification_keys" (
    "userId" INTEGER NOT NULL,
    "key" VARCHAR(160) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_keys_pkey" PRIMARY KEY ("userId","key")
);

-- CreateTable
CREATE TABLE "notification_preferences" (
    "userId" INTEGER NOT NULL,
    "type" VARCHAR(32) NOT NULL,
    "channel" VARCHAR(8) NOT NULL,

    CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("userId","type"),
    CONSTRAINT "notification_preferences_type_check" CHECK ("type" IN ('forum_reply', 'forum_watched_post', 'mention', 'quote', 'reaction', 'ticket_reply', 'ticket_status', 'order_claimed', 'order_blocked', 'gift_received', 'vote_reward', 'donator_rank', 'security')),
    CONSTRAINT "notification_preferences_channel_check" CHECK ("channel" IN ('site', 'email', 'off'))
);

-- CreateIndex
CREATE INDEX "notifications_userId_updatedAt_id_idx" ON "notifications"("userId", "updatedAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "notifications_userId_readAt_idx" ON "notifications"("userId", "readAt");

-- One unread row per group: grouped events update it, catch-up events leave it alone
-- (lib/server/notifications/sql/notifications.ts). Not expressible in the Prisma schema.
CREATE UNIQUE INDEX "notifications_unread_group_key" ON "notifications"("userId", "groupKey") WHERE "readAt" IS NULL AND "groupKey" IS NOT NULL;

-- CreateIndex
CREATE INDEX "notification_keys_createdAt_idx" ON "notification_keys"("createdAt");

-- AddForeignKey
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_keys" ADD CONSTRAINT "notification_keys_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
