import "server-only";
import { db, type Tx } from "../../db";

// Leasing game deliveries to a game server and taking them back. Timestamps are UTC without a
// zone, as Prisma writes them.

/** A delivery row locked for a staff change, with whether its lease (if any) has run out. */
export type LockedDeliveryRow = { id: number; status: string; leaseOver: boolean };

/**
 * Leases up to `limit` of the player's claimable deliveries (pending, or leased with the lease
 * run out) to `leaseId`, passing over rows another transaction holds; the ids leased.
 */
export async function leaseDeliveries(playerId: number, limit: number, leaseId: string, leaseSeconds: number): Promise<number[]> {
  const leased = await db.$queryRaw<{ id: number }[]>`
    WITH picked AS (
      SELECT id FROM game_deliveries
      WHERE "userId" = ${playerId}
        AND (status = 'PENDING' OR (status = 'LEASED' AND "leasedUntil" < (now() AT TIME ZONE 'UTC')))
      ORDER BY id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE game_deliveries d
    SET status = 'LEASED', "leaseId" = ${leaseId},
        "leasedUntil" = (now() AT TIME ZONE 'UTC') + make_interval(secs => ${leaseSeconds}),
        attempts = d.attempts + 1
    FROM picked WHERE d.id = picked.id
    RETURNING d.id`;
  return leased.map((r) => r.id);
}

/** Marks delivered those of `ids` this lease holds and not yet delivered or canceled; the ids marked. */
export async function markLeasedDelivered(leaseId: string, ids: readonly number[], client: Tx | typeof db = db): Promise<number[]> {
  // One conditional UPDATE: of two acks racing for a row, the second waits for the first and
  // then no longer matches; a claim re-leasing it meanwhile changes leaseId, so it misses too.
  const acked = await client.$queryRaw<{ id: number }[]>`
    UPDATE game_deliveries
    SET status = 'DELIVERED', "deliveredAt" = (now() AT TIME ZONE 'UTC'),
        "blockedReason" = NULL, "blockedMessage" = NULL, "blockedAt" = NULL
    WHERE id = ANY(${ids}::int[]) AND "leaseId" = ${leaseId} AND status IN ('LEASED', 'PENDING')
    RETURNING id`;
  return acked.map((r) => r.id);
}

/**
 * Releases those of `ids` this lease holds and not yet delivered or canceled back to PENDING with
 * the game's reason; the ids released. The lease id is dropped: the lease no longer holds them, so
 * neither an ack nor another report of that lease matches them, and the next claim takes them.
 */
export async function markLeasedBlocked(
  leaseId: string,
  ids: readonly number[],
  reason: string,
  message: string | null,
  client: Tx | typeof db = db,
): Promise<number[]> {
  const released = await client.$queryRaw<{ id: number }[]>`
    UPDATE game_deliveries
    SET status = 'PENDING', "leaseId" = NULL, "leasedUntil" = NULL,
        "blockedReason" = ${reason}::"DeliveryBlockReason", "blockedMessage" = ${message}, "blockedAt" = (now() AT TIME ZONE 'UTC')
    WHERE id = ANY(${ids}::int[]) AND "leaseId" = ${leaseId} AND status IN ('LEASED', 'PENDING')
    RETURNING id`;
  return released.map((r) => r.id);
}

/** Puts every leased delivery whose lease ran out back to PENDING (keeping its lease id); how many. */
export async function resetExpiredLeases(): Promise<number> {
  return db.$executeRaw`
    UPDATE game_deliveries SET status = 'PENDING', "leasedUntil" = NULL
    WHERE status = 'LEASED' AND "leasedUntil" < (now() AT TIME ZONE 'UTC')`;
}

/** Locks one delivery until the transaction ends; its status and lease state, or null. */
export async function lockDeliveryLeaseState(tx: Tx, id: number): Promise<LockedDeliveryRow | null> {
  const locked = await tx.$queryRaw<LockedDeliveryRow[]>`
      SELECT id, status::text AS status, ("leasedUntil" IS NULL OR "leasedUntil" < (now() AT TIME ZONE 'UTC')) AS "leaseOver"
      FROM game_deliveries WHERE id = ${id} FOR UPDATE`;
  return locked[0] ?? null;
}
