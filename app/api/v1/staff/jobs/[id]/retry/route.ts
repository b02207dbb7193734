// POST /api/v1/staff/jobs/{id}/retry — run a failed job again (administrator)
import { retryJobOp } from "@/lib/schemas/staff-jobs";
import { route } from "@/lib/server/http/route";
import { retryFailedJob } from "@/lib/server/worker/retry-failed-job";

export const POST = route(retryJobOp, { handler: ({ params, actor, ip }) => retryFailedJob({ actorId: actor.userId, ip }, params.id) });
