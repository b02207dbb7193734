import "server-only";
import { salePrice } from "@/lib/store/sale";
import type { CreditPackage, SaleTier, StoreCategory, StoreProduct } from "@/lib/generated/prisma/client";
import type { TStaffCategory, TStaffPackage, TStaffProduct } from "@/lib/schemas/staff-store";

// Shapes the editor's rows for the API and the audit log, and the row lock its edits share.

/** Who made a change, for the audit log. */
export type StaffContext = { actorId: number; ip: string | null };

export function toStaffCategory(c: StoreCategory & { _count: { products: number } }): TStaffCategory {
  return { id: c.id, name: c.name, sortOrder: c.sortOrder, hidden: c.hidden, productCount: c._count.products };
}

export function toStaffProduct(p: StoreProduct & { category: { name: string } }): TStaffProduct {
  return {
    id: p.id,
    name: p.name,
    imageHref: p.imageHref,
    categoryId: p.categoryId,
    categoryName: p.category.name,
    ironman: p.ironman,
    giftable: p.giftable,
    description: p.description,
    price: p.price,
    sale: p.sale,
    gameItemId: p.gameItemId,
    quantity: p.quantity,
    active: p.active,
    sortOrder: p.sortOrder,
  };
}

export function toStaffPackage(p: CreditPackage): TStaffPackage {
  return {
    id: p.id,
    credits: p.credits,
    bonusCredits: p.bonusCredits,
    priceCents: p.priceCents,
    imageUrl: p.imageUrl,
    active: p.active,
    sortOrder: p.sortOrder,
    giftCard: p.giftCard,
  };
}

/**
 * The cached `salePrice` column kept in step with the tier. The public store computes the price
 * in force from the tier itself, with the same helper (lib/store/sale.ts).
 */
export const cachedSalePrice = (price: number, sale: SaleTier | null): number | null => salePrice(price, sale);
