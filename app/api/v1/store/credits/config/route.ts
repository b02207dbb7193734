// GET /api/v1/store/credits/config — offered payment methods and public client ids
import { paymentsConfigOp } from "@/lib/schemas/payments";
import { route } from "@/lib/server/http/route";
import { publicConfig } from "@/lib/server/payments/config";

export const GET = route(paymentsConfigOp, { handler: async () => publicConfig() });
