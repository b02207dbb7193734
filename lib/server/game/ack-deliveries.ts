import "server-only";
import type { TAckResult } from "@/lib/schemas/game";
import { db } from "../db";
import { notifyClaimed } from "./delivery-notifications";
import { markLeasedDelivered } from "./sql/delivery-leases";

// POST /game/deliveries/ack: the game says which leased deliveries it granted.
//
// Accepted: a row this lease holds, even when the lease has run out (or the release job has
// put it back in the queue) as long as no later claim took it: the game did grant it. A row
// already DELIVERED answers as delivered for any lease, so acking twice is harmless.
//
// Refused: a row another claim has leased since (we keep only the latest lease id, so an old
// lease cannot be told from a wrong one), a canceled row (its purchase was refunded) and
// unknown ids. The exactly-once guarantee therefore rests on one rule for the game: record
// each granted delivery id in the player's save before acking, and when a claim hands out an
// id the save already holds, ack it without granting it again.

export const ACK_REASONS = { notThisLease: "not leased by this lease", canceled: "canceled", unknown: "unknown delivery" } as const;

export async function ackDeliveries(leaseId: string, deliveryIds: readonly number[]): Promise<TAckResult> {
  const ids = [...new Set(deliveryIds)];
  // The player hears of it in the ack's own transaction: a repeated ack marks nothing and tells nothing.
  const done = new Set(
    await db.$transaction(async (tx) => {
      const acked = await markLeasedDelivered(leaseId, ids, tx);
      await notifyClaimed(tx, acked);
      return acked;
    }),
  );
  const others = ids.filter((id) => !done.has(id));
  const rows = others.length ? await db.gameDelivery.findMany({ where: { id: { in: others } }, select: { id: true, status: true } }) : [];
  const status = new Map(rows.map((r) => [r.id, r.status]));

  const result: TAckResult = { delivered: [], rejected: [] };
  for (const id of ids) {
    const s = done.has(id) ? "DELIVERED" : status.get(id);
    if (s === "DELIVERED") result.delivered.push(id);
    else result.rejected.push({ id, reason: s === undefined ? ACK_REASONS.unknown : s === "CANCELED" ? ACK_REASONS.canceled : ACK_REASONS.notThisLease });
  }
  return result;
}
