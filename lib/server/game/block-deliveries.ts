import "server-only";
import { blockReasonToDb, type TBlockReason } from "@/lib/orders/block-reasons";
import type { TBlockedResult } from "@/lib/schemas/game";
import { db } from "../db";
import { log } from "../log";
import { ACK_REASONS } from "./ack-deliveries";
import { notifyBlocked } from "./delivery-notifications";
import { markLeasedBlocked } from "./sql/delivery-leases";

// POST /game/deliveries/blocked (docs/game-integration.md): the game holds leased deliveries it
// cannot hand over yet (player offline, inventory full, …). They go back to the queue at once
// with the reason and its time, which the player's order history and the staff pages show; the
// next claim hands them out again, and a successful ack clears the reason.
//
// The same rule as ack decides which ids count: only rows this lease holds and not delivered or
// canceled. One conditional UPDATE, so a concurrent ack or claim of the same row wins or loses whole.

export async function blockDeliveries(
  leaseId: string,
  deliveryIds: readonly number[],
  reason: TBlockReason,
  message: string | undefined,
): Promise<TBlockedResult> {
  const ids = [...new Set(deliveryIds)];
  // Told once per delivery and reason (the game reports again on every claim while it stays blocked).
  const done = new Set(
    await db.$transaction(async (tx) => {
      const released = await markLeasedBlocked(leaseId, ids, blockReasonToDb(reason), message ? message : null, tx);
      await notifyBlocked(tx, released, reason);
      return released;
    }),
  );
  const others = ids.filter((id) => !done.has(id));
  const rows = others.length ? await db.gameDelivery.findMany({ where: { id: { in: others } }, select: { id: true, status: true } }) : [];
  const status = new Map(rows.map((r) => [r.id, r.status]));

  const result: TBlockedResult = { blocked: [], rejected: [] };
  for (const id of ids) {
    if (done.has(id)) {
      result.blocked.push(id);
      continue;
    }
    const s = status.get(id);
    const why =
      s === undefined ? ACK_REASONS.unknown : s === "CANCELED" ? ACK_REASONS.canceled : s === "DELIVERED" ? "already delivered" : ACK_REASONS.notThisLease;
    result.rejected.push({ id, reason: why });
  }
  if (result.blocked.length) log.info("game.deliveries_blocked", { count: result.blocked.length, reason });
  return result;
}
