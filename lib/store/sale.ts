// Sale tiers of spec §9, one helper for client and server.
// (Minimal copy made by the store-UI branch so it compiles; the store helper's version wins at merge.)

export type SaleTier = "LOW" | "MEDIUM" | "HIGH";

export const SALE_PERCENT: Readonly<Record<SaleTier, number>> = { LOW: 10, MEDIUM: 25, HIGH: 50 };

/** The price in force under a sale tier (whole credits). */
export function salePrice(price: number, sale: SaleTier | null | undefined): number {
  return sale ? Math.round(price * (1 - SALE_PERCENT[sale] / 100)) : price;
}

/** The badge text, e.g. "25% OFF". */
export function saleLabel(sale: SaleTier): string {
  return `${SALE_PERCENT[sale]}% OFF`;
}
