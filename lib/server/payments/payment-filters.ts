import "server-only";
import type { PaymentMethod, Prisma, PurchaseStatus } from "@/lib/generated/prisma/client";
import { MAX_ID } from "@/lib/schemas/ids";
import type { TStaffPaymentFilters } from "@/lib/schemas/staff-payments";
import { usernameKey } from "@/lib/usernames";

// The filters of the staff payments list and of its CSV export, as one Prisma where: both show
// the same rows for the same query.

/** An order number as staff may paste it: the purchase id, with or without '#' or a short prefix (ORD-42, #42). */
export function orderNumberOf(term: string): number | null {
  const m = /^(?:#|[a-z]{1,8}[-#]?)?\s*0*(\d{1,10})$/i.exec(term);
  if (!m) return null;
  const id = Number(m[1]);
  return id >= 1 && id <= MAX_ID ? id : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function paymentsWhere(f: TStaffPaymentFilters): Prisma.CreditPurchaseWhereInput {
  const and: Prisma.CreditPurchaseWhereInput[] = [];
  if (f.status) and.push({ status: f.status.toUpperCase() as PurchaseStatus });
  if (f.provider) and.push({ method: f.provider.toUpperCase() as PaymentMethod });
  // Whole days in UTC, both ends included.
  if (f.from) and.push({ createdAt: { gte: new Date(`${f.from}T00:00:00Z`) } });
  if (f.to) and.push({ createdAt: { lt: new Date(new Date(`${f.to}T00:00:00Z`).getTime() + DAY_MS) } });
  const term = f.q?.trim() ?? "";
  if (term) {
    const or: Prisma.CreditPurchaseWhereInput[] = [{ providerRef: term }];
    const key = usernameKey(term);
    if (key) or.push({ user: { usernameKey: { startsWith: key } } });
    const id = orderNumberOf(term);
    if (id !== null) or.push({ id });
    and.push({ OR: or });
  }
  return and.length ? { AND: and } : {};
}
