import "server-only";
import type { z } from "zod";
import type { TStaffPackage, ZPackagePatch } from "@/lib/schemas/staff-store";
import { recordAudit } from "../../audit/record-audit";
import { db } from "../../db";
import { type StaffContext, toStaffPackage } from "./staff-dtos";
import { definedOnly } from "./defined-only";
import { lockRowOrThrow } from "./row-checks";

/**
 * Edits, hides or shows a credit package; before and after go to the audit log. Purchases keep
 * their own snapshot of credits and price, so an edit never changes a payment in flight.
 */
export async function updateCreditPackage(id: number, patch: z.output<typeof ZPackagePatch>, ctx: StaffContext): Promise<TStaffPackage> {
  return db.$transaction(async (tx) => {
    await lockRowOrThrow(tx, "package", id);
    const before = toStaffPackage(await tx.creditPackage.findUniqueOrThrow({ where: { id } }));
    const after = toStaffPackage(await tx.creditPackage.update({ where: { id }, data: definedOnly(patch) }));
    const action =
      patch.active !== undefined && patch.active !== before.active ? (patch.active ? "store.package.shown" : "store.package.hidden") : "store.package.updated";
    await recordAudit({ action, actorId: ctx.actorId, ip: ctx.ip, targetType: "credit_package", targetId: id, data: { reason: null, before, after } }, tx);
    return after;
  });
}
