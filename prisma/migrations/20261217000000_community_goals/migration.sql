-- Community goals (docs/payments.md, "Community goals"): a money target over a window, its
-- progress read from completed provider payments; the server-wide events a reached round hands to
-- the game (docs/game-integration.md, "Server events"), leased and acknowledged like deliveries;
-- and the player's choice to be shown in the supporter widgets.

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "showAsSupporter" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "community_goals" (
    "id" SERIAL NOT NULL,
    "title" VARCHAR(80) NOT NULL,
    "description" VARCHAR(500) NOT NULL DEFAULT '',
    "targetCents" INTEGER NOT NULL,
    "startsAt" TIMESTAMPTZ(3) NOT NULL,
    "endsAt" TIMESTAMPTZ(3) NOT NULL,
    "repeatable" BOOLEAN NOT NULL DEFAULT false,
    "rewardType" VARCHAR(64) NOT NULL,
    "rewardPayload" JSONB NOT NULL,
    "roundsReached" INTEGER NOT NULL DEFAULT 0,
    "endedAt" TIMESTAMPTZ(3),
    "createdById" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "community_goals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "server_events" (
    "id" SERIAL NOT NULL,
    "type" VARCHAR(64) NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "goalId" INTEGER,
    "goalRound" INTEGER,
    "leaseId" VARCHAR(64),
    "leasedUntil" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMPTZ(3),

    CONSTRAINT "server_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "community_goals_endsAt_idx" ON "community_goals"("endsAt");

-- CreateIndex
CREATE INDEX "server_events_status_leasedUntil_idx" ON "server_events"("status", "leasedUntil");

-- CreateIndex
CREATE UNIQUE INDEX "server_events_goalId_goalRound_key" ON "server_events"("goalId", "goalRound");

-- CreateIndex
CREATE INDEX "credit_purchases_status_paidAt_idx" ON "credit_purchases"("status", "paidAt");

-- AddForeignKey
ALTER TABLE "server_events" ADD CONSTRAINT "server_events_goalId_fkey" FOREIGN KEY ("goalId") REFERENCES "community_goals"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
