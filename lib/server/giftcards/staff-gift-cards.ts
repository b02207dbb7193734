import "server-only";
import type { z } from "zod";
import type { TGiftCardIssued, TStaffGiftCard, ZGiftCardIssueInput } from "@/lib/schemas/gift-cards";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import type { StaffContext } from "../store/admin/staff-dtos";
import { newGiftCardCode } from "./codes";
import { lockGiftCard } from "./sql/gift-cards";
import { STAFF_GIFT_CARD_INCLUDE, toStaffGiftCard } from "./gift-card-dto";

// Staff's side of gift cards (docs/gift-cards.md): issue one with a reason, list, void an unused
// one with a reason. Each change is audited with before and after in its own transaction.

/** Issues a card; the answer carries its code, which is not stored (only its hash). */
export async function issueGiftCard(input: z.output<typeof ZGiftCardIssueInput>, ctx: StaffContext, now = new Date()): Promise<TGiftCardIssued> {
  if (input.expiresAt && input.expiresAt <= now)
    throw new AppError("VALIDATION", { fields: { expiresAt: ["The expiry must be in the future."] }, userMessage: "Some fields are invalid." });
  const code = newGiftCardCode();
  return db.$transaction(async (tx) => {
    const row = await tx.giftCard.create({
      data: { codeHash: code.hash, codeLast4: code.last4, credits: input.credits, expiresAt: input.expiresAt, reason: input.reason, issuedById: ctx.actorId },
      include: STAFF_GIFT_CARD_INCLUDE,
    });
    const card = toStaffGiftCard(row, now);
    await recordAudit(
      {
        action: "giftcard.issued",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "gift_card",
        targetId: row.id,
        data: { reason: input.reason, before: null, after: card },
      },
      tx,
    );
    return { card, code: code.display };
  });
}

export async function listStaffGiftCards(now = new Date()): Promise<TStaffGiftCard[]> {
  const rows = await db.giftCard.findMany({ orderBy: { id: "desc" }, take: 200, include: STAFF_GIFT_CARD_INCLUDE });
  return rows.map((r) => toStaffGiftCard(r, now));
}

/** Voids an unused card (an expired one too: it then cannot be extended into use). */
export async function voidGiftCard(id: number, reason: string, ctx: StaffContext, now = new Date()): Promise<TStaffGiftCard> {
  return db.$transaction(async (tx) => {
    if (!(await lockGiftCard(tx, id))) throw new AppError("NOT_FOUND", { userMessage: "No such gift card." });
    const beforeRow = await tx.giftCard.findUniqueOrThrow({ where: { id }, include: STAFF_GIFT_CARD_INCLUDE });
    if (beforeRow.status !== "ACTIVE")
      throw new AppError("CONFLICT", { userMessage: `This gift card was already ${beforeRow.status === "REDEEMED" ? "redeemed" : "voided"}.` });
    const row = await tx.giftCard.update({
      where: { id },
      data: { status: "VOIDED", voidedAt: now, voidReason: reason, buyerCode: null },
      include: STAFF_GIFT_CARD_INCLUDE,
    });
    const before = toStaffGiftCard(beforeRow, now);
    const after = toStaffGiftCard(row, now);
    await recordAudit(
      { action: "giftcard.voided", actorId: ctx.actorId, ip: ctx.ip, targetType: "gift_card", targetId: id, data: { reason, before, after } },
      tx,
    );
    return after;
  });
}
