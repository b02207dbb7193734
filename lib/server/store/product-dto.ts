import "server-only";
import type { StoreProduct, StoreSale } from "@/lib/generated/prisma/client";
import type { TStoreProduct } from "@/lib/schemas/store";
import { priceBreakdown } from "@/lib/store/pricing";
import { salePercent, tierFor } from "@/lib/store/sale";
import { salesForProduct } from "./pricing";

/**
 * A product as docs/product.md §3 names its fields. `sale_price`, `sale` (the tier) and the additions
 * `sale_percent` and `sale_ends_at` come from the sale in force, chosen by the same price pipeline the
 * purchase runs (docs/store.md); the stored `salePrice` column is never read, so a stale value there
 * cannot show one price and charge another.
 */
export function toStoreProductDto(
  p: Pick<StoreProduct, "id" | "name" | "imageHref" | "categoryId" | "ironman" | "description" | "price" | "sale">,
  sales: readonly StoreSale[],
): TStoreProduct {
  const { sale, total } = priceBreakdown({ base: p.price, unit: "credits", sales: salesForProduct(sales, p) });
  const percent = sale ? salePercent(sale, p.price, total) : null;
  return {
    id: p.id,
    name: p.name,
    image_href: p.imageHref,
    category: p.categoryId,
    ironman: p.ironman,
    description: p.description,
    price: p.price,
    sale_price: sale ? total : null,
    sale: percent === null ? null : tierFor(percent),
    sale_percent: percent,
    sale_ends_at: sale?.endsAt?.toISOString() ?? null,
  };
}
