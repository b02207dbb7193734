import "server-only";
import type { GiftCard } from "@/lib/generated/prisma/client";
import type { TGiftCardState, TMyGiftCard, TStaffGiftCard } from "@/lib/schemas/gift-cards";

/** What a card is now: EXPIRED is an ACTIVE card past its expiry (the row keeps ACTIVE). */
export function giftCardState(c: Pick<GiftCard, "status" | "expiresAt">, now = new Date()): TGiftCardState {
  if (c.status === "ACTIVE" && c.expiresAt && c.expiresAt <= now) return "EXPIRED";
  return c.status;
}

type StaffRow = Omit<GiftCard, "codeHash"> & {
  issuedBy: { username: string } | null;
  buyer: { username: string } | null;
  redeemedBy: { username: string } | null;
};
export const STAFF_GIFT_CARD_INCLUDE = {
  issuedBy: { select: { username: true } },
  buyer: { select: { username: true } },
  redeemedBy: { select: { username: true } },
} as const;

export function toStaffGiftCard(c: StaffRow, now = new Date()): TStaffGiftCard {
  return {
    id: c.id,
    codeLast4: c.codeLast4,
    credits: c.credits,
    status: giftCardState(c, now),
    expiresAt: c.expiresAt?.toISOString() ?? null,
    reason: c.reason,
    issuedBy: c.issuedBy?.username ?? null,
    boughtBy: c.buyer?.username ?? null,
    creditPurchaseId: c.creditPurchaseId,
    redeemedBy: c.redeemedBy?.username ?? null,
    redeemedAt: c.redeemedAt?.toISOString() ?? null,
    voidedAt: c.voidedAt?.toISOString() ?? null,
    voidReason: c.voidReason,
    createdAt: c.createdAt.toISOString(),
  };
}

export function toMyGiftCard(c: Omit<GiftCard, "codeHash">, now = new Date()): TMyGiftCard {
  return {
    id: c.id,
    code: c.buyerCode,
    codeLast4: c.codeLast4,
    credits: c.credits,
    status: giftCardState(c, now),
    expiresAt: c.expiresAt?.toISOString() ?? null,
    redeemedAt: c.redeemedAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}
