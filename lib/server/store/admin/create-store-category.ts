import "server-only";
import type { z } from "zod";
import type { TStaffCategory, ZCategoryInput } from "@/lib/schemas/staff-store";
import { recordAudit } from "../../audit/record-audit";
import { db } from "../../db";
import { type StaffContext, toStaffCategory } from "./staff-dtos";

/** Creates a category; the audit row commits with it. */
export async function createStoreCategory(input: z.output<typeof ZCategoryInput>, ctx: StaffContext): Promise<TStaffCategory> {
  return db.$transaction(async (tx) => {
    const row = await tx.storeCategory.create({ data: input, include: { _count: { select: { products: true } } } });
    const after = toStaffCategory(row);
    await recordAudit(
      {
        action: "store.category.created",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "store_category",
        targetId: row.id,
        data: { reason: null, before: null, after },
      },
      tx,
    );
    return after;
  });
}
