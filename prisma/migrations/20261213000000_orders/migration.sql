-- Orders a player can follow (docs/payments.md "Orders"): unpaid checkouts expire or are cancelled
-- (status EXPIRED, closedAt) and can be resumed meanwhile (checkoutAnswer, the provider session);
-- the game says why it cannot hand a delivery over yet (blockedReason, blockedMessage, blockedAt).

-- AlterEnum
ALTER TYPE "PurchaseStatus" ADD VALUE 'EXPIRED';

-- CreateEnum
CREATE TYPE "DeliveryBlockReason" AS ENUM ('PLAYER_OFFLINE', 'INVENTORY_FULL', 'IRONMAN_RESTRICTED', 'PLAYER_BUSY', 'WRONG_WORLD', 'OTHER');

-- AlterTable
ALTER TABLE "credit_purchases" ADD COLUMN     "checkoutAnswer" JSONB,
ADD COLUMN     "closedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "game_deliveries" ADD COLUMN     "blockedAt" TIMESTAMP(3),
ADD COLUMN     "blockedMessage" VARCHAR(200),
ADD COLUMN     "blockedReason" "DeliveryBlockReason";

-- CreateIndex
CREATE INDEX "credit_purchases_status_createdAt_idx" ON "credit_purchases"("status", "createdAt");
