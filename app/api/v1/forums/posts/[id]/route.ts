// PATCH /api/v1/forums/posts/{id} — edit a post (author within the window; staff any time)
import { editPostOp } from "@/lib/schemas/forums";
import { editPost } from "@/lib/server/forums/edit-post";
import { route } from "@/lib/server/http/route";

export const PATCH = route(editPostOp, {
  rateLimit: [{ name: "forum-edit", limit: 30, windowSec: 10 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: ({ params, body, actor, ip }) => editPost(actor, params.id, body, ip),
});
