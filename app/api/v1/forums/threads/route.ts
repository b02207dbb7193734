// POST /api/v1/forums/threads — start a thread (201 with the thread)
import { createThreadOp } from "@/lib/schemas/forums";
import { createThread } from "@/lib/server/forums/create-thread";
import { json, route } from "@/lib/server/http/route";

export const POST = route(createThreadOp, {
  // Players only: staff post announcements and news in bursts (a null key skips the rule).
  rateLimit: [{ name: "forum-thread", limit: 5, windowSec: 10 * 60, key: ({ actor }) => (actor.isStaff ? null : String(actor.userId)) }],
  handler: async ({ body, actor }) => json(await createThread(actor, body), 201),
});
