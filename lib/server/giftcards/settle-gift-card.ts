import "server-only";
import type { CreditPurchase } from "@/lib/generated/prisma/client";
import { applyCreditChange } from "../credits/apply-credit-change";
import type { Tx } from "../db";
import { newGiftCardCode } from "./codes";
import { lockPurchaseGiftCard } from "./sql/gift-cards";

// A credit package sold as a gift card (docs/gift-cards.md), in the payment settlement's
// transaction (lib/server/payments/settle.ts) with the purchase row locked:
// - paid: one card worth credits + bonus for the buyer instead of credits on their balance. The
//   card's purchase id is unique, so however often the event arrives (concurrently too: the
//   second delivery waits on the purchase lock and finds it PAID) there is one card;
// - refunded or lost dispute: an unused card is voided; a redeemed one is voided and its credits
//   are taken back from whoever redeemed it (a GIFT_CARD entry of minus its value, keyed
//   "giftcard:<id>:clawback": once), the same rule as a refunded package whose credits were
//   spent: the balance may go below zero, which freezes spending.

export async function issueBoughtGiftCard(tx: Tx, p: CreditPurchase): Promise<void> {
  const code = newGiftCardCode();
  await tx.giftCard.createMany({
    data: [
      {
        codeHash: code.hash,
        codeLast4: code.last4,
        buyerCode: code.display,
        credits: p.credits + p.bonusCredits,
        creditPurchaseId: p.id,
        buyerId: p.userId,
      },
    ],
    skipDuplicates: true,
  });
}

/** Voids the purchase's card (clawing back a redeemed one); false when the purchase has no card. */
export async function reverseBoughtGiftCard(tx: Tx, p: CreditPurchase, why: "refunded" | "dispute-lost", now = new Date()): Promise<boolean> {
  const id = await lockPurchaseGiftCard(tx, p.id);
  if (id === null) return false;
  const card = await tx.giftCard.findUniqueOrThrow({ where: { id } });
  if (card.redeemedById !== null)
    await applyCreditChange(tx, {
      userId: card.redeemedById,
      delta: -card.credits,
      kind: "GIFT_CARD",
      idempotencyKey: `giftcard:${card.id}:clawback`,
      mode: "force",
      note: `Gift card #${card.id}: its purchase #${p.id} was ${why === "refunded" ? "refunded" : "charged back"}`,
    });
  if (card.status !== "VOIDED")
    await tx.giftCard.update({
      where: { id: card.id },
      data: {
        status: "VOIDED",
        voidedAt: now,
        buyerCode: null,
        voidReason: why === "refunded" ? "Its purchase was refunded." : "Its purchase was charged back.",
      },
    });
  return true;
}
