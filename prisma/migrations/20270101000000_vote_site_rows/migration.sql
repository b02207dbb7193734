-- Vote listing sites become rows (docs/game-integration.md, "Vote callbacks"): each carries its
-- link, callback parameter names, checks, cooldown, reward, answer shape and whether it is on.
-- The three sites configured before stay on with the settings they had; the other presets of
-- lib/votes/presets.ts are inserted (inactive) by the application's idempotent sync.
ALTER TABLE "vote_sites"
    ADD COLUMN "preset" VARCHAR(32),
    ADD COLUMN "urlTemplate" VARCHAR(500) NOT NULL DEFAULT '',
    ADD COLUMN "tokenParam" VARCHAR(64) NOT NULL DEFAULT '',
    ADD COLUMN "secretParam" VARCHAR(64),
    ADD COLUMN "voterIpParam" VARCHAR(64),
    ADD COLUMN "votedParam" VARCHAR(64),
    ADD COLUMN "votedValue" VARCHAR(64),
    ADD COLUMN "callbackSecret" VARCHAR(200),
    ADD COLUMN "allowedIps" TEXT[] DEFAULT ARRAY[]::TEXT[],
    ADD COLUMN "cooldownHours" INTEGER NOT NULL DEFAULT 12,
    ADD COLUMN "rewardPoints" INTEGER NOT NULL DEFAULT 2,
    ADD COLUMN "active" BOOLEAN NOT NULL DEFAULT false,
    ADD COLUMN "answer" VARCHAR(8) NOT NULL DEFAULT 'json',
    ADD COLUMN "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

ALTER TABLE "vote_sites"
    ADD CONSTRAINT "vote_sites_key_check" CHECK ("key" ~ '^[a-z0-9_]{2,32}$'),
    ADD CONSTRAINT "vote_sites_answer_check" CHECK ("answer" IN ('json', 'ok')),
    ADD CONSTRAINT "vote_sites_cooldown_check" CHECK ("cooldownHours" BETWEEN 1 AND 720),
    ADD CONSTRAINT "vote_sites_reward_check" CHECK ("rewardPoints" BETWEEN 0 AND 10000),
    ADD CONSTRAINT "vote_sites_voted_check" CHECK (("votedParam" IS NULL) = ("votedValue" IS NULL));

-- The rows made before this migration (key, name and order only) get the settings the
-- configuration gave them; their secrets and addresses stay in VOTE_<KEY>_SECRET / _IPS.
UPDATE "vote_sites" SET "preset" = 'runelocus', "active" = true, "tokenParam" = 'callback', "secretParam" = 'secret', "voterIpParam" = 'ip',
    "urlTemplate" = 'https://www.runelocus.com/top-rsps-list/vote-emberscape/?id2={token}&name={username}' WHERE "key" = 'runelocus';
UPDATE "vote_sites" SET "preset" = 'rsps_list', "active" = true, "tokenParam" = 'userid', "secretParam" = 'secret', "voterIpParam" = 'userip',
    "votedParam" = 'voted', "votedValue" = '1',
    "urlTemplate" = 'https://www.rsps-list.com/index.php?a=in&u=emberscape&id={token}&name={username}' WHERE "key" = 'rsps_list';
UPDATE "vote_sites" SET "preset" = 'runelist', "active" = true, "tokenParam" = 'incentive', "secretParam" = 'secret',
    "urlTemplate" = 'https://runelist.io/toplist/server/emberscape/vote?username={username}&incentive={token}' WHERE "key" = 'runelist';
