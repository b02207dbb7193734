import "server-only";
import type { DbClient } from "../../accounts/db-client";

/** A gift card whose ledger entries do not add up to what its state says, or a paid gift card purchase without its card. */
export type GiftCardMismatchRow = { kind: "card" | "purchase"; id: number; status: string; credits: number; ledgerSum: bigint };

/**
 * Gift cards against the ledger (docs/gift-cards.md): a REDEEMED card has entries "giftcard:<id>"
 * (+credits) and nothing else; a VOIDED card redeemed before its purchase was refunded also has
 * "giftcard:<id>:clawback" (-credits), so 0; an ACTIVE or unredeemed VOIDED card has none. A
 * GIFT_CARD entry that belongs to no card counts as a card with id 0. And every gift card
 * purchase that was paid (PAID, REFUNDED, DISPUTED) has its one card.
 */
export async function selectGiftCardMismatches(client: DbClient): Promise<GiftCardMismatchRow[]> {
  return client.$queryRaw<GiftCardMismatchRow[]>`
    SELECT 'card' AS kind, g.id, g.status::text AS status, g.credits, COALESCE(SUM(l.delta), 0) AS "ledgerSum"
    FROM gift_cards g
    LEFT JOIN credit_ledger l ON l."idempotencyKey" IN ('giftcard:' || g.id, 'giftcard:' || g.id || ':clawback')
    GROUP BY g.id
    HAVING COALESCE(SUM(l.delta), 0) <> CASE WHEN g.status = 'REDEEMED' THEN g.credits ELSE 0 END
    UNION ALL
    SELECT 'card', 0, 'NONE', 0, SUM(l.delta)
    FROM credit_ledger l
    WHERE l.kind = 'GIFT_CARD'
      AND NOT EXISTS (SELECT 1 FROM gift_cards g WHERE l."idempotencyKey" IN ('giftcard:' || g.id, 'giftcard:' || g.id || ':clawback'))
    HAVING COUNT(*) > 0
    UNION ALL
    SELECT 'purchase', p.id, p.status::text, p.credits + p."bonusCredits", 0
    FROM credit_purchases p
    WHERE p."giftCard" AND p.status IN ('PAID', 'REFUNDED', 'DISPUTED') AND NOT EXISTS (SELECT 1 FROM gift_cards g WHERE g."creditPurchaseId" = p.id)
    ORDER BY 1, 2`;
}
