// GET, POST /api/v1/staff/votes/sites — list and add vote listing sites (administrator)
import { createVoteSiteOp, listStaffVoteSitesOp } from "@/lib/schemas/vote-sites";
import { json, route } from "@/lib/server/http/route";
import { createVoteSite, listStaffVoteSites } from "@/lib/server/votes/manage-vote-sites";

export const GET = route(listStaffVoteSitesOp, { handler: () => listStaffVoteSites() });
export const POST = route(createVoteSiteOp, {
  handler: async ({ body, actor, ip }) => json(await createVoteSite(body, { actorId: actor.userId, ip }), 201),
});
