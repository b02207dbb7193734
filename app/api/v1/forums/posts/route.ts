// POST /api/v1/forums/posts — reply to a thread (201 with the post)
import { createPostOp } from "@/lib/schemas/forums";
import { createPost } from "@/lib/server/forums/create-post";
import { json, route } from "@/lib/server/http/route";

// Players only (a null key skips the rule): staff answering a busy thread are not slowed down.
const player = ({ actor }: { actor: { isStaff: boolean; userId: number } }) => (actor.isStaff ? null : String(actor.userId));

export const POST = route(createPostOp, {
  rateLimit: [
    { name: "forum-post-minute", limit: 8, windowSec: 60, key: player },
    { name: "forum-post-hour", limit: 120, windowSec: 60 * 60, key: player },
  ],
  handler: async ({ body, actor }) => json(await createPost(actor, body), 201),
});
