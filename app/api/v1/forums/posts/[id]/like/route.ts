// PUT /api/v1/forums/posts/{id}/like — like a post; DELETE — take the like back (docs/forums.md, "Likes")
import { likePostOp, unlikePostOp } from "@/lib/schemas/forum-likes";
import { likePost, unlikePost } from "@/lib/server/forums/like-post";
import { route } from "@/lib/server/http/route";

// One bucket for likes and unlikes (toggling is what a script would repeat), per player.
const LIMIT = { name: "forum-like", limit: 60, windowSec: 60 } as const;

export const PUT = route(likePostOp, {
  rateLimit: [{ ...LIMIT, key: ({ actor }) => String(actor.userId) }],
  handler: ({ params, actor }) => likePost(actor, params.id),
});
export const DELETE = route(unlikePostOp, {
  rateLimit: [{ ...LIMIT, key: ({ actor }) => String(actor.userId) }],
  handler: ({ params, actor }) => unlikePost(actor, params.id),
});
