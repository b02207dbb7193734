-- Gifting (docs/store.md, "Gifting"): a store order may be bought for another player. The buyer
-- stays the order's user (pays, owns the ledger entries, gets any refund); the recipient is the
-- player the item is delivered to. A product can be kept out of gifting by staff.

-- AlterTable
ALTER TABLE "store_products" ADD COLUMN     "giftable" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "store_orders" ADD COLUMN     "recipientId" INTEGER;

-- CreateIndex
CREATE INDEX "store_orders_recipientId_createdAt_idx" ON "store_orders"("recipientId", "createdAt");

-- AddForeignKey
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_recipientId_fkey" FOREIGN KEY ("recipientId") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
