import "server-only";
import type { PaymentProvider } from "@/lib/generated/prisma/enums";
import { db, type Tx } from "../../db";

/** Stores a provider event unless (provider, eventId) is taken; its row id, or null for a repeat. */
export async function insertWebhookEvent(tx: Tx, e: { provider: PaymentProvider; eventId: string; type: string; payloadJson: string }): Promise<number | null> {
  const stored = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO webhook_events (provider, "eventId", type, payload)
      VALUES (${e.provider}::"PaymentProvider", ${e.eventId}, ${e.type}, ${e.payloadJson}::jsonb)
      ON CONFLICT (provider, "eventId") DO NOTHING
      RETURNING id`;
  return stored[0]?.id ?? null;
}

/** The custom_id (our purchase id, as text) of the stored PayPal event about this capture; null when none names it. */
export async function selectPaypalCapturePurchaseId(captureId: string): Promise<string | null> {
  const rows = await db.$queryRaw<{ pid: string | null }[]>`
        SELECT payload->'resource'->>'custom_id' AS pid FROM webhook_events WHERE provider = 'PAYPAL' AND payload->'resource'->>'id' = ${captureId} LIMIT 1`;
  return rows[0]?.pid ?? null;
}
