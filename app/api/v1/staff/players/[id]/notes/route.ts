// GET  /api/v1/staff/players/{id}/notes — private staff notes on a player (moderator)
// POST /api/v1/staff/players/{id}/notes — add one; audited (moderator: players only)
import { addPlayerNoteOp, listPlayerNotesOp } from "@/lib/schemas/punishments";
import { PLAYER_RECORDS_PAGE_SIZE } from "@/lib/schemas/staff-players";
import { json, route } from "@/lib/server/http/route";
import { paged } from "@/lib/server/paging";
import { addPlayerNote, listPlayerNotes } from "@/lib/server/punishments/player-notes";

export const GET = route(listPlayerNotesOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total } = await listPlayerNotes(
      params.id,
      { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE },
      { actorId: actor.userId, privilege: actor.privilege },
    );
    return paged(req, { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE, total, results });
  },
});

export const POST = route(addPlayerNoteOp, {
  handler: async ({ params, body, actor, ip }) =>
    json(await addPlayerNote(params.id, body.body, { actorId: actor.userId, privilege: actor.privilege, ip }), 201),
});
