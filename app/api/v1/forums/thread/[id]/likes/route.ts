// GET /api/v1/forums/thread/{id}/likes — the posts of a thread the signed-in reader likes (docs/forums.md, "Likes")
import { threadLikesOp } from "@/lib/schemas/forum-likes";
import { threadLikesOf } from "@/lib/server/forums/list-post-likes";
import { route } from "@/lib/server/http/route";

export const GET = route(threadLikesOp, { handler: ({ params, actor }) => threadLikesOf(actor, params.id) });
