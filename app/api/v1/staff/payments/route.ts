// GET /api/v1/staff/payments — credit purchases with their provider events (administrator)
import { listStaffPaymentsOp, STAFF_PAYMENTS_PAGE_SIZE } from "@/lib/schemas/staff-payments";
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listStaffPayments } from "@/lib/server/payments/list-staff-payments";

export const GET = route(listStaffPaymentsOp, {
  handler: async ({ req, query }) => {
    const { results, total } = await listStaffPayments(query);
    return paged(req, { page: query.page, pageSize: STAFF_PAYMENTS_PAGE_SIZE, total, results });
  },
});
