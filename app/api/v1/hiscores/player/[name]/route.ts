// GET /api/v1/hiscores/player/{name}?mode=&xp= — a player's ranks in Overall and every skill
import { getPlayerHiscoresOrThrow } from "@/lib/server/hiscores/get-player-hiscores";
import { route } from "@/lib/server/http/route";
import { hiscoresPlayerOp } from "@/lib/schemas/hiscores";

export const GET = route(hiscoresPlayerOp, {
  handler: ({ params, query }) => getPlayerHiscoresOrThrow(params.name, query),
});
