import "server-only";
import type { TProviderEvent, TPurchaseRow } from "@/lib/schemas/staff-players";
import { db } from "../db";
import { pageWindow } from "../paging";
import { purchaseFigures } from "../payments/staff-payment-dto";
import { findPlayerIdOrThrow, type Listed, type RecordPage, type StaffViewer } from "./player-dto";
import { webhookEventsNamingRefs } from "./sql/purchase-events";

/**
 * A player's credit purchases, newest first, each with the provider webhook events that name its
 * provider reference. Events carry the provider's raw payload, so the link is the reference as a
 * whole JSON string value anywhere in it (a payment intent, order, capture or charge code); a
 * purchase that never got a reference (or bought in game) has no events. This scans the events'
 * payloads once per page: fine for one player's page, not for a report over every purchase.
 */
export async function listPlayerPurchases(userId: number, { page, pageSize }: RecordPage, viewer: StaffViewer): Promise<Listed<TPurchaseRow>> {
  await findPlayerIdOrThrow(userId, viewer);
  const [rows, total] = await Promise.all([
    db.creditPurchase.findMany({ where: { userId }, orderBy: { id: "desc" }, ...pageWindow(page, pageSize) }),
    db.creditPurchase.count({ where: { userId } }),
  ]);
  const withRef = rows.filter((r): r is typeof r & { providerRef: string } => Boolean(r.providerRef));
  const events = withRef.length ? await webhookEventsNamingRefs(withRef) : [];
  const byRef = new Map<string, TProviderEvent[]>();
  for (const e of events) {
    const list = byRef.get(`${e.provider}:${e.ref}`) ?? [];
    list.push({
      id: e.id,
      provider: e.provider,
      eventId: e.eventId,
      type: e.type,
      receivedAt: e.receivedAt.toISOString(),
      processedAt: e.processedAt?.toISOString() ?? null,
      error: e.error,
    });
    byRef.set(`${e.provider}:${e.ref}`, list);
  }
  return {
    total,
    results: rows.map((p) => ({
      id: p.id,
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
      method: p.method,
      status: p.status,
      ...purchaseFigures(p),
      events: p.providerRef ? (byRef.get(`${p.method}:${p.providerRef}`) ?? []) : [],
    })),
  };
}
