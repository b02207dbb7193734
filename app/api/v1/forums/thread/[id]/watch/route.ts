// GET /api/v1/forums/thread/{id}/watch — the caller's watching level for a thread; PUT — set it (docs/forums.md, "Watching")
import { setThreadWatchOp, threadWatchOp } from "@/lib/schemas/forum-watches";
import { getThreadWatch, setThreadWatch } from "@/lib/server/forums/watches";
import { route } from "@/lib/server/http/route";

// One bucket for thread and forum levels, per player: a person changes a level now and then.
const LIMIT = { name: "forum-watch", limit: 30, windowSec: 60 } as const;

export const GET = route(threadWatchOp, { handler: ({ params, actor }) => getThreadWatch(actor, params.id) });
export const PUT = route(setThreadWatchOp, {
  rateLimit: [{ ...LIMIT, key: ({ actor }) => String(actor.userId) }],
  handler: ({ params, body, actor }) => setThreadWatch(actor, params.id, body.level),
});
