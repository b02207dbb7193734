// GET /api/v1/hiscores/m=hiscore_oldschool_ironman/index_lite.ws?player=&xp= — the CSV lookup
// under Jagex's per-mode path, so a client swaps only its base address (docs/hiscores.md)
import { indexLiteCsv } from "@/lib/hiscores";
import { getPlayerHiscoresBySegmentOrThrow } from "@/lib/server/hiscores/get-player-hiscores";
import { route } from "@/lib/server/http/route";
import { hiscoresModeIndexLiteWsOp } from "@/lib/schemas/hiscores";

export const GET = route(hiscoresModeIndexLiteWsOp, {
  handler: async ({ params, query }) => {
    const player = await getPlayerHiscoresBySegmentOrThrow(params.mode, query.player, query.xp);
    return new Response(indexLiteCsv(player), { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  },
});
