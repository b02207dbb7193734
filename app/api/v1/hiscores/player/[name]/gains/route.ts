// GET /api/v1/hiscores/player/{name}/gains?period= — a player's gains over a period
import { getPlayerGains } from "@/lib/server/progress/gains";
import { route } from "@/lib/server/http/route";
import { playerGainsOp } from "@/lib/schemas/progress";

export const GET = route(playerGainsOp, {
  handler: ({ params, query }) => getPlayerGains(params.name, query.period),
});
