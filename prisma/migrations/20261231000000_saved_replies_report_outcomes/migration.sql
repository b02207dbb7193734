-- Saved replies for the ticket reply box, outcomes of forum reports, and the notification that
-- tells a reporter the outcome (docs/staff.md "Saved replies", docs/forums.md "Reports",
-- docs/notifications.md "Types"). The CHECK constraints follow NOTIFICATION_TYPES in lib/notifications.ts.

-- CreateTable
CREATE TABLE "saved_replies" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(80) NOT NULL,
    "body" VARCHAR(5000) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_replies_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "saved_replies_title_key" ON "saved_replies"("title");

-- CreateEnum
CREATE TYPE "ReportOutcome" AS ENUM ('AGREED', 'DISAGREED', 'IGNORED');

-- CreateEnum
CREATE TYPE "ReportAction" AS ENUM ('POST_HIDDEN', 'WARNED', 'NONE');

-- AlterTable
ALTER TABLE "forum_post_reports" ADD COLUMN "outcome" "ReportOutcome",
ADD COLUMN "actionTaken" "ReportAction",
ADD COLUMN "note" VARCHAR(500);

-- An outcome only on a resolved report; an action only with (and always with) AGREED.
ALTER TABLE "forum_post_reports" ADD CONSTRAINT "forum_post_reports_outcome_check" CHECK (
  ("outcome" IS NULL OR "resolvedAt" IS NOT NULL)
  AND (("outcome" = 'AGREED') = ("actionTaken" IS NOT NULL))
  AND ("note" IS NULL OR "outcome" IS NOT NULL)
);

ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("type" IN ('forum_reply', 'forum_watched_post', 'mention', 'quote', 'reaction', 'report_outcome', 'ticket_reply', 'ticket_status', 'order_claimed', 'order_blocked', 'gift_received', 'vote_reward', 'donator_rank', 'achievement', 'competition_prize', 'security'));

ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_type_check";
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_type_check" CHECK ("type" IN ('forum_reply', 'forum_watched_post', 'mention', 'quote', 'reaction', 'report_outcome', 'ticket_reply', 'ticket_status', 'order_claimed', 'order_blocked', 'gift_received', 'vote_reward', 'donator_rank', 'achievement', 'competition_prize', 'security'));
