import "server-only";
import type { CreditPurchase } from "@/lib/generated/prisma/client";
import { getEnv } from "../env";
import type { Tx } from "../db";

// The creator's share of a paid purchase (docs/store.md, "Creator codes"), kept in step by the
// settlement (settle.ts) in its transaction, under the purchase's row lock:
// - paid: one share per purchase, floor(paid cents × share %), payable CREATOR_SHARE_HOLD_DAYS after
//   the payment. The purchase turns PAID once, and the share's purchase id is unique besides, so a
//   webhook delivered twice (or a PayPal capture and its webhook) never makes two.
// - refunded or charged back: a share not paid out yet is CANCELLED (never owed); one already paid
//   out is REVERSED, and the code's next payout subtracts it.
// - a dispute won after it was lost: the share comes back as it was (ACCRUED, or PAID if it was
//   reversed and not subtracted yet).

const DAY_MS = 86_400_000;

/** Floor of the share: whole cents, never rounded up in the creator's favour. */
export const shareCents = (paidCents: number, sharePercent: number) => Math.floor((paidCents * sharePercent) / 100);

export async function accrueCreatorShare(tx: Tx, p: CreditPurchase, paidAt: Date): Promise<void> {
  if (p.creatorCodeId === null) return;
  const code = await tx.creatorCode.findUniqueOrThrow({ where: { id: p.creatorCodeId }, select: { sharePercent: true } });
  await tx.creatorShare.createMany({
    data: [
      {
        creatorCodeId: p.creatorCodeId,
        creditPurchaseId: p.id,
        paidCents: p.amountCents,
        amountCents: shareCents(p.amountCents, code.sharePercent),
        payableAt: new Date(paidAt.getTime() + getEnv().CREATOR_SHARE_HOLD_DAYS * DAY_MS),
      },
    ],
    skipDuplicates: true,
  });
}

/** A refund or a lost dispute: cancel the share not paid out yet, reverse the one paid out. */
export async function withdrawCreatorShare(tx: Tx, purchaseId: number): Promise<void> {
  const now = new Date();
  await tx.creatorShare.updateMany({ where: { creditPurchaseId: purchaseId, status: "ACCRUED" }, data: { status: "CANCELLED", cancelledAt: now } });
  await tx.creatorShare.updateMany({ where: { creditPurchaseId: purchaseId, status: "PAID" }, data: { status: "REVERSED", reversedAt: now } });
}

/** A dispute won: the share withdrawn by the lost dispute comes back (a reversal already subtracted stays subtracted). */
export async function restoreCreatorShare(tx: Tx, purchaseId: number): Promise<void> {
  await tx.creatorShare.updateMany({ where: { creditPurchaseId: purchaseId, status: "CANCELLED" }, data: { status: "ACCRUED", cancelledAt: null } });
  await tx.creatorShare.updateMany({
    where: { creditPurchaseId: purchaseId, status: "REVERSED", deductedPayoutId: null },
    data: { status: "PAID", reversedAt: null },
  });
}
