-- Every re-sent copy of a delivery knows the first delivery of its chain (its root): the one
-- with the store order, credit purchase or vote link. A re-send of any link locks the root and
-- checks the whole chain through it (the purchase's status, no copy still waiting), so a copy
-- of a copy can no longer slip past a refund or queue a second pending copy of one item.
ALTER TABLE "game_deliveries" ADD COLUMN "resendRootId" INTEGER;

-- Copies made before this migration: follow their "resent from" links up to the first row.
WITH RECURSIVE chain AS (
  SELECT id, id AS root FROM "game_deliveries" WHERE "resentFromId" IS NULL
  UNION ALL
  SELECT d.id, chain.root FROM "game_deliveries" d JOIN chain ON d."resentFromId" = chain.id
)
UPDATE "game_deliveries" d SET "resendRootId" = chain.root
FROM chain
WHERE d.id = chain.id AND d."resentFromId" IS NOT NULL;

CREATE INDEX "game_deliveries_resendRootId_idx" ON "game_deliveries"("resendRootId");
ALTER TABLE "game_deliveries" ADD CONSTRAINT "game_deliveries_resendRootId_fkey" FOREIGN KEY ("resendRootId") REFERENCES "game_deliveries"("id") ON DELETE SET NULL ON UPDATE CASCADE;
