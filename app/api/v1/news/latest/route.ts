// GET /api/v1/news/latest?amount= — the newest news posts
import { latestNewsOp } from "@/lib/schemas/news";
import { route } from "@/lib/server/http/route";
import { listLatestNews } from "@/lib/server/news/list-news";

export const GET = route(latestNewsOp, { handler: ({ query }) => listLatestNews(query.amount) });
