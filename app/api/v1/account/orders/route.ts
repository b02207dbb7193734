// GET /api/v1/account/orders?type=&page= — your orders (credit packages and store items), newest first
import { listOrdersOp } from "@/lib/schemas/orders";
import { route } from "@/lib/server/http/route";
import { listOrdersPage } from "@/lib/server/store/list-orders";

export const GET = route(listOrdersOp, { handler: ({ req, actor, query }) => listOrdersPage(req, actor.userId, { type: query.type, page: query.page }) });
