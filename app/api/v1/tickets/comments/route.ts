// POST /api/v1/tickets/comments — reply to an open ticket (201 with the comment)
import { createCommentOp } from "@/lib/schemas/tickets";
import { json, route } from "@/lib/server/http/route";
import { addTicketComment } from "@/lib/server/tickets/add-ticket-comment";
import { ATTACHMENT_BODY_MAX_BYTES } from "@/lib/schemas/ticket-attachments";

export const POST = route(createCommentOp, {
  rateLimit: [{ name: "ticket-comment", limit: 60, windowSec: 60 * 60, key: ({ actor }) => String(actor.userId) }],
  maxBodyBytes: ATTACHMENT_BODY_MAX_BYTES,
  handler: async ({ body, actor }) =>
    json(await addTicketComment(actor, body.ticket, body.content, { keepOpen: body.keep_open, uploads: body.attachments }), 201),
});
