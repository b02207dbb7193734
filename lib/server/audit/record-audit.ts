import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { db, type Tx } from "../db";

export type AuditEntry = {
  action: string;
  actorId?: number | null;
  actorLabel?: string | null;
  targetType?: string | null;
  targetId?: string | number | null;
  data?: Prisma.InputJsonValue;
  ip?: string | null;
};

/** Appends to the audit log; pass `tx` to commit it with the change it records. */
export async function recordAudit(entry: AuditEntry, tx: Tx = db): Promise<void> {
  await tx.auditLog.create({
    data: {
      action: entry.action,
      actorId: entry.actorId ?? null,
      actorLabel: entry.actorLabel ?? null,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId == null ? null : String(entry.targetId),
      ...(entry.data === undefined ? {} : { data: entry.data }),
      ip: entry.ip ?? null,
    },
  });
}
