// GET /api/v1/store/supporters — top donator of the month and recent supporters, names only (public)
import { supportersOp } from "@/lib/schemas/goals";
import { getSupporters } from "@/lib/server/goals/get-supporters";
import { route } from "@/lib/server/http/route";

export const GET = route(supportersOp, { handler: () => getSupporters() });
