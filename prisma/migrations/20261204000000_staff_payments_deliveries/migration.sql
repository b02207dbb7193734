-- The staff console's payments and deliveries (issue 18).
--
-- 1. A re-sent delivery: staff can re-send an item the player says never arrived. The copy is a
--    new row pointing at the delivery it copies. It carries none of storeOrderId,
--    creditPurchaseId and voteId, so the unique indexes on those columns stay as they are.
ALTER TABLE "game_deliveries" ADD COLUMN "resentFromId" INTEGER;
CREATE INDEX "game_deliveries_resentFromId_idx" ON "game_deliveries"("resentFromId");
ALTER TABLE "game_deliveries" ADD CONSTRAINT "game_deliveries_resentFromId_fkey" FOREIGN KEY ("resentFromId") REFERENCES "game_deliveries"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- 2. Each provider event remembers the purchase settling found for it, so the staff page can
--    list a purchase's events without searching every payload.
ALTER TABLE "webhook_events" ADD COLUMN "creditPurchaseId" INTEGER;
CREATE INDEX "webhook_events_creditPurchaseId_idx" ON "webhook_events"("creditPurchaseId");
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_creditPurchaseId_fkey" FOREIGN KEY ("creditPurchaseId") REFERENCES "credit_purchases"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Events stored before this migration: the same lookups settling makes (lib/server/payments),
-- first by the purchase id the payload names, then by the provider's reference.
UPDATE "webhook_events" e SET "creditPurchaseId" = p."id"
FROM "credit_purchases" p
WHERE p."method"::text = e."provider"::text
  AND p."id"::text = CASE e."provider"
    WHEN 'STRIPE' THEN e."payload"->'data'->'object'->'metadata'->>'purchase_id'
    WHEN 'PAYPAL' THEN e."payload"->'resource'->>'custom_id'
    ELSE e."payload"->'event'->'data'->'metadata'->>'purchase_id'
  END;

UPDATE "webhook_events" e SET "creditPurchaseId" = p."id"
FROM "credit_purchases" p
WHERE e."creditPurchaseId" IS NULL
  AND p."method"::text = e."provider"::text
  AND p."providerRef" = CASE e."provider"
    -- payment_intent.* events are the intent itself; charge.* events name it (as an id or an object).
    WHEN 'STRIPE' THEN coalesce(e."payload"->'data'->'object'->'payment_intent'->>'id', e."payload"->'data'->'object'->>'payment_intent', e."payload"->'data'->'object'->>'id')
    WHEN 'PAYPAL' THEN e."payload"->'resource'->'supplementary_data'->'related_ids'->>'order_id'
    ELSE e."payload"->'event'->'data'->>'code'
  END;

-- A PayPal refund names only its capture (the "up" link); the capture's event names the purchase.
UPDATE "webhook_events" r SET "creditPurchaseId" = c."creditPurchaseId"
FROM "webhook_events" c
WHERE r."creditPurchaseId" IS NULL AND r."provider" = 'PAYPAL' AND c."provider" = 'PAYPAL' AND c."creditPurchaseId" IS NOT NULL
  AND c."payload"->'resource'->>'id' = regexp_replace(
    (SELECT l->>'href' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r."payload"->'resource'->'links') = 'array' THEN r."payload"->'resource'->'links' ELSE '[]'::jsonb END) l WHERE l->>'rel' = 'up' LIMIT 1),
    '^.*/', '');
