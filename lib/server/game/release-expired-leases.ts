import "server-only";
import { log } from "../log";
import { resetExpiredLeases } from "./sql/delivery-leases";

// Returns deliveries whose lease ran out without an ack to PENDING, so the site's own views
// (preview, refunds, the vote page) see them as waiting. Claims never depend on it: they take
// expired leases themselves. The last lease id stays on the row so a late ack of that lease
// is still recorded until another claim takes the row.

export async function releaseExpiredLeases(): Promise<number> {
  const released = await resetExpiredLeases();
  if (released > 0) log.info("game.leases_released", { count: released });
  return released;
}
