-- Players online over time, for the staff dashboard (issue 18). The game pushes its count per
-- world into game_worlds, which keeps only the latest figure; the sample-players-online job
-- copies the total here every five minutes and deletes samples older than 90 days.
CREATE TABLE "players_online_samples" (
    "id" SERIAL NOT NULL,
    "sampledAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "playersOnline" INTEGER NOT NULL,
    "worlds" INTEGER NOT NULL,

    CONSTRAINT "players_online_samples_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "players_online_samples_sampledAt_idx" ON "players_online_samples"("sampledAt");
