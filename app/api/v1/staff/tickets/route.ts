// GET /api/v1/staff/tickets — the staff queue: waiting for staff first, the longest waiting first (moderator)
import { staffQueueOp, TICKETS_PAGE_SIZE } from "@/lib/schemas/tickets";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listTicketQueue } from "@/lib/server/tickets/list-tickets";

export const GET = route(staffQueueOp, {
  handler: async ({ req, query, actor }) => {
    const { results, total } = await listTicketQueue(query, actor.userId);
    return paged(req, { page: query.page, pageSize: TICKETS_PAGE_SIZE, total, results });
  },
});
