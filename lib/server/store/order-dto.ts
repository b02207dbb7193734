import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { blockReasonFromDb } from "@/lib/orders/block-reasons";
import { orderNumber } from "@/lib/orders/order-number";
import { discountsFromPriceLines, type OrderDiscountLine } from "@/lib/orders/price-lines";
import type { TOrder, TOrderDelivery, TOrderStatus } from "@/lib/schemas/orders";
import { getEnv } from "../env";

// What a player sees of an order (docs/payments.md "Orders"): built from the rows, never stored.

const deliverySelect = {
  select: { status: true, deliveredAt: true, blockedReason: true, blockedMessage: true, blockedAt: true },
} satisfies Prisma.GameDeliveryDefaultArgs;

export const creditOrderInclude = { delivery: deliverySelect } satisfies Prisma.CreditPurchaseInclude;
export const itemOrderInclude = {
  delivery: deliverySelect,
  product: { select: { name: true } },
  // A gift: the buyer's and the recipient's names (docs/store.md "Gifting").
  user: { select: { username: true } },
  recipient: { select: { username: true } },
  // A refund of the order (a canceled delivery gives the credits back).
  ledgerEntries: { where: { kind: "REFUND" }, select: { id: true } },
} satisfies Prisma.StoreOrderInclude;

export type CreditOrderRow = Prisma.CreditPurchaseGetPayload<{ include: typeof creditOrderInclude }>;
export type ItemOrderRow = Prisma.StoreOrderGetPayload<{ include: typeof itemOrderInclude }>;
type DeliveryRow = NonNullable<CreditOrderRow["delivery"]>;

export function toOrderDelivery(d: DeliveryRow | null): TOrderDelivery | null {
  if (!d) return null;
  const blocked = (d.status === "PENDING" || d.status === "LEASED") && d.blockedReason !== null;
  const state = d.status === "DELIVERED" ? "claimed" : d.status === "CANCELED" ? "canceled" : blocked ? "blocked" : "waiting";
  return {
    state,
    blocked_reason: blocked && d.blockedReason ? blockReasonFromDb(d.blockedReason) : null,
    blocked_message: blocked ? d.blockedMessage : null,
    blocked_at: blocked ? (d.blockedAt?.toISOString() ?? null) : null,
    delivered_at: d.deliveredAt?.toISOString() ?? null,
  };
}

/**
 * The price before discounts and the discount lines, from the stored price lines; they are used
 * only when they add up to what was charged, so unit_price − discounts = total always holds.
 */
export function pricedLines(stored: unknown, charged: number): { unitPrice: number; discounts: OrderDiscountLine[] } {
  const { base, discounts } = discountsFromPriceLines(stored);
  if (base === null || base - discounts.reduce((sum, d) => sum + d.amount, 0) !== charged) return { unitPrice: charged, discounts: [] };
  return { unitPrice: base, discounts };
}

/** When an unpaid checkout closes. */
export const checkoutExpiresAt = (createdAt: Date) => new Date(createdAt.getTime() + getEnv().CHECKOUT_EXPIRY_MINUTES * 60_000);

export function creditOrderDto(p: CreditOrderRow, now = new Date()): TOrder {
  const open = p.status === "PENDING" && checkoutExpiresAt(p.createdAt) > now;
  const credits = p.credits + p.bonusCredits;
  const priced = pricedLines(p.priceLines, p.amountCents);
  return {
    number: orderNumber("credits", p.id),
    kind: "credits",
    created: p.createdAt.toISOString(),
    status: p.status.toLowerCase() as TOrderStatus,
    currency: "USD",
    method: p.method.toLowerCase() as TOrder["method"],
    lines: [
      {
        name: `${p.credits.toLocaleString("en-US")} credits${p.bonusCredits > 0 ? ` (+${p.bonusCredits.toLocaleString("en-US")} bonus)` : ""}`,
        quantity: 1,
        unit_price: priced.unitPrice,
        amount: priced.unitPrice,
        credits,
      },
    ],
    discounts: priced.discounts,
    gift_to: null,
    gift_from: null,
    total: p.amountCents,
    paid_at: p.paidAt?.toISOString() ?? null,
    delivery: toOrderDelivery(p.delivery),
    expires_at: p.status === "PENDING" ? checkoutExpiresAt(p.createdAt).toISOString() : null,
    can_resume: open && p.checkoutAnswer !== null,
    can_cancel: p.status === "PENDING",
  };
}

/**
 * A store order as `viewerId` sees it: the buyer in full; the recipient of a gift (docs/store.md
 * "Gifting") sees who sent it and its delivery, but no amounts (0) and no discount lines: what the
 * buyer paid, and with which coupon, is the buyer's.
 */
export function itemOrderDto(o: ItemOrderRow, viewerId: number = o.userId): TOrder {
  const refunded = o.ledgerEntries.length > 0;
  const received = viewerId !== o.userId && o.recipientId === viewerId;
  const priced = received ? { unitPrice: 0, discounts: [] } : pricedLines(o.priceLines, o.priceCredits);
  const total = received ? 0 : o.priceCredits;
  return {
    number: orderNumber("item", o.id),
    kind: "item",
    created: o.createdAt.toISOString(),
    status: refunded ? "refunded" : "paid",
    currency: "CREDITS",
    method: "credits",
    lines: [{ name: o.product.name, quantity: o.quantity, unit_price: priced.unitPrice, amount: priced.unitPrice * o.quantity, credits: null }],
    discounts: priced.discounts,
    total,
    gift_to: !received && o.recipient ? o.recipient.username : null,
    gift_from: received ? o.user.username : null,
    paid_at: o.createdAt.toISOString(),
    delivery: toOrderDelivery(o.delivery),
    expires_at: null,
    can_resume: false,
    can_cancel: false,
  };
}
