// POST /api/v1/game/hiscores — the game pushes a player's experience per skill
import { pushHiscores } from "@/lib/server/game/push-hiscores";
import { route } from "@/lib/server/http/route";
import { pushHiscoresOp } from "@/lib/schemas/game";

export const POST = route(pushHiscoresOp, {
  handler: ({ body }) => pushHiscores(body),
});
