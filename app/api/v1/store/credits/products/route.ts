// GET /api/v1/store/credits/products — credit packages for sale
import { route } from "@/lib/server/http/route";
import { listCreditPackages } from "@/lib/server/store/list-credit-packages";
import { creditPackagesOp } from "@/lib/schemas/store";

export const GET = route(creditPackagesOp, { handler: async () => ({ packages: await listCreditPackages() }) });
