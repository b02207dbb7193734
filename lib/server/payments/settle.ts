import "server-only";
import { notifyDonatorRank } from "../notifications/events";
import { announce, topic } from "../changes/announce";
import type { CreditPurchase } from "@/lib/generated/prisma/client";
import { DONATOR_RANKS, donatorRankIndex, memberRankForTotal, nextDonatorRank } from "@/lib/ranks";
import { applyCreditChange, BalanceLimitError } from "../credits/apply-credit-change";
import { db, type Tx } from "../db";
import { followPurchaseForGoals } from "../goals/follow-purchase";
import type { PaymentMethodName } from "../env";
import { log } from "../log";
import { recordDispute } from "./disputes";
import { accrueCreatorShare, restoreCreatorShare, withdrawCreatorShare } from "./creator-shares";
import { issueBoughtGiftCard, reverseBoughtGiftCard } from "../giftcards/settle-gift-card";
import { queueCreditDelivery, restoreCreditDelivery, withdrawCreditDelivery } from "./in-game-credits";
import { queueMail, siteLink } from "../mail/send-mail";
import { queueReceipt } from "./queue-receipt";
import { mailTemplates } from "../mail/templates";
import { lockPurchaseById, lockPurchaseByProviderRef } from "./sql/purchases";
import { insertWebhookEvent } from "./sql/webhook-events";
import { DB_METHOD, DB_PROVIDER, type PaymentEffect, type VerifiedEvent } from "./types";

// The one place a provider's word changes money (docs/payments.md). In one transaction: the event
// is stored once (unique provider + event id; a twin delivery waits on the index, then finds
// it taken and changes nothing), its effect applied with fixed ledger keys per purchase (so a
// PayPal capture answer and its webhook converge on one grant), the community goals it moves
// followed (lib/server/goals/follow-purchase.ts), and the donator rank redone.

/** Statuses a payment may still settle: open, failed before, or closed unpaid (cancelled, expired). */
const SETTLEABLE: readonly string[] = ["PENDING", "FAILED", "CANCELED", "EXPIRED"];

export type SettleResult = { outcome: "applied" | "duplicate" | "rejected" | "ignored"; purchaseId?: number; error?: string };

export async function settleEvent(method: PaymentMethodName, event: VerifiedEvent): Promise<SettleResult> {
  try {
    return await db.$transaction(async (tx) => {
      const storedId = await storeEvent(tx, method, event);
      if (storedId === null) return { outcome: "duplicate" };
      return recordOutcome(tx, method, event, storedId, await applyEffect(tx, method, event.effect));
    });
  } catch (e) {
    if (!(e instanceof BalanceLimitError)) throw e;
    // The credits would take the balance past what it can hold. That transaction rolled back
    // (purchase still as it was, no ledger entry); the event is stored as not applied, in a
    // transaction of its own, so the provider gets its 200 and stops retrying, and staff see it
    // on /staff/payments (refund it, or re-apply it once the balance has room).
    return db.$transaction(async (tx) => {
      const storedId = await storeEvent(tx, method, event);
      if (storedId === null) return { outcome: "duplicate" };
      const p = event.effect.kind === "none" ? null : await lockPurchase(tx, method, event.effect);
      return recordOutcome(tx, method, event, storedId, { outcome: "rejected", purchaseId: p?.id, error: `not applied: ${e.userMessage}` });
    });
  }
}

const storeEvent = (tx: Tx, method: PaymentMethodName, event: VerifiedEvent) =>
  insertWebhookEvent(tx, { provider: DB_PROVIDER[method], eventId: event.eventId, type: event.type, payloadJson: JSON.stringify(event.payload ?? null) });

