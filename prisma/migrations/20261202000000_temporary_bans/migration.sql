-- Temporary bans (issue 18): a ban may end by itself. "bannedUntil" is the moment it ends (null
-- for a permanent ban); every ban check treats a ban whose end has passed as over, and a queued
-- lift-ban job clears it and writes the audit entry.
ALTER TABLE "users" ADD COLUMN "bannedUntil" TIMESTAMP(3);
