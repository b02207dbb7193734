// The discount lines of an order (docs/store.md "Gifting" and "The pipeline"), read back from the
// price lines stored on it (StoreOrder.priceLines, CreditPurchase.priceLines). Pure: shared by the
// order history, the receipt page and the receipt mail through the order's DTO.

export type OrderDiscountLine = { label: string; amount: number };

const DISCOUNT_STEPS = new Set(["sale", "coupon"]);

function lineOf(v: unknown): { step: string; label: string; amount: number } | null {
  if (typeof v !== "object" || v === null) return null;
  const { step, label, amount } = v as Record<string, unknown>;
  if (typeof step !== "string" || typeof label !== "string" || typeof amount !== "number" || !Number.isInteger(amount)) return null;
  return { step, label, amount };
}

/**
 * The price before discounts (the base line) and every sale or coupon line, in the order they
 * were applied, each as the positive amount it took off. Orders stored without lines (made before
 * they were kept) have no discounts, and their base is null: the price charged stands for it.
 */
export function discountsFromPriceLines(stored: unknown): { base: number | null; discounts: OrderDiscountLine[] } {
  if (!Array.isArray(stored)) return { base: null, discounts: [] };
  const lines = stored.map(lineOf).filter((l) => l !== null);
  const base = lines.find((l) => l.step === "base")?.amount ?? null;
  const discounts = lines.filter((l) => DISCOUNT_STEPS.has(l.step) && l.amount !== 0).map((l) => ({ label: l.label, amount: -l.amount }));
  return { base, discounts };
}
