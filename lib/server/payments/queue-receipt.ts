import "server-only";
import { formatLongDateTime } from "@/lib/format/dates";
import { METHOD_NAMES, receiptAmount } from "@/lib/orders/receipt-text";
import type { Tx } from "../db";
import { queueMail, siteLink } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { creditOrderDto, creditOrderInclude } from "../store/order-dto";

// The receipt email of an order paid with money (docs/payments.md "Receipts"), queued in the
// settling transaction. settle.ts calls it only where a purchase turns PAID from an unpaid
// status, which happens once per purchase: a redelivered event is a duplicate, a second event
// finds it PAID, and a rolled-back settlement takes its mail row and job with it.

export async function queueReceipt(tx: Tx, purchaseId: number): Promise<void> {
  const p = await tx.creditPurchase.findUniqueOrThrow({
    where: { id: purchaseId },
    include: { ...creditOrderInclude, user: { select: { username: true, email: true, storeCredits: true } } },
  });
  const order = creditOrderDto(p);
  const amount = (n: number) => receiptAmount(order.currency, n);
  await queueMail(
    p.user.email,
    mailTemplates.receipt(
      p.user.username,
      {
        number: order.number,
        date: `${formatLongDateTime(p.paidAt ?? new Date(), "UTC")} UTC`,
        lines: order.lines.map((l) => ({ name: l.name, amount: amount(l.amount) })),
        discounts: order.discounts.map((d) => ({ label: d.label, amount: amount(d.amount) })),
        total: amount(order.total),
        method: METHOD_NAMES[order.method] ?? order.method,
        balance: p.deliverInGame
          ? `The credits are handed over in game: claim them from the donation manager at home. Website balance: ${p.user.storeCredits.toLocaleString("en-US")} credits.`
          : `New balance: ${p.user.storeCredits.toLocaleString("en-US")} credits.`,
      },
      siteLink(`/account/orders/${order.number}`),
    ),
    { tx },
  );
}
