// POST /api/v1/account/orders/{number}/resume — reopen an unpaid checkout at its provider
import { resumeCheckoutOp } from "@/lib/schemas/orders";
import { route } from "@/lib/server/http/route";
import { resumeCheckout } from "@/lib/server/payments/close-checkout";

export const POST = route(resumeCheckoutOp, { handler: ({ actor, params }) => resumeCheckout(actor.userId, params.number) });
