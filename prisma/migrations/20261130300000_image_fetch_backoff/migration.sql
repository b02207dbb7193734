-- The image proxy remembers failed fetches (issue 16): after a failure it answers the same
-- failure without asking the host again until "retryAt", and the wait doubles with each failure
-- in a row (5 minutes up to a day). Kept here, not in memory, so every app process shares it; a
-- fetch claims the row by moving "retryAt" first, so one process at a time fetches an image.
ALTER TABLE "forum_images" ADD COLUMN "failCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "lastError" TEXT,
ADD COLUMN "lastStatus" SMALLINT,
ADD COLUMN "retryAt" TIMESTAMP(3);
