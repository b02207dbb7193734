// POST /api/v1/forums/preview — a body as posting would store it (the editor's Preview tab)
import { previewPostOp } from "@/lib/schemas/forum-editor";
import { previewPost } from "@/lib/server/forums/preview-post";
import { route } from "@/lib/server/http/route";

export const POST = route(previewPostOp, {
  rateLimit: [{ name: "forum-preview", limit: 30, windowSec: 60, key: ({ actor }) => String(actor.userId) }],
  handler: ({ body }) => previewPost(body),
});
