// Store sale tiers (docs/product.md §4, §9; docs/store.md): the product's fixed tier is kept as a
// sale that never ends, weighed against the scheduled sales by the price pipeline (lib/store/pricing.ts);
// the API's `sale` tier is derived from whichever sale is in force. No I/O, no server imports.
import { applyDiscount, type SaleRule } from "./pricing";

export const SALE_PERCENT = { LOW: 10, MEDIUM: 25, HIGH: 50 } as const;

export type SaleTier = keyof typeof SALE_PERCENT;

export const SALE_TIERS = ["LOW", "MEDIUM", "HIGH"] as const satisfies readonly SaleTier[];

/**
 * The discounted price of a product on sale, or null when it has no sale.
 * Rounding: to the nearest whole credit, halves up (450 at 25% off → 338), and never below
 * 1 credit, so a sale cannot make a paid product free; never above the list price either.
 */
export function salePrice(price: number, sale: SaleTier): number;
export function salePrice(price: number, sale: SaleTier | null | undefined): number | null;
export function salePrice(price: number, sale: SaleTier | null | undefined): number | null {
  if (!sale) return null;
  return applyDiscount(price, "PERCENT", SALE_PERCENT[sale], 1);
}

/** What the tier alone makes a price (the pipeline weighs it against scheduled sales: priceBreakdown). */
export function priceInForce(price: number, sale: SaleTier | null | undefined): number {
  return salePrice(price, sale) ?? price;
}

/** A product's fixed tier as a sale rule for the pipeline (id 0: it loses every tie to a scheduled sale). */
export function tierSale(sale: SaleTier | null | undefined): SaleRule | null {
  return sale ? { id: 0, name: `${SALE_PERCENT[sale]}% off`, kind: "PERCENT", value: SALE_PERCENT[sale], endsAt: null } : null;
}

/** The percent a sale in force takes off: its own for a percentage sale, else rounded from the prices. */
export function salePercent(sale: SaleRule, price: number, salePriceNow: number): number {
  if (sale.kind === "PERCENT") return sale.value;
  return Math.max(1, Math.round(((price - salePriceNow) * 100) / price));
}

/**
 * The product contract's LOW/MEDIUM/HIGH for a sale in force: HIGH from 50 % off, MEDIUM from 25 %, LOW below;
 * a product's own tier maps back to itself.
 */
export function tierFor(percent: number): SaleTier {
  return percent >= SALE_PERCENT.HIGH ? "HIGH" : percent >= SALE_PERCENT.MEDIUM ? "MEDIUM" : "LOW";
}

/** The grid's badge text, e.g. "25% OFF"; empty when there is no sale. */
export function saleLabel(sale: SaleTier | null | undefined): string {
  return sale ? `${SALE_PERCENT[sale]}% OFF` : "";
}
