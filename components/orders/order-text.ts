import { BLOCK_REASON_TEXT } from "@/lib/orders/block-reasons";
import type { TOrder, TOrderDelivery, TOrderStatus } from "@/lib/schemas/orders";

// The words of the order history and the receipt (docs/payments.md "Orders").

export const NO_ORDERS = "No orders yet. Items you buy in the store and credit packages you buy appear here.";
export const WAITING_IN_GAME = "Waiting in game";
export const CLAIM_HINT = "Claim it from the donation manager at home.";
/** A gift you bought: the recipient claims it (docs/store.md "Gifting"). */
export const giftClaimHint = (recipient: string) => `${recipient} claims it from the donation manager at home.`;
export const giftToText = (recipient: string) => `Gift to ${recipient}`;
export const giftFromText = (buyer: string) => `Gift from ${buyer}`;

export const STATUS_LABELS: Record<TOrderStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  canceled: "Cancelled",
  expired: "Expired",
  refunded: "Refunded",
  disputed: "Disputed",
};

/** An order's amount in its currency: "$50.00" or "400 credits". */
export function orderAmount(order: Pick<TOrder, "currency">, amount: number): string {
  return order.currency === "USD" ? `$${(amount / 100).toFixed(2)}` : `${amount.toLocaleString("en-US")} credits`;
}

/** The delivery's headline: "Waiting in game", "Blocked: Not enough free inventory space", "Claimed", "Cancelled". */
export function deliveryHeadline(d: TOrderDelivery): string {
  if (d.state === "claimed") return "Claimed";
  if (d.state === "canceled") return "Cancelled";
  if (d.state === "blocked" && d.blocked_reason) return `Blocked: ${BLOCK_REASON_TEXT[d.blocked_reason]}`;
  return WAITING_IN_GAME;
}
