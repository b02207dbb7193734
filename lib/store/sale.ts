// Store sale tiers (docs/product.md §4, §9): one helper for the product grid and the purchase use case,
// so the price a player sees is the price the server charges. No I/O, no server imports.

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
  // Integer arithmetic first: price × (100 − percent) is exact, and n / 100 rounds correctly.
  const discounted = Math.round((price * (100 - SALE_PERCENT[sale])) / 100);
  return Math.min(price, Math.max(1, discounted));
}

/** What a purchase costs right now: the sale price when a sale is on, else the list price. */
export function priceInForce(price: number, sale: SaleTier | null | undefined): number {
  return salePrice(price, sale) ?? price;
}

/** The grid's badge text, e.g. "25% OFF"; empty when there is no sale. */
export function saleLabel(sale: SaleTier | null | undefined): string {
  return sale ? `${SALE_PERCENT[sale]}% OFF` : "";
}
