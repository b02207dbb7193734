// GET /api/v1/hiscores/player/{name}/records — a player's records
import { getPlayerRecords } from "@/lib/server/progress/gains";
import { route } from "@/lib/server/http/route";
import { playerRecordsOp } from "@/lib/schemas/progress";

export const GET = route(playerRecordsOp, {
  handler: ({ params }) => getPlayerRecords(params.name),
});
