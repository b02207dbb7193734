// GET /api/v1/hiscores/index_lite.json?player=&mode=&xp= — the Old School JSON lookup (RuneLite)
import { indexLiteJson } from "@/lib/hiscores";
import { getPlayerHiscoresOrThrow } from "@/lib/server/hiscores/get-player-hiscores";
import { route } from "@/lib/server/http/route";
import { hiscoresIndexLiteJsonOp } from "@/lib/schemas/hiscores";

export const GET = route(hiscoresIndexLiteJsonOp, {
  handler: async ({ query }) => indexLiteJson(await getPlayerHiscoresOrThrow(query.player, query)),
});
