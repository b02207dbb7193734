-- Game bridge and voting (issue 8): scoped game API keys, players online, a shared cache
-- for vote statistics, per-player vote incentive tokens, callbacks tied to the account they
-- resolved to, in-game credit packages, and vote sites whose settings moved to configuration.
-- AlterEnum
ALTER TYPE "EmailTokenKind" ADD VALUE 'GAME_STORE_LINK';

-- AlterTable
ALTER TABLE "credit_purchases" ADD COLUMN     "deliverInGame" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "users" ADD COLUMN     "voteToken" VARCHAR(32);

-- AlterTable
ALTER TABLE "vote_callbacks" ADD COLUMN     "userId" INTEGER;

-- AlterTable
ALTER TABLE "vote_sites" DROP COLUMN "active",
DROP COLUMN "allowedIps",
DROP COLUMN "cooldownHours",
DROP COLUMN "rewardPoints",
DROP COLUMN "secretHash",
DROP COLUMN "urlTemplate";

-- CreateTable
CREATE TABLE "game_api_keys" (
    "id" SERIAL NOT NULL,
    "name" VARCHAR(64) NOT NULL,
    "prefix" VARCHAR(16) NOT NULL,
    "keyHash" TEXT NOT NULL,
    "scopes" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "game_api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "game_worlds" (
    "world" INTEGER NOT NULL,
    "playersOnline" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "game_worlds_pkey" PRIMARY KEY ("world")
);

-- CreateTable
CREATE TABLE "cached_values" (
    "key" VARCHAR(64) NOT NULL,
    "value" JSONB NOT NULL,
    "refreshedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "cached_values_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "game_api_keys_prefix_key" ON "game_api_keys"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "users_voteToken_key" ON "users"("voteToken");

-- CreateIndex
CREATE INDEX "vote_callbacks_userId_receivedAt_idx" ON "vote_callbacks"("userId", "receivedAt");

-- AddForeignKey
ALTER TABLE "vote_callbacks" ADD CONSTRAINT "vote_callbacks_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

