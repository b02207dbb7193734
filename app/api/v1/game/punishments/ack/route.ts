// POST /api/v1/game/punishments/ack — record the leased punishment events the game acted on (game key, scope punishments)
import { ackPunishmentsOp } from "@/lib/schemas/punishments";
import { route } from "@/lib/server/http/route";
import { ackPunishmentEvents } from "@/lib/server/punishments/punishment-feed";

export const POST = route(ackPunishmentsOp, { handler: ({ body }) => ackPunishmentEvents(body.lease_id, body.event_ids) });
