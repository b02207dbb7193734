// POST /api/v1/staff/players/{id}/shared-addresses — accounts on the same addresses over 7/30/90 days (moderator; audited)
import { sharedAddressesOp } from "@/lib/schemas/staff-players";
import { route } from "@/lib/server/http/route";
import { listSharedAddresses } from "@/lib/server/staff/list-shared-addresses";

export const POST = route(sharedAddressesOp, {
  handler: ({ params, body, actor, ip }) => listSharedAddresses(params.id, body.days, { actorId: actor.userId, privilege: actor.privilege, ip }),
});
