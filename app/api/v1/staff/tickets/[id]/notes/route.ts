// POST /api/v1/staff/tickets/{id}/notes — add an internal note, never shown to the player (moderator)
import { createTicketNoteOp } from "@/lib/schemas/tickets";
import { json, route } from "@/lib/server/http/route";
import { addTicketNote } from "@/lib/server/tickets/add-ticket-note";

export const POST = route(createTicketNoteOp, {
  rateLimit: [{ name: "ticket-note", limit: 120, windowSec: 60 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: async ({ params, body, actor, ip }) => json(await addTicketNote(actor.userId, params.id, body.content, ip), 201),
});
