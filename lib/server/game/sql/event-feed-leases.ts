import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { db } from "../../db";

// The lease-and-ack statements shared by the game's event feeds (server events, punishment
// events): the same promise as the delivery leases (./delivery-leases.ts). Each feed's table has
// status PENDING/LEASED/DELIVERED(/CANCELED), "leaseId", "leasedUntil", attempts and "deliveredAt".

/** The feeds' tables: a fixed list, so the name spliced into the statements is never input. */
export type EventFeedTable = "server_events" | "punishment_events";

const TABLES: Record<EventFeedTable, Prisma.Sql> = {
  server_events: Prisma.raw("server_events"),
  punishment_events: Prisma.raw("punishment_events"),
};

/**
 * Leases up to `limit` claimable rows (pending, or leased with the lease run out), oldest first,
 * to `leaseId`, passing over rows another transaction holds. The UPDATE checks the row again, so
 * a row another claim leased between the pick and the write is never leased twice.
 */
export async function leaseFeedEvents(table: EventFeedTable, limit: number, leaseId: string, leaseSeconds: number): Promise<number[]> {
  const t = TABLES[table];
  const leased = await db.$queryRaw<{ id: number }[]>`
    WITH picked AS (
      SELECT id FROM ${t}
      WHERE status = 'PENDING' OR (status = 'LEASED' AND "leasedUntil" < now())
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE ${t} e
    SET status = 'LEASED', "leaseId" = ${leaseId}, "leasedUntil" = now() + make_interval(secs => ${leaseSeconds}), attempts = e.attempts + 1
    FROM picked
    WHERE e.id = picked.id AND (e.status = 'PENDING' OR (e.status = 'LEASED' AND e."leasedUntil" < now()))
    RETURNING e.id`;
  return leased.map((r) => r.id);
}

/** Marks done those of `ids` this lease holds and not yet delivered or canceled; the ids marked. */
export async function markFeedEventsDelivered(table: EventFeedTable, leaseId: string, ids: readonly number[]): Promise<number[]> {
  // Of two acks racing for a row the second waits, then no longer matches; a claim re-leasing it
  // meanwhile changed leaseId, so an ack of the old lease misses it too.
  const acked = await db.$queryRaw<{ id: number }[]>`
    UPDATE ${TABLES[table]} SET status = 'DELIVERED', "deliveredAt" = now()
    WHERE id = ANY(${ids}::int[]) AND "leaseId" = ${leaseId} AND status IN ('LEASED', 'PENDING')
    RETURNING id`;
  return acked.map((r) => r.id);
}
