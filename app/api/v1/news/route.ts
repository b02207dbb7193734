// GET /api/v1/news?year=&month= — one month of the archive; POST — staff publish a news post
import { createNewsOp, newsArchiveOp } from "@/lib/schemas/news";
import { json, route } from "@/lib/server/http/route";
import { currentArchiveMonth } from "@/lib/server/news/archive-month";
import { createNews } from "@/lib/server/news/create-news";
import { listNewsArchive } from "@/lib/server/news/list-news";

export const GET = route(newsArchiveOp, {
  handler: ({ query }) => {
    const current = currentArchiveMonth();
    return listNewsArchive({ year: query.year ?? current.year, month: query.month ?? current.month });
  },
});

export const POST = route(createNewsOp, {
  rateLimit: [{ name: "news-create", limit: 30, windowSec: 60 * 60, key: ({ actor }) => String(actor.userId) }],
  handler: async ({ body, actor, ip }) => json(await createNews(actor, body, ip), 201),
});
