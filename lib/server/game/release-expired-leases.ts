import "server-only";
import { log } from "../log";
import { resetExpiredLeases } from "./sql/delivery-leases";
import { resetExpiredServerEventLeases } from "./sql/server-event-leases";

// Returns deliveries (and server events) whose lease ran out without an ack to PENDING, so the site's own views
// (preview, refunds, the vote page) see them as waiting. Claims never depend on it: they take
// expired leases themselves. The last lease id stays on the row so a late ack of that lease
// is still recorded until another claim takes the row.

export async function releaseExpiredLeases(): Promise<number> {
  const released = await resetExpiredLeases();
  if (released > 0) log.info("game.leases_released", { count: released });
  // Server events (the community goals' rewards) follow the same rule.
  const events = await resetExpiredServerEventLeases();
  if (events > 0) log.info("game.server_event_leases_released", { count: events });
  return released;
}
