-- Store, credits and payments: every ledger entry and store order carries the key of what
-- caused it, unique, so a retried request or a redelivered provider event is applied once;
-- a delivery is queued once per order line and per in-game package purchase.

-- Existing rows (demo data) get keys derived from what they already point at.
ALTER TABLE "credit_ledger" ADD COLUMN "idempotencyKey" VARCHAR(200);
UPDATE "credit_ledger" SET "idempotencyKey" = CASE
  WHEN "creditPurchaseId" IS NOT NULL THEN 'purchase:' || "creditPurchaseId" || ':' || lower("kind"::text)
  WHEN "storeOrderId" IS NOT NULL THEN 'order:' || "storeOrderId" || ':' || lower("kind"::text)
  ELSE 'legacy:' || "id" END;
ALTER TABLE "credit_ledger" ALTER COLUMN "idempotencyKey" SET NOT NULL;

ALTER TABLE "store_orders" ADD COLUMN "idempotencyKey" VARCHAR(120);
UPDATE "store_orders" SET "idempotencyKey" = 'legacy:' || "id";
ALTER TABLE "store_orders" ALTER COLUMN "idempotencyKey" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "credit_ledger_idempotencyKey_key" ON "credit_ledger"("idempotencyKey");

-- CreateIndex
CREATE UNIQUE INDEX "game_deliveries_storeOrderId_key" ON "game_deliveries"("storeOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "game_deliveries_creditPurchaseId_key" ON "game_deliveries"("creditPurchaseId");

-- CreateIndex
CREATE UNIQUE INDEX "store_orders_userId_idempotencyKey_key" ON "store_orders"("userId", "idempotencyKey");
