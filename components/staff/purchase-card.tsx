import type { TStaffPurchase } from "@/lib/schemas/staff-payments";

// Words and formats of a credit purchase as the staff payments area shows it.

export const PROVIDER_LABELS: Record<TStaffPurchase["provider"], string> = {
  stripe: "Stripe",
  paypal: "PayPal",
  coinbase: "Coinbase",
  ingame: "In game",
  manual: "Manual",
};
export const PURCHASE_STATUS_LABELS: Record<TStaffPurchase["status"], string> = {
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
  canceled: "Canceled",
  expired: "Expired",
  refunded: "Refunded",
  disputed: "Disputed",
};
export const STATUS_TONES = { pending: "wait", paid: "ok", failed: "bad", canceled: "none", expired: "none", refunded: "none", disputed: "bad" } as const;

/** An amount in cents as money; a currency code Intl does not know is shown as it is. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
