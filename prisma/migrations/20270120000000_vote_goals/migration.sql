-- Vote goals (docs/game-integration.md, "Vote goal"): N counted votes in a day of the server's
-- time zone or in a rolling window hand one server event to the game per round reached. A server
-- event now comes from a community goal round or a vote goal round, never both.

-- CreateEnum
CREATE TYPE "VoteGoalWindow" AS ENUM ('DAY', 'ROLLING');

-- CreateTable
CREATE TABLE "vote_goals" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(80) NOT NULL,
    "description" VARCHAR(500) NOT NULL DEFAULT '',
    "targetVotes" INTEGER NOT NULL,
    "window" "VoteGoalWindow" NOT NULL DEFAULT 'DAY',
    "windowHours" INTEGER,
    "rewardType" VARCHAR(64) NOT NULL,
    "rewardPayload" JSONB NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3),
    "roundsReached" INTEGER NOT NULL DEFAULT 0,
    "reachedThrough" TIMESTAMPTZ(3),
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vote_goals_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "vote_goals_target_check" CHECK ("targetVotes" >= 1),
    CONSTRAINT "vote_goals_window_check" CHECK (("window" = 'DAY' AND "windowHours" IS NULL) OR ("window" = 'ROLLING' AND "windowHours" >= 1))
);

-- AlterTable
ALTER TABLE "server_events" ADD COLUMN     "voteGoalId" INTEGER,
ADD COLUMN     "voteGoalRound" INTEGER,
ADD CONSTRAINT "server_events_one_source_check" CHECK ("goalId" IS NULL OR "voteGoalId" IS NULL);

-- CreateIndex
CREATE INDEX "vote_goals_active_startsAt_idx" ON "vote_goals"("active", "startsAt");

-- CreateIndex
CREATE UNIQUE INDEX "server_events_voteGoalId_voteGoalRound_key" ON "server_events"("voteGoalId", "voteGoalRound");

-- AddForeignKey
ALTER TABLE "server_events" ADD CONSTRAINT "server_events_voteGoalId_fkey" FOREIGN KEY ("voteGoalId") REFERENCES "vote_goals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
