// GET /api/v1/staff/payments/events — stored provider events, e.g. the ones not applied (administrator)
import { listWebhookEventsOp, STAFF_PAYMENTS_PAGE_SIZE } from "@/lib/schemas/staff-payments";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listWebhookEvents } from "@/lib/server/payments/list-webhook-events";

export const GET = route(listWebhookEventsOp, {
  handler: async ({ req, query }) => {
    const { results, total } = await listWebhookEvents(query);
    return paged(req, { page: query.page, pageSize: STAFF_PAYMENTS_PAGE_SIZE, total, results });
  },
});
