// POST /api/v1/tickets/{id}/rating — the player rates their closed ticket
import { rateTicketOp } from "@/lib/schemas/tickets";
import { route } from "@/lib/server/http/route";
import { rateTicket } from "@/lib/server/tickets/rate-ticket";

export const POST = route(rateTicketOp, { handler: ({ params, body, actor }) => rateTicket(actor.userId, params.id, body.rating) });
