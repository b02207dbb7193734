import "server-only";
import type { ServerEvent, VoteGoal } from "@/lib/generated/prisma/client";
import { progressConfig } from "@/lib/progress/config";
import type { TStaffVoteGoal, TVoteGoal } from "@/lib/schemas/vote-goals";
import { votePercent } from "@/lib/votes/goal-window";
import type { Db, Tx } from "../../db";
import { payloadOf, toStaffServerEventDto } from "../../goals/goal-dto";
import { roundVotes } from "./reach";

export const NO_SUCH_VOTE_GOAL = "No such vote goal.";
export const windowOf = (w: VoteGoal["window"]) => (w === "DAY" ? "day" : "rolling") as TVoteGoal["window"];

/** A vote goal with the votes of its round in progress, as players see it. */
export async function toVoteGoalDto(q: Tx | Db, g: VoteGoal, now = new Date(), timeZone: string = progressConfig.timeZone): Promise<TVoteGoal> {
  const { span, votes } = await roundVotes(q, g, now, timeZone);
  // A day reached shows that day's round as done, with its count, until the day ends.
  const reached = span.reached;
  return {
    id: g.id,
    title: g.title,
    description: g.description,
    target_votes: g.targetVotes,
    window: windowOf(g.window),
    window_hours: g.window === "ROLLING" ? g.windowHours : null,
    time_zone: timeZone,
    votes,
    percent: reached ? 100 : votePercent(votes, g.targetVotes),
    reached,
    round: reached ? g.roundsReached : g.roundsReached + 1,
    rounds_reached: g.roundsReached,
    period_start: span.periodStart.toISOString(),
    period_end: span.periodEnd.toISOString(),
    ends_at: g.endsAt?.toISOString() ?? null,
  };
}

export async function toStaffVoteGoalDto(q: Tx | Db, g: VoteGoal & { events: ServerEvent[] }, now = new Date()): Promise<TStaffVoteGoal> {
  const state = g.endsAt && g.endsAt <= now ? "ended" : !g.active ? "inactive" : now < g.startsAt ? "scheduled" : "open";
  return {
    ...(await toVoteGoalDto(q, g, now)),
    reward_type: g.rewardType,
    reward_payload: payloadOf(g.rewardPayload),
    active: g.active,
    starts_at: g.startsAt.toISOString(),
    state,
    events: g.events.map((e) => toStaffServerEventDto(e, now)),
  };
}

export const staffVoteGoalInclude = { events: { orderBy: { id: "desc" as const } } };
