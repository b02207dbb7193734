-- A session opened by the game's ::store link is a store session: it may buy credits and items
-- for its player and nothing else (no account, 2FA, session or staff changes).
CREATE TYPE "SessionScope" AS ENUM ('FULL', 'STORE');

ALTER TABLE "sessions" ADD COLUMN "scope" "SessionScope" NOT NULL DEFAULT 'FULL';
