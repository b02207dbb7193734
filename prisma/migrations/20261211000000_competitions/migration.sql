-- Competitions (docs/competitions.md): races over a window in one or more hiscore metrics, scored
-- exactly at push time (lib/server/competitions/sql/push.ts), their teams, prizes, participants and
-- each participant's start and current value per metric; the weekly schedules that make them; and
-- the prize deliveries to the game (kind COMPETITION_PRIZE, one per competition and player).

-- CreateEnum
CREATE TYPE "CompetitionMetricKind" AS ENUM ('SKILLS', 'ACTIVITIES');

-- CreateEnum
CREATE TYPE "CompetitionType" AS ENUM ('CLASSIC', 'TEAM');

-- CreateEnum
CREATE TYPE "CompetitionSignup" AS ENUM ('OPEN', 'EVERYONE');

-- CreateEnum
CREATE TYPE "CompetitionScheduleKind" AS ENUM ('SKILL', 'BOSS');

-- AlterEnum
ALTER TYPE "DeliveryKind" ADD VALUE 'COMPETITION_PRIZE';

-- AlterTable
ALTER TABLE "game_deliveries" ADD COLUMN     "competitionId" INTEGER;

-- CreateTable
CREATE TABLE "competitions" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(50) NOT NULL,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,
    "metricKind" "CompetitionMetricKind" NOT NULL,
    "type" "CompetitionType" NOT NULL DEFAULT 'CLASSIC',
    "signup" "CompetitionSignup" NOT NULL DEFAULT 'OPEN',
    "cancelledAt" TIMESTAMPTZ(3),
    "endedAt" TIMESTAMPTZ(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdById" INTEGER,
    "scheduleId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "competitions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "competition_metrics" (
    "competitionId" INTEGER NOT NULL,
    "metric" SMALLINT NOT NULL,
    "weight" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "competition_metrics_pkey" PRIMARY KEY ("competitionId","metric")
);

-- CreateTable
CREATE TABLE "competition_teams" (
    "id" SERIAL NOT NULL,
    "competitionId" INTEGER NOT NULL,
    "name" VARCHAR(30) NOT NULL,
    "finalRank" INTEGER,

    CONSTRAINT "competition_teams_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "competition_prizes" (
    "competitionId" INTEGER NOT NULL,
    "place" SMALLINT NOT NULL,
    "itemId" INTEGER NOT NULL,
    "quantity" INTEGER NOT NULL,

    CONSTRAINT "competition_prizes_pkey" PRIMARY KEY ("competitionId","place")
);

-- CreateTable
CREATE TABLE "competition_participants" (
    "competitionId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "teamId" INTEGER,
    "score" BIGINT NOT NULL DEFAULT 0,
    "reachedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "joinedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finalRank" INTEGER,

    CONSTRAINT "competition_participants_pkey" PRIMARY KEY ("competitionId","userId")
);

-- CreateTable
CREATE TABLE "competition_progress" (
    "competitionId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "metric" SMALLINT NOT NULL,
    "baseline" BIGINT NOT NULL,
    "current" BIGINT NOT NULL,

    CONSTRAINT "competition_progress_pkey" PRIMARY KEY ("competitionId","userId","metric")
);

-- CreateTable
CREATE TABLE "competition_schedules" (
    "id" SERIAL NOT NULL,
    "kind" "CompetitionScheduleKind" NOT NULL,
    "weekday" SMALLINT NOT NULL,
    "hour" SMALLINT NOT NULL,
    "durationHours" INTEGER NOT NULL,
    "signup" "CompetitionSignup" NOT NULL DEFAULT 'EVERYONE',
    "staffChoose" BOOLEAN NOT NULL DEFAULT false,
    "rotation" SMALLINT[],
    "rotationFrom" TIMESTAMPTZ(3) NOT NULL,
    "prizes" JSONB NOT NULL DEFAULT '[]',
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "competition_schedules_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "competitions_startsAt_idx" ON "competitions"("startsAt");

-- CreateIndex
CREATE INDEX "competitions_endsAt_idx" ON "competitions"("endsAt");

-- CreateIndex
CREATE UNIQUE INDEX "competitions_scheduleId_startsAt_key" ON "competitions"("scheduleId", "startsAt");

-- CreateIndex
CREATE UNIQUE INDEX "competition_teams_competitionId_name_key" ON "competition_teams"("competitionId", "name");

-- CreateIndex
CREATE INDEX "competition_standings_idx" ON "competition_participants"("competitionId", "score" DESC, "reachedAt", "userId");

-- CreateIndex
CREATE INDEX "competition_participants_competitionId_teamId_idx" ON "competition_participants"("competitionId", "teamId");

-- CreateIndex
CREATE INDEX "competition_participants_userId_idx" ON "competition_participants"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "game_deliveries_competitionId_userId_key" ON "game_deliveries"("competitionId", "userId");

-- AddForeignKey
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_scheduleId_fkey" FOREIGN KEY ("scheduleId") REFERENCES "competition_schedules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competition_metrics" ADD CONSTRAINT "competition_metrics_competitionId_fkey" FOREIGN KEY ("competitionId") REFERENCES "competitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competition_teams" ADD CONSTRAINT "competition_teams_competitionId_fkey" FOREIGN KEY ("competitionId") REFERENCES "competitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competition_prizes" ADD CONSTRAINT "competition_prizes_competitionId_fkey" FOREIGN KEY ("competitionId") REFERENCES "competitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competition_participants" ADD CONSTRAINT "competition_participants_competitionId_fkey" FOREIGN KEY ("competitionId") REFERENCES "competitions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competition_participants" ADD CONSTRAINT "competition_participants_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competition_participants" ADD CONSTRAINT "competition_participants_teamId_fkey" FOREIGN KEY ("teamId") REFERENCES "competition_teams"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competition_progress" ADD CONSTRAINT "competition_progress_competitionId_userId_fkey" FOREIGN KEY ("competitionId", "userId") REFERENCES "competition_participants"("competitionId", "userId") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "competition_schedules" ADD CONSTRAINT "competition_schedules_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "game_deliveries" ADD CONSTRAINT "game_deliveries_competitionId_fkey" FOREIGN KEY ("competitionId") REFERENCES "competitions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Rules the database keeps whatever code writes.
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_window_check" CHECK ("endsAt" > "startsAt");
ALTER TABLE "competition_metrics" ADD CONSTRAINT "competition_metrics_weight_check" CHECK ("weight" >= 1);
ALTER TABLE "competition_prizes" ADD CONSTRAINT "competition_prizes_check" CHECK ("place" >= 1 AND "quantity" >= 1 AND "itemId" >= 0);
ALTER TABLE "competition_schedules" ADD CONSTRAINT "competition_schedules_time_check"
  CHECK ("weekday" BETWEEN 1 AND 7 AND "hour" BETWEEN 0 AND 23 AND "durationHours" >= 1);

-- A finished competition's standings: its frozen places in order.
CREATE INDEX "competition_final_idx" ON "competition_participants"("competitionId", "finalRank") WHERE "finalRank" IS NOT NULL;
