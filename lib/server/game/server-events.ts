import "server-only";
import { randomUUID } from "node:crypto";
import { CLAIM_LIMIT_MAX } from "@/lib/schemas/game";
import { SERVER_EVENT_LEASE_DEFAULT_SEC, type TServerEventAck, type TServerEventClaim } from "@/lib/schemas/goals";
import { db } from "../db";
import { payloadOf } from "../goals/goal-dto";
import { leaseServerEvents, markServerEventsDelivered } from "./sql/server-event-leases";
import { ACK_REASONS } from "./ack-deliveries";

// The server-event feed (docs/game-integration.md, "Server events"): server-wide events, such as
// a reached community goal's or vote goal's reward, handed to the game with the deliveries' promise. A claim
// leases the pending events (two claims at once never share one: FOR UPDATE SKIP LOCKED, and a
// leased row no longer matches); an ack with the claim's lease id marks them run; an event whose
// lease ran out without an ack goes back to the queue, and a later claim hands it out again
// (with the same id, which the game records once run, so it never runs twice).

const eventInclude = {
  goal: { select: { id: true, title: true } },
  voteGoal: { select: { id: true, title: true, targetVotes: true, window: true } },
} as const;
type Row = Awaited<ReturnType<typeof db.serverEvent.findMany<{ include: typeof eventInclude }>>>[number];

function toGameEvent(e: Row) {
  return {
    id: e.id,
    type: e.type,
    payload: payloadOf(e.payload),
    source: e.goal && e.goalRound !== null ? { goal_id: e.goal.id, round: e.goalRound, title: e.goal.title } : null,
    vote_goal:
      e.voteGoal && e.voteGoalRound !== null
        ? {
            vote_goal_id: e.voteGoal.id,
            round: e.voteGoalRound,
            title: e.voteGoal.title,
            target_votes: e.voteGoal.targetVotes,
            window: e.voteGoal.window === "DAY" ? ("day" as const) : ("rolling" as const),
          }
        : null,
    created: e.createdAt.toISOString(),
  };
}

export async function claimServerEvents(opts: { leaseSeconds?: number | undefined; limit?: number | undefined } = {}): Promise<TServerEventClaim> {
  const leaseId = randomUUID();
  const leased = await leaseServerEvents(opts.limit ?? CLAIM_LIMIT_MAX, leaseId, opts.leaseSeconds ?? SERVER_EVENT_LEASE_DEFAULT_SEC);
  if (leased.length === 0) return { lease_id: null, leased_until: null, events: [] };
  const rows = await db.serverEvent.findMany({ where: { id: { in: leased }, leaseId }, include: eventInclude, orderBy: { id: "asc" } });
  return { lease_id: leaseId, leased_until: rows[0]?.leasedUntil?.toISOString() ?? null, events: rows.map(toGameEvent) };
}

export async function ackServerEvents(leaseId: string, eventIds: readonly number[]): Promise<TServerEventAck> {
  const ids = [...new Set(eventIds)];
  const done = new Set(await markServerEventsDelivered(leaseId, ids));
  const others = ids.filter((id) => !done.has(id));
  const rows = others.length ? await db.serverEvent.findMany({ where: { id: { in: others } }, select: { id: true, status: true } }) : [];
  const status = new Map(rows.map((r) => [r.id, r.status]));
  const result: TServerEventAck = { delivered: [], rejected: [] };
  for (const id of ids) {
    const s = done.has(id) ? "DELIVERED" : status.get(id);
    if (s === "DELIVERED") result.delivered.push(id);
    else result.rejected.push({ id, reason: s === undefined ? "unknown event" : s === "CANCELED" ? ACK_REASONS.canceled : ACK_REASONS.notThisLease });
  }
  return result;
}

export async function previewServerEvents(now = new Date()) {
  const rows = await db.serverEvent.findMany({ where: { status: { in: ["PENDING", "LEASED"] } }, include: eventInclude, orderBy: { id: "asc" }, take: 100 });
  return {
    events: rows.map((e) => ({
      ...toGameEvent(e),
      status: (e.status === "LEASED" && e.leasedUntil && e.leasedUntil > now ? "leased" : "pending") as "leased" | "pending",
    })),
  };
}
