-- The users banned now or once: few, so the pages that leave out staff and banned players (the
-- competition standings) list them from this index and the privilege index, instead of looking
-- up every listed participant's account.
CREATE INDEX "users_banned_idx" ON "users" ("id") WHERE "bannedAt" IS NOT NULL;
