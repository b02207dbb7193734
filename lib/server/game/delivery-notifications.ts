import "server-only";
import { BLOCK_REASON_TEXT, type TBlockReason } from "@/lib/orders/block-reasons";
import { orderNumber } from "@/lib/orders/order-number";
import type { Tx } from "../db";
import { notifyOrderBlocked, notifyOrderClaimed } from "../notifications/events";

// The player hears when the game hands over an order's delivery (ack) or reports it cannot yet
// (blocked), in the transaction of that write (docs/notifications.md). Only deliveries of an
// order (a store item, or credits bought through ::store), a re-sent copy by its original's
// order; vote rewards and prizes are not orders.

type OrderRef = { number: string; what: string };

async function ordersOf(tx: Tx, ids: readonly number[]): Promise<Map<number, { userId: number; order: OrderRef }>> {
  if (ids.length === 0) return new Map();
  const order = {
    storeOrderId: true,
    storeOrder: { select: { quantity: true, product: { select: { name: true } } } },
    creditPurchaseId: true,
    creditPurchase: { select: { credits: true, bonusCredits: true } },
  } as const;
  const rows = await tx.gameDelivery.findMany({ where: { id: { in: [...ids] } }, select: { id: true, userId: true, ...order, resendRoot: { select: order } } });
  const out = new Map<number, { userId: number; order: OrderRef }>();
  for (const r of rows) {
    const o = r.storeOrderId !== null || r.creditPurchaseId !== null ? r : r.resendRoot;
    if (!o) continue;
    if (o.storeOrderId !== null && o.storeOrder) {
      const q = o.storeOrder.quantity > 1 ? `${o.storeOrder.quantity} × ` : "";
      out.set(r.id, { userId: r.userId, order: { number: orderNumber("item", o.storeOrderId), what: `${q}${o.storeOrder.product.name}` } });
    } else if (o.creditPurchaseId !== null && o.creditPurchase) {
      const credits = o.creditPurchase.credits + o.creditPurchase.bonusCredits;
      out.set(r.id, { userId: r.userId, order: { number: orderNumber("credits", o.creditPurchaseId), what: `${credits.toLocaleString("en-US")} credits` } });
    }
  }
  return out;
}

const orderLink = (number: string) => `/account/orders/${number}`;

export async function notifyClaimed(tx: Tx, deliveryIds: readonly number[]): Promise<void> {
  for (const [deliveryId, { userId, order }] of await ordersOf(tx, deliveryIds)) {
    await notifyOrderClaimed(tx, { userId, deliveryId, what: `${order.what} (order ${order.number})`, link: orderLink(order.number) });
  }
}

export async function notifyBlocked(tx: Tx, deliveryIds: readonly number[], reason: TBlockReason): Promise<void> {
  for (const [deliveryId, { userId, order }] of await ordersOf(tx, deliveryIds)) {
    await notifyOrderBlocked(tx, {
      userId,
      deliveryId,
      what: `${order.what} (order ${order.number})`,
      reason,
      reasonText: BLOCK_REASON_TEXT[reason],
      link: orderLink(order.number),
    });
  }
}
