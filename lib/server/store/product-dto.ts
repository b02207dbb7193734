import "server-only";
import type { StoreProduct } from "@/lib/generated/prisma/client";
import type { TStoreProduct } from "@/lib/schemas/store";
import { salePrice } from "@/lib/store/sale";

/**
 * A product as docs/product.md §3 names its fields. `sale_price` is computed from the tier with the one
 * sale helper the purchase also uses; the stored `salePrice` column is never read, so a stale
 * value there cannot show one price and charge another.
 */
export function toStoreProductDto(
  p: Pick<StoreProduct, "id" | "name" | "imageHref" | "categoryId" | "ironman" | "description" | "price" | "sale">,
): TStoreProduct {
  return {
    id: p.id,
    name: p.name,
    image_href: p.imageHref,
    category: p.categoryId,
    ironman: p.ironman,
    description: p.description,
    price: p.price,
    sale_price: salePrice(p.price, p.sale),
    sale: p.sale,
  };
}
