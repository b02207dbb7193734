import "server-only";
import type { z } from "zod";
import type { TStaffPackage, ZPackageInput } from "@/lib/schemas/staff-store";
import { recordAudit } from "../../audit/record-audit";
import { db } from "../../db";
import { type StaffContext, toStaffPackage } from "./staff-dtos";

/** Creates a credit package; the audit row commits with it. */
export async function createCreditPackage(input: z.output<typeof ZPackageInput>, ctx: StaffContext): Promise<TStaffPackage> {
  return db.$transaction(async (tx) => {
    const after = toStaffPackage(await tx.creditPackage.create({ data: input }));
    await recordAudit(
      {
        action: "store.package.created",
        actorId: ctx.actorId,
        ip: ctx.ip,
        targetType: "credit_package",
        targetId: after.id,
        data: { reason: null, before: null, after },
      },
      tx,
    );
    return after;
  });
}
