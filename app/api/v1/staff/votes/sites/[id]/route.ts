// PATCH /api/v1/staff/votes/sites/{id} — edit a vote listing site, or turn it on or off (administrator)
import { updateVoteSiteOp } from "@/lib/schemas/vote-sites";
import { route } from "@/lib/server/http/route";
import { updateVoteSite } from "@/lib/server/votes/manage-vote-sites";

export const PATCH = route(updateVoteSiteOp, {
  handler: ({ params, body, actor, ip }) => updateVoteSite(params.id, body, { actorId: actor.userId, ip }),
});
