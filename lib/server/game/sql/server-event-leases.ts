import "server-only";
import { db } from "../../db";
import { leaseFeedEvents, markFeedEventsDelivered } from "./event-feed-leases";

// Leasing server-wide events to a game server and taking them back: the feeds' shared statements
// (./event-feed-leases.ts) over server_events, whose times carry their zone.

export const leaseServerEvents = (limit: number, leaseId: string, leaseSeconds: number) => leaseFeedEvents("server_events", limit, leaseId, leaseSeconds);

export const markServerEventsDelivered = (leaseId: string, ids: readonly number[]) => markFeedEventsDelivered("server_events", leaseId, ids);

/** Puts every leased event whose lease ran out back to PENDING (keeping its lease id); how many. */
export async function resetExpiredServerEventLeases(): Promise<number> {
  return db.$executeRaw`UPDATE server_events SET status = 'PENDING', "leasedUntil" = NULL WHERE status = 'LEASED' AND "leasedUntil" < now()`;
}
