// GET /api/v1/staff/saved-replies — every saved reply; POST — save one (moderator; audited)
import { createSavedReplyOp, listSavedRepliesOp } from "@/lib/schemas/saved-replies";
import { json, route } from "@/lib/server/http/route";
import { createSavedReply, listSavedReplies } from "@/lib/server/tickets/saved-replies";

export const GET = route(listSavedRepliesOp, { handler: async () => ({ results: await listSavedReplies() }) });
export const POST = route(createSavedReplyOp, {
  handler: async ({ body, actor, ip }) => json(await createSavedReply({ actorId: actor.userId, ip }, body), 201),
});
