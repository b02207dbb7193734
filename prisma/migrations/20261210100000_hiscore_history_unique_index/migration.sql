-- The history's key becomes a unique index instead of a primary key constraint. A partition
-- inherits its parent's primary key as a constraint of its own, which `pg_restore --clean` then
-- tries to drop one partition at a time and fails ("cannot drop inherited constraint"), so the
-- restore of a backup over an existing database (npm run admin -- restore … --clean) stopped. An
-- index is dropped with its table. Same columns, same uniqueness, same ON CONFLICT target.
ALTER TABLE "hiscore_history" DROP CONSTRAINT "hiscore_history_pkey";
CREATE UNIQUE INDEX "hiscore_history_key" ON "hiscore_history" ("userId", "metric", "bucket");
