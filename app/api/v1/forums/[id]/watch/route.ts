// GET /api/v1/forums/{id}/watch — the caller's watching level for a forum; PUT — set it (docs/forums.md, "Watching")
import { forumWatchOp, setForumWatchOp } from "@/lib/schemas/forum-watches";
import { getForumWatch, setForumWatch } from "@/lib/server/forums/watches";
import { route } from "@/lib/server/http/route";

// The same bucket as a thread's level (app/api/v1/forums/thread/[id]/watch), per player.
const LIMIT = { name: "forum-watch", limit: 30, windowSec: 60 } as const;

export const GET = route(forumWatchOp, { handler: ({ params, actor }) => getForumWatch(actor, params.id) });
export const PUT = route(setForumWatchOp, {
  rateLimit: [{ ...LIMIT, key: ({ actor }) => String(actor.userId) }],
  handler: ({ params, body, actor }) => setForumWatch(actor, params.id, body.level),
});
