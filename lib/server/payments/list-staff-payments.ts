import "server-only";
import type { PaymentMethod, Prisma, PurchaseStatus } from "@/lib/generated/prisma/client";
import { STAFF_PAYMENTS_PAGE_SIZE, type TPurchaseProvider, type TPurchaseStatus, type TStaffPurchase } from "@/lib/schemas/staff-payments";
import { db } from "../db";
import { pageWindow } from "../paging";
import { toStaffPurchase } from "./staff-payment-dto";

// The staff payments list: every credit purchase, newest first, with the provider
// events settling tied to it. Administrators only (the route and the page check it).

export async function listStaffPayments(query: {
  page: number;
  status?: TPurchaseStatus | undefined;
  provider?: TPurchaseProvider | undefined;
}): Promise<{ results: TStaffPurchase[]; total: number }> {
  const where: Prisma.CreditPurchaseWhereInput = {
    ...(query.status ? { status: query.status.toUpperCase() as PurchaseStatus } : {}),
    ...(query.provider ? { method: query.provider.toUpperCase() as PaymentMethod } : {}),
  };
  const [rows, total] = await Promise.all([
    db.creditPurchase.findMany({
      where,
      include: { user: { select: { id: true, username: true } }, webhookEvents: { orderBy: { id: "asc" } } },
      orderBy: { id: "desc" },
      ...pageWindow(query.page, STAFF_PAYMENTS_PAGE_SIZE),
    }),
    db.creditPurchase.count({ where }),
  ]);
  return { results: rows.map(toStaffPurchase), total };
}
