// POST /api/v1/appeals/comments — answer on the ticket an emailed appeal link opens (201 with the reply)
import { appealCommentOp } from "@/lib/schemas/appeals";
import { addAppealComment } from "@/lib/server/appeals/appeal-ticket";
import { json, route } from "@/lib/server/http/route";
import { sha256 } from "@/lib/server/security/tokens";

export const POST = route(appealCommentOp, {
  rateLimit: [
    { name: "appeal-reply-ip", limit: 60, windowSec: 60 * 60 },
    { name: "appeal-reply-link", limit: 30, windowSec: 60 * 60, key: ({ body }) => sha256(body.token) },
  ],
  handler: async ({ body }) => json(await addAppealComment(body.token, body.content), 201),
});
