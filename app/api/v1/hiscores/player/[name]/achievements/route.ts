// GET /api/v1/hiscores/player/{name}/achievements — every tier, met or not
import { getPlayerAchievements } from "@/lib/server/progress/log";
import { route } from "@/lib/server/http/route";
import { playerAchievementsOp } from "@/lib/schemas/progress";

export const GET = route(playerAchievementsOp, {
  handler: ({ params }) => getPlayerAchievements(params.name),
});
