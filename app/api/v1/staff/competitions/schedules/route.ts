// GET /api/v1/staff/competitions/schedules — the weekly schedules; POST — create one (administrator)
import { createScheduleOp, listSchedulesOp } from "@/lib/schemas/competitions";
import { createSchedule } from "@/lib/server/competitions/create-schedule";
import { listSchedules } from "@/lib/server/competitions/list-schedules";
import { json, route } from "@/lib/server/http/route";

export const GET = route(listSchedulesOp, { handler: async () => ({ results: await listSchedules() }) });
export const POST = route(createScheduleOp, {
  handler: async ({ body, actor, ip }) => json(await createSchedule(body, { actorId: actor.userId, ip }), 201),
});
