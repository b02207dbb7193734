import "server-only";
import type { z } from "zod";
import type { TStaffProduct, ZProductInput } from "@/lib/schemas/staff-store";
import { recordAudit } from "../../audit/record-audit";
import { db } from "../../db";
import { cachedSalePrice, type StaffContext, toStaffProduct } from "./staff-dtos";
import { assertCategoryExists } from "./row-checks";

/** Creates a product in an existing category; the audit row commits with it. */
export async function createStoreProduct(input: z.output<typeof ZProductInput>, ctx: StaffContext): Promise<TStaffProduct> {
  return db.$transaction(async (tx) => {
    await assertCategoryExists(tx, input.categoryId);
    const row = await tx.storeProduct.create({
      data: { ...input, salePrice: cachedSalePrice(input.price, input.sale) },
      include: { category: { select: { name: true } } },
    });
    const after = toStaffProduct(row);
    await recordAudit(
      {
        action: "store.product.created",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "store_product",
        targetId: row.id,
        data: { reason: null, before: null, after },
      },
      tx,
    );
    return after;
  });
}
