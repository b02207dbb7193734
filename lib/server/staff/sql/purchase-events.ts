import "server-only";
import { db } from "../../db";

/** A provider webhook event and the purchase reference it names. */
export type PurchaseEventRow = {
  id: number;
  provider: string;
  eventId: string;
  type: string;
  receivedAt: Date;
  processedAt: Date | null;
  error: string | null;
  ref: string;
};

/**
 * The webhook events of each purchase's provider whose raw payload holds its reference as a whole
 * JSON string value, in event id order (a scan of the payloads: for one page of purchases).
 */
export function webhookEventsNamingRefs(purchases: readonly { providerRef: string; method: string }[]): Promise<PurchaseEventRow[]> {
  return db.$queryRaw<PurchaseEventRow[]>`
        SELECT w.id, w.provider::text AS provider, w."eventId", w.type, w."receivedAt", w."processedAt", w.error, p.ref
        FROM webhook_events w
        JOIN unnest(${purchases.map((r) => r.providerRef)}::text[], ${purchases.map((r) => r.method)}::text[]) AS p(ref, method)
          ON w.provider::text = p.method AND strpos(w.payload::text, '"' || p.ref || '"') > 0
        ORDER BY w.id`;
}
