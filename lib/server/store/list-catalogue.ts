import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TStoreCategory, TStoreProduct } from "@/lib/schemas/store";
import { STORE_PAGE_SIZE } from "@/lib/schemas/store";
import { db } from "../db";
import { pageWindow } from "../paging";
import { toStoreProductDto } from "./product-dto";
import { activeSales } from "./pricing";

// Catalogue reads: public data, so no actor. Only active products of shown categories are listed.

const ORDER: Prisma.StoreProductOrderByWithRelationInput[] = [{ sortOrder: "asc" }, { id: "asc" }];

// Prisma's `contains` is an ILIKE that passes % and _ through as wildcards: escape them
// (and the escape character) so a search is plain text.
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function forSale(extra: Prisma.StoreProductWhereInput, search?: string): Prisma.StoreProductWhereInput {
  return { ...extra, active: true, category: { hidden: false }, ...(search ? { name: { contains: likeText(search), mode: "insensitive" } } : {}) };
}

export async function listCategories(): Promise<TStoreCategory[]> {
  return db.storeCategory.findMany({ where: { hidden: false }, select: { id: true, name: true }, orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
}

/** One page of a category's products; `total` counts every page, for the links. */
export async function listProductsPage(categoryId: number, page: number, search?: string): Promise<{ results: TStoreProduct[]; total: number }> {
  const where = forSale({ categoryId }, search);
  const [rows, total, sales] = await Promise.all([
    db.storeProduct.findMany({ where, orderBy: ORDER, ...pageWindow(page, STORE_PAGE_SIZE) }),
    db.storeProduct.count({ where }),
    activeSales(db, new Date()),
  ]);
  return { results: rows.map((r) => toStoreProductDto(r, sales)), total };
}

export async function listAllProducts(search?: string): Promise<TStoreProduct[]> {
  const [rows, sales] = await Promise.all([db.storeProduct.findMany({ where: forSale({}, search), orderBy: ORDER }), activeSales(db, new Date())]);
  return rows.map((r) => toStoreProductDto(r, sales));
}

export async function listProductsInCategories(categoryIds: number[]): Promise<TStoreProduct[]> {
  const [rows, sales] = await Promise.all([
    db.storeProduct.findMany({ where: forSale({ categoryId: { in: categoryIds } }), orderBy: ORDER }),
    activeSales(db, new Date()),
  ]);
  return rows.map((r) => toStoreProductDto(r, sales));
}
