-- Moderation (docs/staff.md, "Punishments"): punishments by the rules, their feed to the game,
-- staff notes on a player, and the mute appeal ticket type. Bans made before this table become
-- punishments of kind BAN, so the account's ban columns always mirror one open punishment.

-- CreateEnum
CREATE TYPE "PunishmentKind" AS ENUM ('WARNING', 'MUTE', 'BAN', 'ADDRESS_BAN');

-- CreateEnum
CREATE TYPE "PunishmentEventType" AS ENUM ('APPLIED', 'LIFTED', 'EXPIRED');

-- AlterEnum
-- A signed-in player's appeal of a mute or warning: a muted player may still reply on it.
ALTER TYPE "TicketType" ADD VALUE 'MUTE_APPEAL';

-- CreateTable
CREATE TABLE "punishments" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "kind" "PunishmentKind" NOT NULL,
    "rule" VARCHAR(64),
    "step" INTEGER,
    "message" VARCHAR(500) NOT NULL,
    "note" VARCHAR(2000),
    "address" VARCHAR(64),
    "createdById" INTEGER,
    "createdByLabel" VARCHAR(32),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "endsAt" TIMESTAMPTZ(3),
    "liftedAt" TIMESTAMPTZ(3),
    "liftedById" INTEGER,
    "liftedByLabel" VARCHAR(32),
    "liftReason" VARCHAR(500),

    CONSTRAINT "punishments_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "punishments_step_check" CHECK ("step" IS NULL OR "step" >= 1),
    -- An address ban names its address; nothing else does.
    CONSTRAINT "punishments_address_check" CHECK (("kind" = 'ADDRESS_BAN') = ("address" IS NOT NULL)),
    -- A warning has no length and is never lifted.
    CONSTRAINT "punishments_warning_check" CHECK ("kind" <> 'WARNING' OR ("endsAt" IS NULL AND "liftedAt" IS NULL))
);

-- CreateTable
CREATE TABLE "punishment_events" (
    "id" SERIAL NOT NULL,
    "punishmentId" INTEGER NOT NULL,
    "type" "PunishmentEventType" NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'PENDING',
    "leaseId" VARCHAR(64),
    "leasedUntil" TIMESTAMPTZ(3),
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMPTZ(3),

    CONSTRAINT "punishment_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "player_notes" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "authorId" INTEGER NOT NULL,
    "body" VARCHAR(2000) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "player_notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "punishments_userId_createdAt_idx" ON "punishments"("userId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "punishments_address_idx" ON "punishments"("address");

-- At most one open ban (BAN or ADDRESS_BAN) and one open mute per player: the account's ban
-- columns mirror the one open ban, and a new one replaces the old in the same transaction.
CREATE UNIQUE INDEX "punishments_open_ban_key" ON "punishments"("userId") WHERE "liftedAt" IS NULL AND "kind" IN ('BAN', 'ADDRESS_BAN');
CREATE UNIQUE INDEX "punishments_open_mute_key" ON "punishments"("userId") WHERE "liftedAt" IS NULL AND "kind" = 'MUTE';

-- CreateIndex
CREATE UNIQUE INDEX "punishment_events_punishmentId_type_key" ON "punishment_events"("punishmentId", "type");

-- CreateIndex
CREATE INDEX "punishment_events_status_leasedUntil_idx" ON "punishment_events"("status", "leasedUntil");

-- CreateIndex
CREATE INDEX "player_notes_userId_createdAt_idx" ON "player_notes"("userId", "createdAt" DESC);

-- AddForeignKey
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "punishments" ADD CONSTRAINT "punishments_liftedById_fkey" FOREIGN KEY ("liftedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "punishment_events" ADD CONSTRAINT "punishment_events_punishmentId_fkey" FOREIGN KEY ("punishmentId") REFERENCES "punishments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "player_notes" ADD CONSTRAINT "player_notes_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Bans from before this table: one open punishment each (the message is the stored reason).
INSERT INTO "punishments" ("userId", "kind", "message", "createdByLabel", "createdAt", "endsAt")
SELECT "id", 'BAN', LEFT(COALESCE(NULLIF(BTRIM("banReason"), ''), 'No reason given.'), 500), 'before-punishments', "bannedAt", "bannedUntil"
FROM "users" WHERE "bannedAt" IS NOT NULL;
