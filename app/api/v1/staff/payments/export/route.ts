// GET /api/v1/staff/payments/export — credit purchases as CSV, with the list's filters (administrator)
import { exportStaffPaymentsOp } from "@/lib/schemas/staff-payments";
import { route } from "@/lib/server/http/route";
import { exportStaffPayments } from "@/lib/server/payments/export-staff-payments";

export const GET = route(exportStaffPaymentsOp, {
  handler: async ({ query }) =>
    new Response(exportStaffPayments(query), {
      status: 200,
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="payments-${new Date().toISOString().slice(0, 10)}.csv"`,
        "cache-control": "private, no-store",
      },
    }),
});
