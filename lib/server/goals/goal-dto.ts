import "server-only";
import type { CommunityGoal, ServerEvent } from "@/lib/generated/prisma/client";
import { goalEnd, goalProgress } from "@/lib/goals/progress";
import type { TGoal, TStaffGoal, TStaffServerEvent } from "@/lib/schemas/goals";
import type { Db, Tx } from "../db";
import { raisedCents } from "./sql/goals";

export const NO_SUCH_GOAL = "No such goal.";

type Scalar = string | number | boolean;
/** A stored reward payload as the flat object staff set (anything else in the row is left out). */
export function payloadOf(json: unknown): Record<string, Scalar> {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return {};
  return Object.fromEntries(Object.entries(json).filter((e): e is [string, Scalar] => ["string", "number", "boolean"].includes(typeof e[1])));
}

/** A goal with what its window has raised, as players see it. */
export async function toGoalDto(q: Tx | Db, g: CommunityGoal): Promise<TGoal> {
  const raised = await raisedCents(q, g.startsAt, goalEnd(g));
  const p = goalProgress(raised, g.targetCents, g.roundsReached, g.repeatable);
  return {
    id: g.id,
    title: g.title,
    description: g.description,
    currency: "USD",
    target_cents: g.targetCents,
    raised_cents: raised,
    round: p.round,
    round_progress_cents: p.progressCents,
    percent: p.percent,
    reached: p.reached,
    rounds_reached: g.roundsReached,
    repeatable: g.repeatable,
    starts_at: g.startsAt.toISOString(),
    ends_at: goalEnd(g).toISOString(),
  };
}

export const serverEventStatus = (s: ServerEvent["status"]) => s.toLowerCase() as TStaffServerEvent["status"];

export function toStaffServerEventDto(e: ServerEvent, now = new Date()): TStaffServerEvent {
  // A lease that ran out is back in the queue whatever the release job has done yet.
  const status = e.status === "LEASED" && e.leasedUntil && e.leasedUntil < now ? "pending" : serverEventStatus(e.status);
  return {
    id: e.id,
    type: e.type,
    payload: payloadOf(e.payload),
    round: e.goalRound ?? e.voteGoalRound,
    status,
    created: e.createdAt.toISOString(),
    delivered_at: e.deliveredAt?.toISOString() ?? null,
    attempts: e.attempts,
  };
}

export async function toStaffGoalDto(q: Tx | Db, g: CommunityGoal & { events: ServerEvent[] }, now = new Date()): Promise<TStaffGoal> {
  const end = goalEnd(g);
  return {
    ...(await toGoalDto(q, g)),
    reward_type: g.rewardType,
    reward_payload: payloadOf(g.rewardPayload),
    ended_at: g.endedAt?.toISOString() ?? null,
    state: now < g.startsAt ? "scheduled" : now < end ? "open" : "ended",
    events: g.events.map((e) => toStaffServerEventDto(e, now)),
  };
}

export const staffGoalInclude = { events: { orderBy: { id: "desc" as const } } };