async function recordOutcome(tx: Tx, method: PaymentMethodName, event: VerifiedEvent, storedId: number, result: SettleResult): Promise<SettleResult> {
  await tx.webhookEvent.update({
    where: { id: storedId },
    data: { processedAt: new Date(), error: result.error ?? null, creditPurchaseId: result.purchaseId ?? null },
  });
  if (result.outcome === "rejected")
    log.warn("payment event not applied", { provider: method, eventId: event.eventId, type: event.type, purchaseId: result.purchaseId, error: result.error });
  return result;
}

/** The purchase an effect is about, locked for this transaction; null when unknown. */
async function lockPurchase(tx: Tx, method: PaymentMethodName, effect: Exclude<PaymentEffect, { kind: "none" }>): Promise<CreditPurchase | null> {
  const id = effect.purchaseId
    ? await lockPurchaseById(tx, effect.purchaseId, DB_METHOD[method])
    : await lockPurchaseByProviderRef(tx, effect.providerRef, DB_METHOD[method]);
  return id ? tx.creditPurchase.findUnique({ where: { id } }) : null;
}

/** An event's effect on its purchase, in the caller's transaction (also staff re-applying a stored event). */
export async function applyEffect(tx: Tx, method: PaymentMethodName, effect: PaymentEffect): Promise<SettleResult> {
  if (effect.kind === "none") return { outcome: "ignored" };
  const p = await lockPurchase(tx, method, effect);
  if (!p) return { outcome: "rejected", error: `no ${method} purchase for ${effect.purchaseId ?? effect.providerRef}` };
  // The reference we created the checkout with must match what the provider reports.
  if (p.providerRef && effect.providerRef && effect.purchaseId && p.providerRef !== effect.providerRef)
    return { outcome: "rejected", purchaseId: p.id, error: `provider reference ${effect.providerRef} does not match purchase ${p.id}` };
  const total = p.credits + p.bonusCredits;
  const has = async (suffix: string) => (await tx.creditLedgerEntry.count({ where: { idempotencyKey: `purchase:${p.id}:${suffix}` } })) > 0;
  const change = (delta: number, kind: "PURCHASE" | "BONUS" | "REFUND" | "CHARGEBACK" | "ADJUSTMENT", suffix: string) =>
    applyCreditChange(tx, { userId: p.userId, delta, kind, idempotencyKey: `purchase:${p.id}:${suffix}`, mode: "force", creditPurchaseId: p.id });

  switch (effect.kind) {
    case "paid": {
      if (effect.amountCents !== p.amountCents || effect.currency.toUpperCase() !== p.currency.toUpperCase())
        return { outcome: "rejected", purchaseId: p.id, error: `paid ${effect.amountCents} ${effect.currency}, expected ${p.amountCents} ${p.currency}` };
      // A checkout the player cancelled or that expired is still honoured: the provider took the money.
      if (!SETTLEABLE.includes(p.status)) return { outcome: "ignored", purchaseId: p.id };
      const paidAt = new Date();
      await tx.creditPurchase.update({ where: { id: p.id }, data: { status: "PAID", paidAt, providerRef: p.providerRef ?? effect.providerRef } });
      // A creator code's share: one per purchase, held CREATOR_SHARE_HOLD_DAYS (docs/store.md).
      await accrueCreatorShare(tx, p, paidAt);
      // Sold as a gift card: the buyer gets a card, not credits (docs/gift-cards.md).
      if (p.giftCard) await issueBoughtGiftCard(tx, p);
      else if (p.deliverInGame) await queueCreditDelivery(tx, p);
      else {
        await change(p.credits, "PURCHASE", "purchase");
        if (p.bonusCredits > 0) await change(p.bonusCredits, "BONUS", "bonus");
      }
      // Turned PAID just now, which happens once per purchase: its receipt, in this transaction.
      await queueReceipt(tx, p.id);
      break;
    }
    case "failed":
      if (p.status === "PENDING") await tx.creditPurchase.update({ where: { id: p.id }, data: { status: "FAILED" } });
      return { outcome: "applied", purchaseId: p.id };
    case "refunded":
    case "dispute-lost": {
      if (p.giftCard) {
        if (!(await reverseBoughtGiftCard(tx, p, effect.kind))) return { outcome: "ignored", purchaseId: p.id };
        await tx.creditPurchase.update({ where: { id: p.id }, data: { status: effect.kind === "refunded" ? "REFUNDED" : "DISPUTED" } });
        await withdrawCreatorShare(tx, p.id);
        if (effect.kind === "dispute-lost") await recordDispute(tx, p, "dispute-lost");
        break;
      }
      // Credits for the game: a delivery not handed over yet is simply canceled.
      const inGame = p.deliverInGame ? await withdrawCreditDelivery(tx, p.id) : null;
      if (inGame === "none" || (!inGame && !(await has("purchase")))) return { outcome: "ignored", purchaseId: p.id };
      const clawed =
        inGame === "canceled" || inGame === "already-canceled" || (await has("refund")) || ((await has("chargeback")) && !(await has("dispute-won")));
      // Credits already spent stay spent: the balance goes negative and spending freezes.
      if (!clawed) await (effect.kind === "refunded" ? change(-total, "REFUND", "refund") : change(-total, "CHARGEBACK", "chargeback"));
      await tx.creditPurchase.update({ where: { id: p.id }, data: { status: effect.kind === "refunded" ? "REFUNDED" : "DISPUTED" } });
      // The creator's share goes with the payment: cancelled in its hold, reversed once paid out.
      await withdrawCreatorShare(tx, p.id);
      if (effect.kind === "dispute-lost") await recordDispute(tx, p, "dispute-lost");
      break;
    }
    case "dispute-opened":
      if (p.status === "PAID") await tx.creditPurchase.update({ where: { id: p.id }, data: { status: "DISPUTED" } });
      await recordDispute(tx, p, "dispute-opened");
      break;
    case "dispute-won":
      await recordDispute(tx, p, "dispute-won");
      if ((await has("chargeback")) && !(await has("refund"))) await change(total, "ADJUSTMENT", "dispute-won");
      if (p.deliverInGame && p.status === "DISPUTED") await restoreCreditDelivery(tx, p.id);
      if (p.status === "DISPUTED") await tx.creditPurchase.update({ where: { id: p.id }, data: { status: "PAID" } });
      if (p.status === "DISPUTED" && !(await has("refund"))) await restoreCreatorShare(tx, p.id);
      break;
  }
  await followPurchaseForGoals(tx, p);
  await recomputeRank(tx, p.userId);
  return { outcome: "applied", purchaseId: p.id };
}

