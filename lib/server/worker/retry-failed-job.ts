import "server-only";
import type { TFailedJob } from "@/lib/schemas/staff-jobs";
import type { AuditActor } from "../audit/audit-actor";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { lockFailedJobOrThrow, toFailedJob } from "./job-dto";
import { rescheduleJobNow } from "./sql/failed-jobs";

// POST /api/v1/staff/jobs/{id}/retry: a failed job runs again. graphile-worker's own
// reschedule_jobs gives it its attempts back and makes it due now; a runner takes it at its
// next poll. Only a failed job (no attempts left, not running): anything else is a 409.

export async function retryFailedJob(actor: AuditActor, id: number): Promise<TFailedJob> {
  return db.$transaction(async (tx) => {
    const before = toFailedJob(await lockFailedJobOrThrow(tx, id));
    const row = await rescheduleJobNow(tx, id);
    const after = toFailedJob({ ...row!, task: before.task });
    await recordAudit({ action: "jobs.retried", ...actor, targetType: "job", targetId: id, data: { reason: null, before, after } }, tx);
    return after;
  });
}
