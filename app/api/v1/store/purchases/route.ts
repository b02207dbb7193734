// GET /api/v1/store/purchases — your credit purchases, newest first
import { route } from "@/lib/server/http/route";
import { listCreditPurchases } from "@/lib/server/store/list-credit-purchases";
import { listPurchasesOp } from "@/lib/schemas/store";

export const GET = route(listPurchasesOp, { handler: ({ actor }) => listCreditPurchases(actor.userId) });
