import "server-only";
import type { TFailedJob } from "@/lib/schemas/staff-jobs";
import type { AuditActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { jobNotFound, lockFailedJobOrThrow, toFailedJob } from "./job-dto";
import { completeJob } from "./sql/failed-jobs";

// DELETE /api/v1/staff/jobs/{id}: give up on a failed job. graphile-worker's complete_jobs
// deletes it (it deletes only unlocked jobs). Only a failed job: anything else is a 409.

export async function deleteFailedJob(actor: AuditActor, id: number): Promise<TFailedJob> {
  return db.$transaction(async (tx) => {
    const before = toFailedJob(await lockFailedJobOrThrow(tx, id));
    if (!(await completeJob(tx, id))) throw jobNotFound();
    await recordAudit({ action: "jobs.deleted", ...actor, targetType: "job", targetId: id, data: { reason: null, before, after: null } }, tx);
    return before;
  });
}
