// GET /api/v1/store/purchases/summary — Total Spent, Available Credits, Redeemed Credits
import { route } from "@/lib/server/http/route";
import { purchaseSummary } from "@/lib/server/store/list-credit-purchases";
import { purchaseSummaryOp } from "@/lib/schemas/store";

export const GET = route(purchaseSummaryOp, { handler: ({ actor }) => purchaseSummary(actor.userId) });
