import "server-only";
import type { TProviderEvent, TPurchaseRow } from "@/lib/schemas/staff-players";
import { db } from "../db";
import { pageWindow } from "../http/paging";
import { findPlayerIdOrThrow, type Listed, type RecordPage } from "./player-dto";

type EventRow = { id: number; provider: string; eventId: string; type: string; receivedAt: Date; processedAt: Date | null; error: string | null; ref: string };

/**
 * A player's credit purchases, newest first, each with the provider webhook events that name its
 * provider reference. Events carry the provider's raw payload, so the link is the reference as a
 * whole JSON string value anywhere in it (a payment intent, order, capture or charge code); a
 * purchase that never got a reference (or bought in game) has no events. This scans the events'
 * payloads once per page: fine for one player's page, not for a report over every purchase.
 */
export async function listPlayerPurchases(userId: number, { page, pageSize }: RecordPage): Promise<Listed<TPurchaseRow>> {
  await findPlayerIdOrThrow(userId);
  const [rows, total] = await Promise.all([
    db.creditPurchase.findMany({ where: { userId }, orderBy: { id: "desc" }, ...pageWindow(page, pageSize) }),
    db.creditPurchase.count({ where: { userId } }),
  ]);
  const withRef = rows.filter((r): r is typeof r & { providerRef: string } => Boolean(r.providerRef));
  const events = withRef.length
    ? await db.$queryRaw<EventRow[]>`
        SELECT w.id, w.provider::text AS provider, w."eventId", w.type, w."receivedAt", w."processedAt", w.error, p.ref
        FROM webhook_events w
        JOIN unnest(${withRef.map((r) => r.providerRef)}::text[], ${withRef.map((r) => r.method)}::text[]) AS p(ref, method)
          ON w.provider::text = p.method AND strpos(w.payload::text, '"' || p.ref || '"') > 0
        ORDER BY w.id`
    : [];
  const byRef = new Map<string, TProviderEvent[]>();
  for (const e of events) {
    const list = byRef.get(`${e.provider}:${e.ref}`) ?? [];
    list.push({ id: e.id, provider: e.provider, eventId: e.eventId, type: e.type, receivedAt: e.receivedAt.toISOString(), processedAt: e.processedAt?.toISOString() ?? null, error: e.error });
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
      credits: p.credits,
      bonusCredits: p.bonusCredits,
      amountCents: p.amountCents,
      currency: p.currency,
      providerRef: p.providerRef,
      deliverInGame: p.deliverInGame,
      events: p.providerRef ? (byRef.get(`${p.method}:${p.providerRef}`) ?? []) : [],
    })),
  };
}
