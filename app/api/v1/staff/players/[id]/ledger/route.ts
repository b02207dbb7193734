// GET /api/v1/staff/players/{id}/ledger — the player's credit ledger, newest first (moderator)
import { PLAYER_RECORDS_PAGE_SIZE, listPlayerLedgerOp } from "@/lib/schemas/staff-players";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listPlayerLedger } from "@/lib/server/staff/list-player-ledger";

export const GET = route(listPlayerLedgerOp, {
  handler: async ({ req, params, query, actor }) => {
    const { results, total } = await listPlayerLedger(
      params.id,
      { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE },
      { actorId: actor.userId, privilege: actor.privilege },
    );
    return paged(req, { page: query.page, pageSize: PLAYER_RECORDS_PAGE_SIZE, total, results });
  },
});
