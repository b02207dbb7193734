import "server-only";
import { leaseFeedEvents, markFeedEventsDelivered } from "../../game/sql/event-feed-leases";

// Leasing punishment events to a game server: the feeds' shared statements over punishment_events.

export const leasePunishmentEvents = (limit: number, leaseId: string, leaseSeconds: number) =>
  leaseFeedEvents("punishment_events", limit, leaseId, leaseSeconds);

export const markPunishmentEventsDelivered = (leaseId: string, ids: readonly number[]) => markFeedEventsDelivered("punishment_events", leaseId, ids);
