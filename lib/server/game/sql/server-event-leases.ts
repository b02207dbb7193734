import "server-only";
import { db } from "../../db";

// Leasing server-wide events to a game server and taking them back: the same statements as the
// delivery leases (./delivery-leases.ts), over server_events, whose times carry their zone.

/**
 * Leases up to `limit` claimable events (pending, or leased with the lease run out) to `leaseId`, passing over rows another transaction holds.
 * The UPDATE checks the row again, so a row another claim leased between the pick and the write is never leased twice.
 */
export async function leaseServerEvents(limit: number, leaseId: string, leaseSeconds: number): Promise<number[]> {
  const leased = await db.$queryRaw<{ id: number }[]>`
    WITH picked AS (
      SELECT id FROM server_events
      WHERE status = 'PENDING' OR (status = 'LEASED' AND "leasedUntil" < now())
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE server_events e
    SET status = 'LEASED', "leaseId" = ${leaseId}, "leasedUntil" = now() + make_interval(secs => ${leaseSeconds}), attempts = e.attempts + 1
    FROM picked
    WHERE e.id = picked.id AND (e.status = 'PENDING' OR (e.status = 'LEASED' AND e."leasedUntil" < now()))
    RETURNING e.id`;
  return leased.map((r) => r.id);
}

/** Marks run those of `ids` this lease holds and not yet delivered or canceled; the ids marked. */
export async function markServerEventsDelivered(leaseId: string, ids: readonly number[]): Promise<number[]> {
  // Of two acks racing for a row the second waits, then no longer matches; a claim re-leasing it
  // meanwhile changed leaseId, so an ack of the old lease misses it too.
  const acked = await db.$queryRaw<{ id: number }[]>`
    UPDATE server_events SET status = 'DELIVERED', "deliveredAt" = now()
    WHERE id = ANY(${ids}::int[]) AND "leaseId" = ${leaseId} AND status IN ('LEASED', 'PENDING')
    RETURNING id`;
  return acked.map((r) => r.id);
}

/** Puts every leased event whose lease ran out back to PENDING (keeping its lease id); how many. */
export async function resetExpiredServerEventLeases(): Promise<number> {
  return db.$executeRaw`UPDATE server_events SET status = 'PENDING', "leasedUntil" = NULL WHERE status = 'LEASED' AND "leasedUntil" < now()`;
}
