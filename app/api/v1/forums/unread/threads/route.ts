// GET /api/v1/forums/unread/threads?thread_ids= — the player's markers for a page of threads (docs/forums.md, "Unread and new")
import { unreadThreadsOp } from "@/lib/schemas/forum-reads";
import { listUnreadThreads } from "@/lib/server/forums/list-unread";
import { route } from "@/lib/server/http/route";

export const GET = route(unreadThreadsOp, { handler: ({ query, actor }) => listUnreadThreads(actor, query.thread_ids) });
