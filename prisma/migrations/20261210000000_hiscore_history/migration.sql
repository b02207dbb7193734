-- Progress history: what every push from the game changed, kept so gains, records, achievements
-- and the adventure log are exact (docs/progress.md).

-- One row per player, metric and hour in which a push changed that metric: the value before the
-- hour's first change and after its last. Buckets chain (a row's start is the previous row's end),
-- so the value at any hour boundary is one index probe, and a gain over a window is the newest
-- end minus the start of the window's first row. Rows older than the hourly retention are merged
-- into one row per day (bucket = midnight UTC) by the upkeep job. Partitioned by month so old
-- history is pruned by whole partitions; the upkeep job creates the months ahead and the default
-- partition only catches rows written before it ran.
CREATE TABLE "hiscore_history" (
    "userId" INTEGER NOT NULL,
    "metric" SMALLINT NOT NULL,
    "bucket" TIMESTAMPTZ(3) NOT NULL,
    "gameMode" "GameMode" NOT NULL,
    "xpMode" "XpMode" NOT NULL,
    "startValue" BIGINT NOT NULL,
    "endValue" BIGINT NOT NULL,
    CONSTRAINT "hiscore_history_pkey" PRIMARY KEY ("userId", "metric", "bucket")
) PARTITION BY RANGE ("bucket");

CREATE TABLE "hiscore_history_default" PARTITION OF "hiscore_history" DEFAULT;

DO $$
DECLARE m date := date '2026-01-01';
BEGIN
  WHILE m < date '2027-07-01' LOOP
    EXECUTE format('CREATE TABLE %I PARTITION OF "hiscore_history" FOR VALUES FROM (%L) TO (%L)',
      'hiscore_history_' || to_char(m, 'YYYY_MM'), m::timestamp AT TIME ZONE 'UTC', (m + interval '1 month')::timestamp AT TIME ZONE 'UTC');
    m := m + interval '1 month';
  END LOOP;
END $$;

-- The records job reads one hour of every player: a BRIN index follows the insertion order.
CREATE INDEX "hiscore_history_bucket_idx" ON "hiscore_history" USING BRIN ("bucket");

ALTER TABLE "hiscore_history" ADD CONSTRAINT "hiscore_history_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- When a player's history begins (their first push since history was kept): what they had met
-- before is "met before history", never given a date.
CREATE TABLE "hiscore_players" (
    "userId" INTEGER NOT NULL,
    "historyFrom" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastPushAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "hiscore_players_pkey" PRIMARY KEY ("userId"),
    CONSTRAINT "hiscore_players_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- A push that lowered a value (a rollback in the game): kept, never a negative gain.
CREATE TABLE "hiscore_resets" (
    "id" BIGSERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "metric" SMALLINT NOT NULL,
    "fromValue" BIGINT NOT NULL,
    "toValue" BIGINT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "hiscore_resets_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "hiscore_resets_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "hiscore_resets_userId_id_idx" ON "hiscore_resets"("userId", "id");

-- Achievements, one row each: dated by the push that crossed it; "reachedAt" NULL when it was
-- already met when the player's history began.
CREATE TABLE "player_achievements" (
    "userId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "metric" SMALLINT NOT NULL,
    "threshold" BIGINT NOT NULL,
    "reachedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "player_achievements_pkey" PRIMARY KEY ("userId", "key"),
    CONSTRAINT "player_achievements_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The adventure log: level-ups, XP and kill-count milestones, achievements and what the game
-- reports on its own (drops, pets, quests). Repeats within a short window are one row whose
-- count grows. "feed" marks what the server-wide feed on the home page shows.
CREATE TABLE "player_events" (
    "id" BIGSERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "metric" SMALLINT,
    "value" BIGINT NOT NULL DEFAULT 0,
    "count" INTEGER NOT NULL DEFAULT 1,
    "serverFirst" BOOLEAN NOT NULL DEFAULT false,
    "feed" BOOLEAN NOT NULL DEFAULT false,
    "data" JSONB,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "player_events_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "player_events_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "player_events_userId_id_idx" ON "player_events"("userId", "id" DESC);
CREATE INDEX "player_events_userId_key_id_idx" ON "player_events"("userId", "key", "id" DESC);
CREATE INDEX "player_events_feed_idx" ON "player_events"("id" DESC) WHERE "feed";

-- The first player on this server to reach something (99 in a skill, 200M, a boss's first kill).
CREATE TABLE "server_firsts" (
    "key" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "eventId" BIGINT,
    "reachedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "server_firsts_pkey" PRIMARY KEY ("key"),
    CONSTRAINT "server_firsts_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- The best gain per player, period and metric, with the window it happened in.
CREATE TABLE "hiscore_records" (
    "userId" INTEGER NOT NULL,
    "period" TEXT NOT NULL,
    "metric" SMALLINT NOT NULL,
    "gained" BIGINT NOT NULL,
    "fromAt" TIMESTAMPTZ(3) NOT NULL,
    "toAt" TIMESTAMPTZ(3) NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "hiscore_records_pkey" PRIMARY KEY ("userId", "period", "metric"),
    CONSTRAINT "hiscore_records_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "hiscore_records_board_idx" ON "hiscore_records"("period", "metric", "gained" DESC, "toAt", "userId");

-- The top gainers of each period, ladder and metric as of the last refresh (every few minutes).
CREATE TABLE "hiscore_top_gains" (
    "period" TEXT NOT NULL,
    "gameMode" "GameMode" NOT NULL,
    "xpMode" "XpMode" NOT NULL,
    "metric" SMALLINT NOT NULL,
    "rank" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "startValue" BIGINT NOT NULL,
    "endValue" BIGINT NOT NULL,
    "gained" BIGINT NOT NULL,
    CONSTRAINT "hiscore_top_gains_pkey" PRIMARY KEY ("period", "gameMode", "xpMode", "metric", "rank")
);

-- Upkeep cursors and refresh times: one row per name.
CREATE TABLE "hiscore_upkeep" (
    "name" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "fromAt" TIMESTAMPTZ(3),
    CONSTRAINT "hiscore_upkeep_pkey" PRIMARY KEY ("name")
);

-- Who changed a metric within a window: the top gainers' refresh reads the rows whose value moved
-- since the window began instead of every row.
CREATE INDEX "hiscore_stats_reachedAt_idx" ON "hiscore_stats"("reachedAt");
