import "server-only";
import { normalizeGiftCardCode } from "@/lib/gift-card-code";
import type { TGiftCardBalance, TGiftCardRedeemed, TMyGiftCard } from "@/lib/schemas/gift-cards";
import { applyCreditChange } from "../credits/apply-credit-change";
import { db } from "../db";
import { AppError } from "../errors";
import { hashGiftCardCode } from "./codes";
import { claimGiftCard } from "./sql/gift-cards";
import { giftCardState, toMyGiftCard } from "./gift-card-dto";

// A player's side (docs/gift-cards.md): redeem a code into the balance, check what a code is
// worth, list the cards they bought.
//
// Exactly once: the redemption is one conditional UPDATE (ACTIVE and not expired → REDEEMED) and
// the ledger entry in the same transaction, keyed "giftcard:<id>". Concurrent attempts queue on
// the row lock; the first commits, and PostgreSQL re-checks the others' WHERE against the
// committed row, which is no longer ACTIVE: they change nothing and are told it was redeemed.

export const GIFT_CARD_MESSAGES = {
  unknown: "No gift card has this code. Check it and try again.",
  expired: "This gift card has expired.",
  voided: "This gift card was voided and cannot be used.",
  redeemed: "This gift card has already been redeemed.",
} as const;

const codeError = (message: string) => new AppError("VALIDATION", { fields: { code: [message] }, userMessage: message });

export async function redeemGiftCard(userId: number, typed: string, now = new Date()): Promise<TGiftCardRedeemed> {
  const code = normalizeGiftCardCode(typed);
  if (!code) throw codeError(GIFT_CARD_MESSAGES.unknown);
  const hash = hashGiftCardCode(code);
  const result = await db.$transaction(async (tx) => {
    const card = await claimGiftCard(tx, hash, userId, now);
    if (!card) return null;
    const change = await applyCreditChange(tx, {
      userId,
      delta: card.credits,
      kind: "GIFT_CARD",
      idempotencyKey: `giftcard:${card.id}`,
      mode: "force",
      note: `Gift card #${card.id}`,
    });
    // The key is the card's: a second entry for it cannot exist while the card was ACTIVE.
    if (!change.applied) throw new Error(`gift card ${card.id}: ledger entry already present`);
    return { credits: card.credits, balance: change.balanceAfter };
  });
  if (result) return result;
  // Why not: read after the failed attempt (the card's state then is the answer).
  const row = await db.giftCard.findUnique({ where: { codeHash: hash }, select: { status: true, expiresAt: true } });
  if (!row) throw codeError(GIFT_CARD_MESSAGES.unknown);
  const state = giftCardState(row, now);
  throw codeError(state === "EXPIRED" ? GIFT_CARD_MESSAGES.expired : state === "VOIDED" ? GIFT_CARD_MESSAGES.voided : GIFT_CARD_MESSAGES.redeemed);
}

/** What a code is worth and whether it can be used; 404 for a code no card has. */
export async function checkGiftCard(typed: string, now = new Date()): Promise<TGiftCardBalance> {
  const code = normalizeGiftCardCode(typed);
  const row = code ? await db.giftCard.findUnique({ where: { codeHash: hashGiftCardCode(code) } }) : null;
  if (!row) throw new AppError("NOT_FOUND", { userMessage: GIFT_CARD_MESSAGES.unknown });
  return { credits: row.credits, status: giftCardState(row, now), expiresAt: row.expiresAt?.toISOString() ?? null };
}

export async function listMyGiftCards(userId: number, now = new Date()): Promise<TMyGiftCard[]> {
  const rows = await db.giftCard.findMany({ where: { buyerId: userId }, orderBy: { id: "desc" }, take: 100 });
  return rows.map((r) => toMyGiftCard(r, now));
}
