// POST /api/v1/account/orders/{number}/cancel — cancel an unpaid checkout
import { cancelCheckoutOp } from "@/lib/schemas/orders";
import { route } from "@/lib/server/http/route";
import { cancelCheckout } from "@/lib/server/payments/close-checkout";

export const POST = route(cancelCheckoutOp, { handler: ({ actor, params }) => cancelCheckout(actor.userId, params.number) });
