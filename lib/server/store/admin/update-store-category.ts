import "server-only";
import type { z } from "zod";
import type { TStaffCategory, ZCategoryPatch } from "@/lib/schemas/staff-store";
import { recordAudit } from "../../audit/record-audit";
import { db } from "../../db";
import { type StaffContext, toStaffCategory } from "./staff-dtos";
import { definedOnly } from "./defined-only";
import { lockRowOrThrow } from "./row-checks";

const withCount = { _count: { select: { products: true } } } as const;

/** Edits, hides or shows a category; before and after go to the audit log in the same transaction. */
export async function updateStoreCategory(id: number, patch: z.output<typeof ZCategoryPatch>, ctx: StaffContext): Promise<TStaffCategory> {
  return db.$transaction(async (tx) => {
    await lockRowOrThrow(tx, "category", id);
    const before = toStaffCategory(await tx.storeCategory.findUniqueOrThrow({ where: { id }, include: withCount }));
    const after = toStaffCategory(await tx.storeCategory.update({ where: { id }, data: definedOnly(patch), include: withCount }));
    const action =
      patch.hidden !== undefined && patch.hidden !== before.hidden
        ? patch.hidden
          ? "store.category.hidden"
          : "store.category.shown"
        : "store.category.updated";
    await recordAudit({ action, actorId: ctx.actorId, ip: ctx.ip, targetType: "store_category", targetId: id, data: { reason: null, before, after } }, tx);
    return after;
  });
}
