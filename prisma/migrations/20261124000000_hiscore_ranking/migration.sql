-- Hiscores at scale (issue 9, docs/hiscores.md). The ladder order becomes one index range in a
-- single direction: score DESC, tiebreak DESC, both generated from the stored columns so no
-- writer (the game's push, the seeds, an operator's UPDATE) can let them disagree.
--   score    = level * 10^10 + experience  (Overall: total level first, then total XP;
--              a skill's level follows its XP, so it orders by XP)
--   tiebreak = -(seconds of reachedAt since 2020-01-01 * 2^31 + userId)  (earlier first, then
--              the older account). Fits a bigint until the year 2106.
-- Prisma does not declare generated columns: the schema marks them @default(dbgenerated()).

-- DropIndex
DROP INDEX "hiscore_ladder_idx";

-- AlterTable
ALTER TABLE "hiscore_stats"
  ADD COLUMN "score" BIGINT NOT NULL GENERATED ALWAYS AS ("level"::bigint * 10000000000 + "experience") STORED,
  ADD COLUMN "tiebreak" BIGINT NOT NULL GENERATED ALWAYS AS (-((floor(extract(epoch FROM "reachedAt"))::bigint - 1577836800) * 2147483648 + "userId")) STORED;

-- CreateTable
CREATE TABLE "hiscore_anchors" (
    "gameMode" "GameMode" NOT NULL,
    "xpMode" "XpMode" NOT NULL,
    "skill" SMALLINT NOT NULL,
    "position" INTEGER NOT NULL,
    "score" BIGINT NOT NULL,
    "tiebreak" BIGINT NOT NULL,

    CONSTRAINT "hiscore_anchors_pkey" PRIMARY KEY ("gameMode","xpMode","skill","position")
);

-- CreateTable
CREATE TABLE "hiscore_ladders" (
    "gameMode" "GameMode" NOT NULL,
    "xpMode" "XpMode" NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,
    "refreshedVersion" BIGINT NOT NULL DEFAULT 0,
    "players" INTEGER NOT NULL DEFAULT 0,
    "refreshedAt" TIMESTAMP(3),

    CONSTRAINT "hiscore_ladders_pkey" PRIMARY KEY ("gameMode","xpMode")
);

-- CreateIndex
CREATE INDEX "hiscore_anchors_gameMode_xpMode_skill_score_tiebreak_idx" ON "hiscore_anchors"("gameMode", "xpMode", "skill", "score", "tiebreak");

-- CreateIndex
CREATE INDEX "hiscore_ladder_idx" ON "hiscore_stats"("gameMode", "xpMode", "skill", "hidden", "score" DESC, "tiebreak" DESC);
