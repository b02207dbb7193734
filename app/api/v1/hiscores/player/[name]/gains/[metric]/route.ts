// GET /api/v1/hiscores/player/{name}/gains/{metric}?period= — one metric over a period, for a chart
import { getGainSeries } from "@/lib/server/progress/gains";
import { route } from "@/lib/server/http/route";
import { gainSeriesOp } from "@/lib/schemas/progress";

export const GET = route(gainSeriesOp, {
  handler: ({ params, query }) => getGainSeries(params.name, params.metric, query.period),
});
