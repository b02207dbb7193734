// PATCH /api/v1/staff/competitions/schedules/{id} — edit a weekly schedule; DELETE — delete it (administrator)
import { deleteScheduleOp, updateScheduleOp } from "@/lib/schemas/competitions";
import { deleteSchedule } from "@/lib/server/competitions/delete-schedule";
import { updateSchedule } from "@/lib/server/competitions/update-schedule";
import { route } from "@/lib/server/http/route";

export const PATCH = route(updateScheduleOp, { handler: ({ params, body, actor, ip }) => updateSchedule(params.id, body, { actorId: actor.userId, ip }) });
export const DELETE = route(deleteScheduleOp, { handler: ({ params, actor, ip }) => deleteSchedule(params.id, { actorId: actor.userId, ip }) });
