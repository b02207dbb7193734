// PATCH /api/v1/staff/forums/posts/{id} — hide a post with a reason, or show it again (moderator; audited)
import { moderatePostOp } from "@/lib/schemas/forums";
import { moderatePost } from "@/lib/server/forums/moderate-post";
import { route } from "@/lib/server/http/route";

export const PATCH = route(moderatePostOp, { handler: ({ params, body, actor, ip }) => moderatePost(actor, params.id, body, ip) });
