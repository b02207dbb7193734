// GET /api/v1/staff/votes/callbacks — every stored vote callback with the fraud signals (moderator)
import { listStaffVoteCallbacksOp, STAFF_VOTE_CALLBACKS_PAGE_SIZE } from "@/lib/schemas/staff-votes";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listStaffVoteCallbacks } from "@/lib/server/votes/list-staff-vote-callbacks";

export const GET = route(listStaffVoteCallbacksOp, {
  handler: async ({ req, query }) => {
    const { results, total, signals } = await listStaffVoteCallbacks(query);
    return { ...paged(req, { page: query.page, pageSize: STAFF_VOTE_CALLBACKS_PAGE_SIZE, total, results }), count: total, signals };
  },
});
