import "server-only";
import { randomUUID } from "node:crypto";
import { CLAIM_LIMIT_MAX, LEASE_DEFAULT_SEC, type TClaimResult } from "@/lib/schemas/game";
import { db } from "../db";
import { AppError } from "../errors";
import { deliveryInclude, gameDeliveriesOf } from "./delivery-dto";
import { leaseDeliveries } from "./sql/delivery-leases";

// POST /game/deliveries/claim (docs/game-integration.md, The lease protocol): leases a player's undelivered deliveries to the
// calling game server. One UPDATE picks and leases the rows: `FOR UPDATE SKIP LOCKED` means a
// concurrent claim for the same player passes over rows another claim is leasing right now, and
// a row leased a moment ago no longer matches the filter, so no delivery is in two live leases.
// An expired lease is claimable here whatever the release job has done yet.

export const NO_SUCH_PLAYER = "No such player.";

export async function claimDeliveries(playerId: number, opts: { leaseSeconds?: number | undefined; limit?: number | undefined } = {}): Promise<TClaimResult> {
  const player = await db.user.findUnique({ where: { id: playerId }, select: { id: true } });
  if (!player) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_PLAYER });
  const leaseSeconds = opts.leaseSeconds ?? LEASE_DEFAULT_SEC;
  const limit = opts.limit ?? CLAIM_LIMIT_MAX;
  const leaseId = randomUUID();
  const leased = await leaseDeliveries(playerId, limit, leaseId, leaseSeconds);
  if (leased.length === 0) return { lease_id: null, leased_until: null, deliveries: [] };

  // Ours until the lease ends: read them back with what the game needs to see.
  const rows = await db.gameDelivery.findMany({ where: { id: { in: leased }, leaseId }, include: deliveryInclude, orderBy: { id: "asc" } });
  const until = rows[0]?.leasedUntil ?? null;
  return { lease_id: leaseId, leased_until: until?.toISOString() ?? null, deliveries: gameDeliveriesOf(rows).map((r) => r.delivery) };
}
