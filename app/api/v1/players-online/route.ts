// GET /api/v1/players-online — the count the site shows, as the game last reported it
import { getPlayersOnline } from "@/lib/server/game/players-online";
import { route } from "@/lib/server/http/route";
import { playersOnlineOp } from "@/lib/schemas/game";

export const GET = route(playersOnlineOp, {
  handler: () => getPlayersOnline(),
});
