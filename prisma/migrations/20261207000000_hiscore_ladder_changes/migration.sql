-- Pushes stop sharing a row. Every write that moved a ladder bumped hiscore_ladders.version, so
-- pushes for different players of one ladder queued behind each other for that row until their
-- commit. A write now appends a row here (no row is shared, nothing waits); the refresh loop
-- reads the ladders that have rows, rebuilds their anchors and deletes the rows it saw.
CREATE TABLE "hiscore_ladder_changes" (
    "id" BIGSERIAL NOT NULL,
    "gameMode" "GameMode" NOT NULL,
    "xpMode" "XpMode" NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hiscore_ladder_changes_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "hiscore_ladder_changes_gameMode_xpMode_id_idx" ON "hiscore_ladder_changes"("gameMode", "xpMode", "id");

-- A ladder refreshed before this migration but pushed to since keeps its pending refresh.
INSERT INTO "hiscore_ladder_changes" ("gameMode", "xpMode")
SELECT "gameMode", "xpMode" FROM "hiscore_ladders" WHERE "version" > "refreshedVersion";

ALTER TABLE "hiscore_ladders" DROP COLUMN "version", DROP COLUMN "refreshedVersion";
