// GET /api/v1/store/credits/amount — your store credit balance
import { route } from "@/lib/server/http/route";
import { getCreditBalance } from "@/lib/server/store/get-credit-balance";
import { creditBalanceOp } from "@/lib/schemas/store";

export const GET = route(creditBalanceOp, { handler: ({ actor }) => getCreditBalance(actor.userId) });
