// POST /api/v1/forums/posts/{id}/report — report a post to staff (201 with the report id)
import { reportPostOp } from "@/lib/schemas/forums";
import { reportPost } from "@/lib/server/forums/report-post";
import { json, route } from "@/lib/server/http/route";

export const POST = route(reportPostOp, {
  rateLimit: [{ name: "forum-report", limit: 20, windowSec: 60 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: async ({ params, body, actor }) => json(await reportPost(actor, params.id, body.reason), 201),
});
