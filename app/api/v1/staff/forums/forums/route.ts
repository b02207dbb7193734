// POST /api/v1/staff/forums/forums — create a forum in a category (administrator)
import { createForumOp } from "@/lib/schemas/staff-forums";
import { createForum } from "@/lib/server/forums/create-forum";
import { json, route } from "@/lib/server/http/route";

export const POST = route(createForumOp, {
  handler: async ({ body, actor, ip }) => json(await createForum({ actorId: actor.userId, ip }, body), 201),
});
