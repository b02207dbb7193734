// GET /api/v1/forums/threads/latest?amount= — the newest threads across every forum
import { latestThreadsOp } from "@/lib/schemas/forums";
import { listLatestThreads } from "@/lib/server/forums/list-threads";
import { route } from "@/lib/server/http/route";

export const GET = route(latestThreadsOp, { handler: ({ query }) => listLatestThreads(query.amount) });
