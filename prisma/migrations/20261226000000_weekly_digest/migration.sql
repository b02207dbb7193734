-- The weekly digest (docs/notifications.md, "Weekly digest"): the player's choice, on by default.
-- Each digest sent is claimed once per player and ISO week in notification_keys
-- ("weekly_digest:<year>-W<week>"), so no table of its own.

-- AlterTable
ALTER TABLE "users" ADD COLUMN "weeklyDigest" BOOLEAN NOT NULL DEFAULT true;
