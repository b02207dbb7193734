// GET /api/v1/news/years — every year that has news (the archive's year buttons)
import { newsYearsOp } from "@/lib/schemas/news";
import { route } from "@/lib/server/http/route";
import { listNewsYears } from "@/lib/server/news/list-news";

export const GET = route(newsYearsOp, { handler: () => listNewsYears() });
