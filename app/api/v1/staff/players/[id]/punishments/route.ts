// GET  /api/v1/staff/players/{id}/punishments — a player's punishment history (moderator)
// POST /api/v1/staff/players/{id}/punishments — warn, mute, ban or address-ban by a rule (moderator: players only)
import { listPunishmentsOp, punishPlayerOp } from "@/lib/schemas/punishments";
import { PLAYER_RECORDS_PAGE_SIZE } from "@/lib/schemas/staff-players";
import { json, route } from "@/lib/server/http/route";
import { paged } from "@/lib/server/paging";
import { listPunishments } from "@/lib/server/punishments/list-punishments";
import { punishPlayer } from "@/lib/server/punishments/punish-player";

export const GET = route(listPunishmentsOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total } = await listPunishments(
      params.id,
      { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE },
      { actorId: actor.userId, privilege: actor.privilege },
    );
    return paged(req, { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE, total, results });
  },
});

export const POST = route(punishPlayerOp, {
  handler: async ({ params, body, actor, ip }) => json(await punishPlayer(params.id, body, { actorId: actor.userId, privilege: actor.privilege, ip }), 201),
});
