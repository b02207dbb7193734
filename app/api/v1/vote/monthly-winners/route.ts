// GET /api/v1/vote/monthly-winners — a month's top voters and their prizes
import { voteMonthlyWinnersOp } from "@/lib/schemas/votes";
import { route } from "@/lib/server/http/route";
import { listMonthlyWinners } from "@/lib/server/votes/list-monthly-winners";

export const GET = route(voteMonthlyWinnersOp, {
  handler: ({ query }) => listMonthlyWinners(query.month),
});
