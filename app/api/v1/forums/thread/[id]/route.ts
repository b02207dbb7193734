// GET /api/v1/forums/thread/{id}?page= — one thread with a page of its posts
import { threadViewOp } from "@/lib/schemas/forums";
import { getThreadView } from "@/lib/server/forums/get-thread";
import { route } from "@/lib/server/http/route";

export const GET = route(threadViewOp, { handler: ({ params, query, actor }) => getThreadView(actor, params.id, query.page) });
