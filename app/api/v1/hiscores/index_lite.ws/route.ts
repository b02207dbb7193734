// GET /api/v1/hiscores/index_lite.ws?player=&mode=&xp= — the Old School CSV lookup
import { indexLiteCsv } from "@/lib/hiscores";
import { getPlayerHiscoresOrThrow } from "@/lib/server/hiscores/get-player-hiscores";
import { route } from "@/lib/server/http/route";
import { hiscoresIndexLiteWsOp } from "@/lib/schemas/hiscores";

export const GET = route(hiscoresIndexLiteWsOp, {
  handler: async ({ query }) => {
    const player = await getPlayerHiscoresOrThrow(query.player, query);
    return new Response(indexLiteCsv(player), { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
  },
});
