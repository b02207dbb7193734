import "server-only";
import type { z } from "zod";
import type { TStaffProduct, ZProductPatch } from "@/lib/schemas/staff-store";
import { recordAudit } from "../../audit/record-audit";
import { db } from "../../db";
import { cachedSalePrice, type StaffContext, toStaffProduct } from "./staff-dtos";
import { assertCategoryExists, lockRowOrThrow } from "./row-checks";
import { definedOnly } from "./defined-only";

const withCategory = { category: { select: { name: true } } } as const;

/** Edits, hides or shows a product; before and after go to the audit log in the same transaction. */
export async function updateStoreProduct(id: number, patch: z.output<typeof ZProductPatch>, ctx: StaffContext): Promise<TStaffProduct> {
  return db.$transaction(async (tx) => {
    await lockRowOrThrow(tx, "product", id);
    if (patch.categoryId !== undefined) await assertCategoryExists(tx, patch.categoryId);
    const before = toStaffProduct(await tx.storeProduct.findUniqueOrThrow({ where: { id }, include: withCategory }));
    const price = patch.price ?? before.price;
    const sale = patch.sale === undefined ? before.sale : patch.sale;
    const row = await tx.storeProduct.update({
      where: { id },
      // A changed list price is dated: a sale on it within 30 days warns staff (docs/store.md).
      data: { ...definedOnly(patch), salePrice: cachedSalePrice(price, sale), ...(price !== before.price ? { priceChangedAt: new Date() } : {}) },
      include: withCategory,
    });
    const after = toStaffProduct(row);
    const action =
      patch.active !== undefined && patch.active !== before.active ? (patch.active ? "store.product.shown" : "store.product.hidden") : "store.product.updated";
    await recordAudit({ action, actorId: ctx.actorId, ip: ctx.ip, targetType: "store_product", targetId: id, data: { reason: null, before, after } }, tx);
    return after;
  });
}
