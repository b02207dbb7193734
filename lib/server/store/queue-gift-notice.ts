import "server-only";
import { orderNumber } from "@/lib/orders/order-number";
import type { Tx } from "../db";
import { queueMail, siteLink } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { notifyGiftReceived } from "../notifications/events";

// The gift's mail and notification to its recipient (docs/store.md "Gifting"), queued in the purchase's own
// transaction, as receipts are in the settling one: the order is inserted once per (buyer,
// idempotency key), a replay returns before getting here, and a rolled-back purchase takes the
// mail row and its job with it. The send-mail job skips a row already SENT, so a retried job
// delivers it once.

export async function queueGiftNotice(tx: Tx, orderId: number): Promise<void> {
  const o = await tx.storeOrder.findUniqueOrThrow({
    where: { id: orderId },
    select: {
      quantity: true,
      product: { select: { name: true } },
      user: { select: { username: true } },
      recipient: { select: { id: true, username: true, email: true } },
    },
  });
  if (!o.recipient) return;
  const number = orderNumber("item", orderId);
  const item = o.quantity > 1 ? `${o.quantity} × ${o.product.name}` : o.product.name;
  await queueMail(
    o.recipient.email,
    mailTemplates.giftReceived(o.recipient.username, { from: o.user.username, item, number }, siteLink(`/account/orders/${number}`)),
    { tx },
  );
  // And behind the bell (docs/notifications.md), once per order.
  await notifyGiftReceived(tx, { userId: o.recipient.id, giftRef: `order:${orderId}`, what: item, from: o.user, link: `/account/orders/${number}` });
}
