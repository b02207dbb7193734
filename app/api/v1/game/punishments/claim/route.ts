// POST /api/v1/game/punishments/claim — lease the punishment events not yet acted on (game key, scope punishments)
import { claimPunishmentsOp } from "@/lib/schemas/punishments";
import { route } from "@/lib/server/http/route";
import { claimPunishmentEvents } from "@/lib/server/punishments/punishment-feed";

export const POST = route(claimPunishmentsOp, {
  handler: ({ body }) => claimPunishmentEvents({ leaseSeconds: body.lease_seconds, limit: body.limit }),
});
