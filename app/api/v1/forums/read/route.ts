// POST /api/v1/forums/read — mark every forum read, or one forum (docs/forums.md, "Unread and new")
import { markForumsReadOp } from "@/lib/schemas/forum-reads";
import { markForumsRead } from "@/lib/server/forums/mark-forums-read";
import { route } from "@/lib/server/http/route";

export const POST = route(markForumsReadOp, {
  rateLimit: [{ name: "forum-mark-read", limit: 30, windowSec: 60, key: ({ actor }) => String(actor.userId) }],
  handler: ({ body, actor }) => markForumsRead(actor, body.forum_id),
});
