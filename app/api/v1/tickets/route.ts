// GET /api/v1/tickets — your tickets; POST — open a support ticket
import { createTicketOp, listTicketsOp, TICKETS_PAGE_SIZE } from "@/lib/schemas/tickets";
import { paged } from "@/lib/server/paging";
import { json, route } from "@/lib/server/http/route";
import { listOwnTickets } from "@/lib/server/tickets/list-tickets";
import { openTicket } from "@/lib/server/tickets/open-ticket";
import { ATTACHMENT_BODY_MAX_BYTES } from "@/lib/schemas/ticket-attachments";

export const GET = route(listTicketsOp, {
  handler: async ({ req, query, actor }) => {
    const { results, total } = await listOwnTickets(actor.userId, { page: query.page, status: query.status });
    return paged(req, { page: query.page, pageSize: TICKETS_PAGE_SIZE, total, results });
  },
});

export const POST = route(createTicketOp, {
  rateLimit: [{ name: "ticket-open", limit: 20, windowSec: 60 * 60, key: ({ actor }) => String(actor.userId) }],
  maxBodyBytes: ATTACHMENT_BODY_MAX_BYTES,
  handler: async ({ body, actor }) => json(await openTicket(actor.userId, body), 201),
});
