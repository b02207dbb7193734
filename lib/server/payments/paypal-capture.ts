import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { isTestCheckout } from "./config";
import { decimalToCents } from "./money";
import { CAPTURE_ANSWER_TYPE } from "./paypal";
import { capturePaypalOrder } from "./paypal-http";
import { settleEvent } from "./settle";
import { completeTestCheckout } from "./test-checkout";

// POST /store/credits/paypal/capture: captures the buyer's approved order and settles from
// PayPal's answer. The PAYMENT.CAPTURE.COMPLETED webhook for the same capture lands on the
// same ledger keys (purchase:<id>:purchase/bonus), so whichever comes first grants, once.

export async function capturePaypalPurchase(userId: number, orderId: string): Promise<{ status: string }> {
  const p = await db.creditPurchase.findFirst({ where: { method: "PAYPAL", providerRef: orderId } });
  if (!p || p.userId !== userId) throw new AppError("NOT_FOUND");
  if (isTestCheckout("paypal")) {
    // Same answer as a real capture: COMPLETED once the credits are granted.
    const done = await completeTestCheckout(userId, p.id);
    return { status: done.status === "PAID" ? "COMPLETED" : done.status };
  }
  const { orderStatus, capture } = await capturePaypalOrder(orderId);
  if (capture && capture.status === "COMPLETED") {
    await settleEvent("paypal", {
      eventId: `capture-answer:${capture.id}`,
      type: CAPTURE_ANSWER_TYPE,
      payload: { resource: { ...capture, custom_id: capture.custom_id ?? String(p.id) } },
      effect: {
        kind: "paid",
        providerRef: orderId,
        purchaseId: p.id,
        amountCents: decimalToCents(capture.amount?.value) ?? -1,
        currency: String(capture.amount?.currency_code ?? ""),
      },
    });
  }
  const after = await db.creditPurchase.findUniqueOrThrow({ where: { id: p.id } });
  return { status: after.status === "PAID" ? "COMPLETED" : (capture?.status ?? orderStatus) };
}
