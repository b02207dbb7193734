// GET /api/v1/account/orders/{number} — one of your orders (its receipt)
import { getOrderOp } from "@/lib/schemas/orders";
import { route } from "@/lib/server/http/route";
import { getOrderOrThrow } from "@/lib/server/store/list-orders";

export const GET = route(getOrderOp, { handler: ({ actor, params }) => getOrderOrThrow(actor.userId, params.number) });
