import "server-only";
import type { PaymentProvider, Prisma } from "@/lib/generated/prisma/client";
import { STAFF_PAYMENTS_PAGE_SIZE, type TEventState, type TStaffWebhookEvent } from "@/lib/schemas/staff-payments";
import type { PaymentMethodName } from "../env";
import { db } from "../db";
import { pageWindow } from "../paging";
import { DB_PROVIDER } from "./types";
import { toStaffWebhookEvent } from "./staff-payment-dto";

// Stored provider events for staff, newest first: "failed" are the ones settling
// refused (wrong amount, unknown purchase, …), which staff may re-apply once the cause is fixed.

export async function listWebhookEvents(query: {
  page: number;
  state?: TEventState | undefined;
  provider?: PaymentMethodName | undefined;
}): Promise<{ results: TStaffWebhookEvent[]; total: number }> {
  const where: Prisma.WebhookEventWhereInput = {
    ...(query.state === "failed" ? { error: { not: null } } : query.state === "applied" ? { error: null } : {}),
    ...(query.provider ? { provider: DB_PROVIDER[query.provider] as PaymentProvider } : {}),
  };
  const [rows, total] = await Promise.all([
    db.webhookEvent.findMany({ where, orderBy: { id: "desc" }, ...pageWindow(query.page, STAFF_PAYMENTS_PAGE_SIZE) }),
    db.webhookEvent.count({ where }),
  ]);
  return { results: rows.map(toStaffWebhookEvent), total };
}

/** How many stored events were not applied (the staff page shows it on its tab). */
export function countUnappliedEvents(): Promise<number> {
  return db.webhookEvent.count({ where: { error: { not: null } } });
}
