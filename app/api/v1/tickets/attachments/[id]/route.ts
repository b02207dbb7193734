// GET /api/v1/tickets/attachments/{id} — an image on a ticket, for its owner and staff only
import { ticketAttachmentOp } from "@/lib/schemas/ticket-attachments";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { loadTicketAttachment } from "@/lib/server/tickets/ticket-attachments";

export const GET = route(ticketAttachmentOp, {
  handler: async ({ params, actor }) => {
    // A guest, another player and a missing id get the same 404.
    const image = await loadTicketAttachment(actor, params.id);
    if (!image) throw new AppError("NOT_FOUND", { userMessage: "No such image." });
    return new Response(new Uint8Array(image.body), {
      status: 200,
      headers: {
        // The type of the re-encoded bytes, never guessed by the browser.
        "content-type": image.type,
        "content-length": String(image.body.length),
        "x-content-type-options": "nosniff",
        // The stored name holds only [A-Za-z0-9._-]: nothing to quote or escape.
        "content-disposition": `inline; filename="${image.name}"`,
        // Opened on its own, the image can run nothing and reach nothing.
        "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        // Only the signed-in reader's browser may keep it; no shared cache.
        "cache-control": "private, max-age=3600",
        vary: "Cookie",
      },
    });
  },
});
