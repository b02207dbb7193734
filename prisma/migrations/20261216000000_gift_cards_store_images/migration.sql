-- Gift cards (docs/gift-cards.md): codes worth credits, issued by staff or bought as a credit package
-- flagged giftCard (the purchase keeps a snapshot of the flag), redeemed once through a GIFT_CARD
-- ledger entry. Store images: product images uploaded by staff, kept in the database by content hash.
-- CreateEnum
CREATE TYPE "GiftCardStatus" AS ENUM ('ACTIVE', 'REDEEMED', 'VOIDED');

-- AlterEnum
ALTER TYPE "LedgerKind" ADD VALUE 'GIFT_CARD';

-- AlterTable
ALTER TABLE "credit_purchases" ADD COLUMN     "giftCard" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "credit_packages" ADD COLUMN     "giftCard" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "gift_cards" (
    "id" SERIAL NOT NULL,
    "codeHash" CHAR(64) NOT NULL,
    "codeLast4" CHAR(4) NOT NULL,
    "buyerCode" VARCHAR(19),
    "credits" INTEGER NOT NULL,
    "status" "GiftCardStatus" NOT NULL DEFAULT 'ACTIVE',
    "expiresAt" TIMESTAMP(3),
    "reason" VARCHAR(500),
    "issuedById" INTEGER,
    "creditPurchaseId" INTEGER,
    "buyerId" INTEGER,
    "redeemedById" INTEGER,
    "redeemedAt" TIMESTAMP(3),
    "voidedAt" TIMESTAMP(3),
    "voidReason" VARCHAR(500),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "gift_cards_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "store_images" (
    "id" SERIAL NOT NULL,
    "sha256" CHAR(64) NOT NULL,
    "type" VARCHAR(32) NOT NULL,
    "body" BYTEA NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "createdById" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "store_images_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "gift_cards_codeHash_key" ON "gift_cards"("codeHash");

-- CreateIndex
CREATE UNIQUE INDEX "gift_cards_creditPurchaseId_key" ON "gift_cards"("creditPurchaseId");

-- CreateIndex
CREATE INDEX "gift_cards_buyerId_id_idx" ON "gift_cards"("buyerId", "id");

-- CreateIndex
CREATE INDEX "gift_cards_createdAt_idx" ON "gift_cards"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "store_images_sha256_key" ON "store_images"("sha256");

-- AddForeignKey
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_issuedById_fkey" FOREIGN KEY ("issuedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_creditPurchaseId_fkey" FOREIGN KEY ("creditPurchaseId") REFERENCES "credit_purchases"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_buyerId_fkey" FOREIGN KEY ("buyerId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_redeemedById_fkey" FOREIGN KEY ("redeemedById") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

