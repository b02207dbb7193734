// GET /api/v1/staff/store/packages — every credit package; POST — create one (administrator)
import { createPackageOp, listPackagesOp } from "@/lib/schemas/staff-store";
import { json, route } from "@/lib/server/http/route";
import { createCreditPackage } from "@/lib/server/store/admin/create-credit-package";
import { listCreditPackages } from "@/lib/server/store/admin/list-credit-packages";

export const GET = route(listPackagesOp, { handler: async () => ({ results: await listCreditPackages() }) });
export const POST = route(createPackageOp, {
  handler: async ({ body, actor, ip }) => json(await createCreditPackage(body, { actorId: actor.userId, ip }), 201),
});
