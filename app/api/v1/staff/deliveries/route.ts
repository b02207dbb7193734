// GET /api/v1/staff/deliveries — what the game owes players, by player and state (administrator)
import { listStaffDeliveriesOp, STAFF_DELIVERIES_PAGE_SIZE } from "@/lib/schemas/staff-deliveries";
import { listStaffDeliveries } from "@/lib/server/game/list-staff-deliveries";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";

export const GET = route(listStaffDeliveriesOp, {
  handler: async ({ req, query, actor }) => {
    const { results, total } = await listStaffDeliveries(query, { actorId: actor.userId, privilege: actor.privilege });
    return paged(req, { page: query.page, pageSize: STAFF_DELIVERIES_PAGE_SIZE, total, results });
  },
});
