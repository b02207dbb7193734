import "server-only";
import type { TFailedJob } from "@/lib/schemas/staff-jobs";
import type { AuditActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { jobNotFound, lockFailedJobOrThrow, toFailedJob } from "./job-dto";

// DELETE /api/v1/staff/jobs/{id}: give up on a failed job. graphile-worker's complete_jobs
// deletes it (it deletes only unlocked jobs). Only a failed job: anything else is a 409.

export async function deleteFailedJob(actor: AuditActor, id: number): Promise<TFailedJob> {
  return db.$transaction(async (tx) => {
    const before = toFailedJob(await lockFailedJobOrThrow(tx, id));
    const deleted = await tx.$queryRaw<{ id: string }[]>`SELECT id::text FROM graphile_worker.complete_jobs(ARRAY[${id}::bigint])`;
    if (!deleted.length) throw jobNotFound();
    await recordAudit({ action: "jobs.deleted", ...actor, targetType: "job", targetId: id, data: { reason: null, before, after: null } }, tx);
    return before;
  });
}
