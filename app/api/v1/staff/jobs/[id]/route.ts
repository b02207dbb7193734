// DELETE /api/v1/staff/jobs/{id} — delete a failed job (administrator)
import { deleteJobOp } from "@/lib/schemas/staff-jobs";
import { route } from "@/lib/server/http/route";
import { deleteFailedJob } from "@/lib/server/worker/delete-failed-job";

export const DELETE = route(deleteJobOp, { handler: ({ params, actor, ip }) => deleteFailedJob({ actorId: actor.userId, ip }, params.id) });