/** Total actually paid (PAID purchases only: refunded and disputed ones drop out) and its rank. */
export async function recomputeRank(tx: Tx, userId: number): Promise<void> {
  const sum = await tx.creditPurchase.aggregate({ where: { userId, status: "PAID" }, _sum: { amountCents: true } });
  const totalSpentCents = sum._sum.amountCents ?? 0;
  const memberRank = memberRankForTotal(totalSpentCents);
  const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { memberRank: true, username: true, email: true } });
  await tx.user.update({ where: { id: userId }, data: { totalSpentCents, memberRank } });
  // Posts show the author's rank beside the name.
  if (before.memberRank !== memberRank) await announce(tx, [topic.forums]);
  // A rank reached is told once, by mail in this transaction: the same event applied twice finds
  // the rank unchanged, and a rank lost to a refund and reached again is told again.
  if (donatorRankIndex(memberRank) > donatorRankIndex(before.memberRank)) {
    const reached = DONATOR_RANKS[donatorRankIndex(memberRank)]!;
    const next = nextDonatorRank(totalSpentCents);
    const missing = next ? `$${(next.missingCents / 100).toFixed(2)}` : "";
    await queueMail(before.email, mailTemplates.donatorRankReached(before.username, reached.name, next && { name: next.name, missing }, siteLink("/account")), {
      tx,
    });
    await notifyDonatorRank(tx, { userId, rank: reached.name, total: totalSpentCents });
  }
}
