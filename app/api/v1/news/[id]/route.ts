// GET /api/v1/news/{id} — one news post with its content
import { getNewsOp } from "@/lib/schemas/news";
import { route } from "@/lib/server/http/route";
import { getNewsOrThrow } from "@/lib/server/news/get-news";

export const GET = route(getNewsOp, { handler: ({ params }) => getNewsOrThrow(params.id) });
