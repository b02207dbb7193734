// GET /api/v1/hiscores/m=hiscore_oldschool_ironman/index_lite.json?player=&xp= — the JSON lookup
// under Jagex's per-mode path, so a client swaps only its base address (docs/hiscores.md)
import { indexLiteJson } from "@/lib/hiscores";
import { getPlayerHiscoresBySegmentOrThrow } from "@/lib/server/hiscores/get-player-hiscores";
import { route } from "@/lib/server/http/route";
import { hiscoresModeIndexLiteJsonOp } from "@/lib/schemas/hiscores";

export const GET = route(hiscoresModeIndexLiteJsonOp, {
  handler: async ({ params, query }) => indexLiteJson(await getPlayerHiscoresBySegmentOrThrow(params.mode, query.player, query.xp)),
});
