import "server-only";
import { STAFF_PAYMENTS_PAGE_SIZE, type TStaffPaymentFilters, type TStaffPurchase } from "@/lib/schemas/staff-payments";
import { db } from "../db";
import { pageWindow } from "../paging";
import { paymentsWhere } from "./payment-filters";
import { risksOfPlayers } from "./player-risk";
import { toStaffPurchase } from "./staff-payment-dto";

// The staff payments list: credit purchases matching the search and filters, newest first,
// with the provider events settling tied to each and each player's payment risk.
// Administrators only (the route and the page check it).

export async function listStaffPayments(query: TStaffPaymentFilters & { page: number }): Promise<{ results: TStaffPurchase[]; total: number }> {
  const where = paymentsWhere(query);
  const [rows, total] = await Promise.all([
    db.creditPurchase.findMany({
      where,
      include: { user: { select: { id: true, username: true } }, webhookEvents: { orderBy: { id: "asc" } } },
      orderBy: { id: "desc" },
      ...pageWindow(query.page, STAFF_PAYMENTS_PAGE_SIZE),
    }),
    db.creditPurchase.count({ where }),
  ]);
  const risks = await risksOfPlayers(rows.map((r) => r.userId));
  return { results: rows.map((r) => toStaffPurchase(r, risks.get(r.userId)!)), total };
}
