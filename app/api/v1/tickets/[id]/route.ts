// GET /api/v1/tickets/{id} — one ticket; PATCH — staff close or open it again
import { getTicketOp, updateTicketOp } from "@/lib/schemas/tickets";
import { route } from "@/lib/server/http/route";
import { getTicketOrThrow } from "@/lib/server/tickets/get-ticket";
import { setTicketClosed } from "@/lib/server/tickets/set-ticket-closed";

export const GET = route(getTicketOp, { handler: ({ params, actor }) => getTicketOrThrow(actor, params.id) });
export const PATCH = route(updateTicketOp, { handler: ({ params, body, actor, ip }) => setTicketClosed(actor, params.id, body.closed, ip) });
