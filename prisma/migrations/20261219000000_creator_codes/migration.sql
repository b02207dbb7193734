-- Creator codes (docs/store.md, "Creator codes"): the codes staff make for content creators, the code
-- used on a credit purchase and the bonus credits it added, one share per paid purchase (unique per
-- purchase), and the payouts staff mark paid.

-- CreateEnum
CREATE TYPE "CreatorShareStatus" AS ENUM ('ACCRUED', 'CANCELLED', 'PAID', 'REVERSED');

-- AlterTable
ALTER TABLE "credit_purchases" ADD COLUMN     "creatorBonusCredits" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "creatorCodeId" INTEGER;

-- CreateTable
CREATE TABLE "creator_codes" (
    "id" SERIAL NOT NULL,
    "code" VARCHAR(32) NOT NULL,
    "userId" INTEGER NOT NULL,
    "bonusPercent" INTEGER NOT NULL,
    "sharePercent" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "creator_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "creator_shares" (
    "id" SERIAL NOT NULL,
    "creatorCodeId" INTEGER NOT NULL,
    "creditPurchaseId" INTEGER NOT NULL,
    "paidCents" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "status" "CreatorShareStatus" NOT NULL DEFAULT 'ACCRUED',
    "payableAt" TIMESTAMPTZ(3) NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "cancelledAt" TIMESTAMPTZ(3),
    "reversedAt" TIMESTAMPTZ(3),
    "payoutId" INTEGER,
    "deductedPayoutId" INTEGER,

    CONSTRAINT "creator_shares_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "creator_payouts" (
    "id" SERIAL NOT NULL,
    "creatorCodeId" INTEGER NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "reference" VARCHAR(200) NOT NULL,
    "actorId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "creator_payouts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "creator_codes_code_key" ON "creator_codes"("code");

-- CreateIndex
CREATE INDEX "creator_codes_userId_idx" ON "creator_codes"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "creator_shares_creditPurchaseId_key" ON "creator_shares"("creditPurchaseId");

-- CreateIndex
CREATE INDEX "creator_shares_creatorCodeId_status_payableAt_idx" ON "creator_shares"("creatorCodeId", "status", "payableAt");

-- CreateIndex
CREATE INDEX "creator_payouts_creatorCodeId_createdAt_idx" ON "creator_payouts"("creatorCodeId", "createdAt");

-- CreateIndex
CREATE INDEX "credit_purchases_creatorCodeId_idx" ON "credit_purchases"("creatorCodeId");

-- AddForeignKey
ALTER TABLE "creator_codes" ADD CONSTRAINT "creator_codes_userId_fkey" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "creator_shares" ADD CONSTRAINT "creator_shares_creatorCodeId_fkey" FOREIGN KEY ("creatorCodeId") REFERENCES "creator_codes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "creator_shares" ADD CONSTRAINT "creator_shares_creditPurchaseId_fkey" FOREIGN KEY ("creditPurchaseId") REFERENCES "credit_purchases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "creator_shares" ADD CONSTRAINT "creator_shares_payoutId_fkey" FOREIGN KEY ("payoutId") REFERENCES "creator_payouts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "creator_shares" ADD CONSTRAINT "creator_shares_deductedPayoutId_fkey" FOREIGN KEY ("deductedPayoutId") REFERENCES "creator_payouts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "creator_payouts" ADD CONSTRAINT "creator_payouts_creatorCodeId_fkey" FOREIGN KEY ("creatorCodeId") REFERENCES "creator_codes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "creator_payouts" ADD CONSTRAINT "creator_payouts_actorId_fkey" FOREIGN KEY ("actorId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_purchases" ADD CONSTRAINT "credit_purchases_creatorCodeId_fkey" FOREIGN KEY ("creatorCodeId") REFERENCES "creator_codes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

