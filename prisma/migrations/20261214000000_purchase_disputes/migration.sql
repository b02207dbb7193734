-- Disputes (chargebacks) get their own state beside the purchase status, which said DISPUTED
-- both while a dispute was open and after it was lost: when it opened, when it closed, and how.
-- An open dispute (opened, not closed) holds the player's store spending.
CREATE TYPE "DisputeOutcome" AS ENUM ('WON', 'LOST');

ALTER TABLE "credit_purchases"
  ADD COLUMN "disputeOpenedAt" TIMESTAMP(3),
  ADD COLUMN "disputeClosedAt" TIMESTAMP(3),
  ADD COLUMN "disputeOutcome" "DisputeOutcome";

-- The hold is asked for on every store purchase: a player's open disputes, from a small index.
CREATE INDEX "credit_purchases_open_dispute_idx" ON "credit_purchases" ("userId")
  WHERE "disputeOpenedAt" IS NOT NULL AND "disputeClosedAt" IS NULL;

-- Backfill from what was stored. A dispute opened when its first applied dispute-created event
-- arrived (else: when the purchase last changed). It was lost when a lost closing event (Stripe
-- charge.dispute.closed with status lost, PayPal PAYMENT.CAPTURE.REVERSED) or a chargeback in the
-- ledger says so, won when the purchase is PAID again after a won closing event; a purchase still
-- DISPUTED with neither is an open dispute. One refunded meanwhile is closed with no outcome
-- (the refund ended it before, and nothing said how the dispute itself ended).
WITH ev AS (
  SELECT p.id,
    (SELECT min(e."receivedAt") FROM "webhook_events" e
      WHERE e."creditPurchaseId" = p.id AND e.error IS NULL AND e.type = 'charge.dispute.created') AS opened,
    (SELECT max(e."receivedAt") FROM "webhook_events" e
      WHERE e."creditPurchaseId" = p.id AND e.error IS NULL
        AND ((e.type = 'charge.dispute.closed' AND e.payload #>> '{data,object,status}' = 'lost') OR e.type = 'PAYMENT.CAPTURE.REVERSED')) AS lost,
    (SELECT max(e."receivedAt") FROM "webhook_events" e
      WHERE e."creditPurchaseId" = p.id AND e.error IS NULL
        AND e.type = 'charge.dispute.closed' AND e.payload #>> '{data,object,status}' = 'won') AS won,
    (SELECT min(l."createdAt") FROM "credit_ledger" l WHERE l."creditPurchaseId" = p.id AND l.kind = 'CHARGEBACK') AS chargeback
  FROM "credit_purchases" p
  WHERE p.status IN ('PAID', 'DISPUTED', 'REFUNDED')
)
UPDATE "credit_purchases" p SET
  "disputeOpenedAt" = COALESCE(ev.opened, ev.lost, ev.chargeback, p."updatedAt"),
  "disputeClosedAt" = CASE
    WHEN p.status = 'DISPUTED' THEN COALESCE(ev.lost, ev.chargeback)
    ELSE COALESCE(ev.won, ev.lost, ev.chargeback, p."updatedAt") END,
  "disputeOutcome" = CASE
    WHEN p.status = 'PAID' AND ev.won IS NOT NULL THEN 'WON'::"DisputeOutcome"
    WHEN COALESCE(ev.lost, ev.chargeback) IS NOT NULL THEN 'LOST'::"DisputeOutcome"
    WHEN ev.won IS NOT NULL THEN 'WON'::"DisputeOutcome"
    ELSE NULL END
FROM ev
WHERE ev.id = p.id
  AND (p.status = 'DISPUTED' OR ev.opened IS NOT NULL OR ev.lost IS NOT NULL OR ev.chargeback IS NOT NULL);
