// PUT /api/v1/forums/thread/{id}/read — record the last post of a thread the player has seen (docs/forums.md, "Unread and new")
import { markThreadReadOp } from "@/lib/schemas/forum-reads";
import { markThreadRead } from "@/lib/server/forums/mark-thread-read";
import { route } from "@/lib/server/http/route";

// Every thread page a player opens calls this once: generous, per player.
export const PUT = route(markThreadReadOp, {
  rateLimit: [{ name: "forum-read", limit: 120, windowSec: 60, key: ({ actor }) => String(actor.userId) }],
  handler: ({ params, body, actor }) => markThreadRead(actor, params.id, body.post_id),
});
