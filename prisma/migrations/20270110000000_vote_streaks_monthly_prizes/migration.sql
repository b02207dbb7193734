-- Vote streaks and their milestone rewards, the reminder before a streak breaks, and the month's
-- top voters with their prizes (docs/game-integration.md, "Vote callbacks"; docs/notifications.md).
-- The notification CHECK constraints follow NOTIFICATION_TYPES in lib/notifications.ts.

-- AlterEnum
ALTER TYPE "DeliveryKind" ADD VALUE 'VOTE_STREAK_REWARD';
ALTER TYPE "DeliveryKind" ADD VALUE 'VOTE_MONTHLY_PRIZE';

-- CreateTable
CREATE TABLE "vote_streaks" (
    "userId" INTEGER NOT NULL,
    "current" INTEGER NOT NULL DEFAULT 0,
    "longest" INTEGER NOT NULL DEFAULT 0,
    "startDay" DATE NOT NULL,
    "lastDay" DATE NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vote_streaks_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "vote_streak_rewards" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "startDay" DATE NOT NULL,
    "days" INTEGER NOT NULL,
    "deliveryId" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vote_streak_rewards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vote_streak_reminders" (
    "userId" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vote_streak_reminders_pkey" PRIMARY KEY ("userId","day")
);

-- CreateTable
CREATE TABLE "vote_monthly_winners" (
    "month" VARCHAR(7) NOT NULL,
    "place" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "votes" INTEGER NOT NULL,
    "reachedAt" TIMESTAMPTZ(3) NOT NULL,
    "deliveryId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "vote_monthly_winners_pkey" PRIMARY KEY ("month","place")
);

-- CreateIndex
CREATE INDEX "vote_streaks_lastDay_idx" ON "vote_streaks"("lastDay");

-- CreateIndex
CREATE UNIQUE INDEX "vote_streak_rewards_deliveryId_key" ON "vote_streak_rewards"("deliveryId");

-- CreateIndex
CREATE UNIQUE INDEX "vote_streak_rewards_userId_startDay_days_key" ON "vote_streak_rewards"("userId", "startDay", "days");

-- CreateIndex
CREATE UNIQUE INDEX "vote_monthly_winners_deliveryId_key" ON "vote_monthly_winners"("deliveryId");

-- CreateIndex
CREATE UNIQUE INDEX "vote_monthly_winners_month_userId_key" ON "vote_monthly_winners"("month", "userId");

-- AddForeignKey
ALTER TABLE "vote_streaks" ADD CONSTRAINT "vote_streaks_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vote_streak_rewards" ADD CONSTRAINT "vote_streak_rewards_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vote_streak_rewards" ADD CONSTRAINT "vote_streak_rewards_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "game_deliveries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vote_streak_reminders" ADD CONSTRAINT "vote_streak_reminders_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vote_monthly_winners" ADD CONSTRAINT "vote_monthly_winners_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "vote_monthly_winners" ADD CONSTRAINT "vote_monthly_winners_deliveryId_fkey" FOREIGN KEY ("deliveryId") REFERENCES "game_deliveries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("type" IN ('forum_reply', 'forum_watched_post', 'mention', 'quote', 'reaction', 'report_outcome', 'ticket_reply', 'ticket_status', 'order_claimed', 'order_blocked', 'gift_received', 'vote_reward', 'vote_streak', 'vote_streak_reminder', 'vote_top_voter', 'donator_rank', 'achievement', 'competition_prize', 'security'));

ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_type_check";
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_type_check" CHECK ("type" IN ('forum_reply', 'forum_watched_post', 'mention', 'quote', 'reaction', 'report_outcome', 'ticket_reply', 'ticket_status', 'order_claimed', 'order_blocked', 'gift_received', 'vote_reward', 'vote_streak', 'vote_streak_reminder', 'vote_top_voter', 'donator_rank', 'achievement', 'competition_prize', 'security'));
