import "server-only";
import { db } from "../../db";

// Leasing punishment events to a game server: the statements of the server-event leases
// (../../game/sql/server-event-leases.ts), over punishment_events.

/**
 * Leases up to `limit` claimable events (pending, or leased with the lease run out), oldest
 * first, to `leaseId`, passing over rows another transaction holds. The UPDATE checks the row
 * again, so a row another claim leased between the pick and the write is never leased twice.
 */
export async function leasePunishmentEvents(limit: number, leaseId: string, leaseSeconds: number): Promise<number[]> {
  const leased = await db.$queryRaw<{ id: number }[]>`
    WITH picked AS (
      SELECT id FROM punishment_events
      WHERE status = 'PENDING' OR (status = 'LEASED' AND "leasedUntil" < now())
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE punishment_events e
    SET status = 'LEASED', "leaseId" = ${leaseId}, "leasedUntil" = now() + make_interval(secs => ${leaseSeconds}), attempts = e.attempts + 1
    FROM picked
    WHERE e.id = picked.id AND (e.status = 'PENDING' OR (e.status = 'LEASED' AND e."leasedUntil" < now()))
    RETURNING e.id`;
  return leased.map((r) => r.id);
}

/** Marks acted on those of `ids` this lease holds and not yet delivered; the ids marked. */
export async function markPunishmentEventsDelivered(leaseId: string, ids: readonly number[]): Promise<number[]> {
  // Of two acks racing for a row the second waits, then no longer matches; a claim re-leasing it
  // meanwhile changed leaseId, so an ack of the old lease misses it too.
  const acked = await db.$queryRaw<{ id: number }[]>`
    UPDATE punishment_events SET status = 'DELIVERED', "deliveredAt" = now()
    WHERE id = ANY(${ids}::int[]) AND "leaseId" = ${leaseId} AND status IN ('LEASED', 'PENDING')
    RETURNING id`;
  return acked.map((r) => r.id);
}
