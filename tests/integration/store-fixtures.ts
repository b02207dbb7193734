// Store rows for the store-*.test.ts files. Integration files share one database, so every
// fixture is new and uniquely named; tests look only at their own rows.
import { randomUUID } from "node:crypto";
import type { SaleTier } from "@/lib/generated/prisma/client";
import { applyCreditChange } from "@/lib/server/credits/apply-credit-change";
import { db } from "@/lib/server/db";

let n = 0;
export const uniqueName = (prefix: string) => `${prefix} ${randomUUID().slice(0, 8)} ${++n}`;

export function createCategory(name = uniqueName("Category"), sortOrder = 0) {
  return db.storeCategory.create({ data: { name, sortOrder } });
}

export type ProductOptions = {
  categoryId: number;
  name?: string;
  price?: number;
  sale?: SaleTier | null;
  salePrice?: number | null;
  active?: boolean;
  sortOrder?: number;
  gameItemId?: number;
  quantity?: number;
};

export function createProduct(o: ProductOptions) {
  return db.storeProduct.create({
    data: {
      categoryId: o.categoryId,
      name: o.name ?? uniqueName("Product"),
      imageHref: "/images/store/test.svg",
      description: "A test product.",
      price: o.price ?? 100,
      sale: o.sale ?? null,
      salePrice: o.salePrice ?? null,
      active: o.active ?? true,
      sortOrder: o.sortOrder ?? 0,
      gameItemId: o.gameItemId ?? 4151,
      quantity: o.quantity ?? 1,
    },
  });
}

/** Credits through the ledger, as a staff grant would, so balances reconcile. */
export function giveCredits(userId: number, amount: number) {
  return db.$transaction((tx) =>
    applyCreditChange(tx, { userId, delta: amount, kind: "ADJUSTMENT", idempotencyKey: `test:grant:${randomUUID()}`, mode: "force" }),
  );
}

export const balanceOf = async (userId: number) => (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { storeCredits: true } })).storeCredits;
