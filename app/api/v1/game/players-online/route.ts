// POST /api/v1/game/players-online — the game reports how many players a world has
import { reportPlayersOnline } from "@/lib/server/game/players-online";
import { route } from "@/lib/server/http/route";
import { reportPlayersOnlineOp } from "@/lib/schemas/game";

export const POST = route(reportPlayersOnlineOp, {
  handler: ({ body }) => reportPlayersOnline(body.world ?? 1, body.count),
});
