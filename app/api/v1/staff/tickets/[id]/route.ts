// GET /api/v1/staff/tickets/{id} — a ticket with its internal notes; PATCH — assign it or set its priority (moderator)
import { getStaffTicketOp, updateStaffTicketOp } from "@/lib/schemas/tickets";
import { route } from "@/lib/server/http/route";
import { getStaffTicketOrThrow } from "@/lib/server/tickets/get-staff-ticket";
import { updateStaffTicket } from "@/lib/server/tickets/update-staff-ticket";

export const GET = route(getStaffTicketOp, { handler: ({ params }) => getStaffTicketOrThrow(params.id) });
export const PATCH = route(updateStaffTicketOp, { handler: ({ params, body, actor, ip }) => updateStaffTicket(actor.userId, params.id, body, ip) });
