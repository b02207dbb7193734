// POST /api/v1/appeals/ticket — read the ticket an emailed appeal link opens
import { appealTicketOp } from "@/lib/schemas/appeals";
import { readAppealTicket } from "@/lib/server/appeals/appeal-ticket";
import { route } from "@/lib/server/http/route";

export const POST = route(appealTicketOp, {
  rateLimit: [{ name: "appeal-read-ip", limit: 120, windowSec: 60 * 60 }],
  handler: ({ body }) => readAppealTicket(body.token),
});
