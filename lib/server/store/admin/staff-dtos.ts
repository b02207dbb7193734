import "server-only";
import { salePrice } from "@/lib/store/sale";
import type { CreditPackage, SaleTier, StoreCategory, StoreProduct } from "@/lib/generated/prisma/client";
import type { TStaffCategory, TStaffPackage, TStaffProduct } from "@/lib/schemas/staff-store";
import { Prisma, type Tx } from "../../db";
import { AppError } from "../../errors";

// Shapes the editor's rows for the API and the audit log, and the row lock its edits share.

/** Who made a change, for the audit log. */
export type StaffContext = { actorId: number; ip: string | null };

export function toStaffCategory(c: StoreCategory & { _count: { products: number } }): TStaffCategory {
  return { id: c.id, name: c.name, sortOrder: c.sortOrder, hidden: c.hidden, productCount: c._count.products };
}

export function toStaffProduct(p: StoreProduct & { category: { name: string } }): TStaffProduct {
  return {
    id: p.id, name: p.name, imageHref: p.imageHref, categoryId: p.categoryId, categoryName: p.category.name, ironman: p.ironman, description: p.description,
    price: p.price, sale: p.sale, gameItemId: p.gameItemId, quantity: p.quantity, active: p.active, sortOrder: p.sortOrder,
  };
}

export function toStaffPackage(p: CreditPackage): TStaffPackage {
  return { id: p.id, credits: p.credits, bonusCredits: p.bonusCredits, priceCents: p.priceCents, imageUrl: p.imageUrl, active: p.active, sortOrder: p.sortOrder };
}

/**
 * The cached `salePrice` column kept in step with the tier. The public store computes the price
 * in force from the tier itself, with the same helper (lib/store/sale.ts).
 */
export const cachedSalePrice = (price: number, sale: SaleTier | null): number | null => salePrice(price, sale);

const TABLES = { category: "store_categories", product: "store_products", package: "credit_packages" } as const;

/**
 * Locks the row for the rest of the transaction, so the audit's "before" is the row this edit
 * replaced even when two staff save at once; 404 when there is no such row.
 */
export async function lockRowOrThrow(tx: Tx, kind: keyof typeof TABLES, id: number): Promise<void> {
  const rows = await tx.$queryRaw<{ id: number }[]>`SELECT id FROM ${Prisma.raw(`"${TABLES[kind]}"`)} WHERE id = ${id} FOR UPDATE`;
  if (rows.length === 0) throw new AppError("NOT_FOUND", { userMessage: `No ${kind} with id ${id}.` });
}

/** 400 naming `categoryId` when the category does not exist. */
export async function assertCategoryExists(tx: Tx, categoryId: number): Promise<void> {
  const found = await tx.storeCategory.findUnique({ where: { id: categoryId }, select: { id: true } });
  if (!found) throw new AppError("VALIDATION", { fields: { categoryId: ["No category with this id."] }, userMessage: "Some fields are invalid." });
}

/** The patch without absent keys: with strictUndefinedChecks an explicit undefined is an error. */
export function definedOnly<T extends Record<string, unknown>>(patch: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
