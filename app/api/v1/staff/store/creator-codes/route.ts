// GET /api/v1/staff/store/creator-codes — every creator code with its totals; POST — create one (administrator)
import { createCreatorCodeOp, listCreatorCodesOp } from "@/lib/schemas/creator-codes";
import { json, route } from "@/lib/server/http/route";
import { createCreatorCode, listCreatorCodes } from "@/lib/server/store/admin/creator-codes";

export const GET = route(listCreatorCodesOp, { handler: async () => ({ results: await listCreatorCodes() }) });
export const POST = route(createCreatorCodeOp, {
  handler: async ({ body, actor, ip }) => json(await createCreatorCode(body, { actorId: actor.userId, privilege: actor.privilege, ip }), 201),
});
