import "server-only";
import type { VoteGoal } from "@/lib/generated/prisma/client";
import { progressConfig } from "@/lib/progress/config";
import { roundSpan, voteGoalOpen } from "@/lib/votes/goal-window";
import type { Db, Tx } from "../../db";
import { log } from "../../log";

// A vote goal's round, redone under its row lock (the caller holds it: the counting vote's
// transaction, or a staff edit). Two callbacks of different players counted at once each lock
// their own voter row, then queue on the goal's: the second reads the count after the first
// committed (READ COMMITTED: a statement sees what committed before it started), so the round is
// reached once, by whichever vote crosses the target, and its server event made once
// (server_events is also unique on vote goal and round).
//
// The round's votes are those of roundSpan (lib/votes/goal-window.ts): for a day goal the day's
// (server time zone), for a rolling goal those of the last N hours after `reachedThrough`. On
// reaching, `reachedThrough` becomes the newest vote counted, so no vote goes into two rounds. A
// vote stamped before it whose transaction commits only after the round was reached (the
// milliseconds between stamping and taking this lock) falls before the next round's span: it is
// counted in neither. Rounds only go up.

/** The counted votes in the goal's round in progress at `now`, and the newest of them. */
export async function roundVotes(q: Tx | Db, g: VoteGoal, now: Date, timeZone: string = progressConfig.timeZone) {
  const span = roundSpan(g, now, timeZone);
  if (span.through !== null && span.through <= span.after) return { span, votes: 0, newest: null };
  const agg = await q.vote.aggregate({
    where: { createdAt: { gt: span.after, ...(span.through ? { lte: span.through } : {}) } },
    _count: { _all: true },
    _max: { createdAt: true },
  });
  return { span, votes: agg._count._all, newest: agg._max.createdAt };
}

/** Makes the server event of the round `goal` has newly reached at `now`; how many (0 or 1). */
export async function reachVoteGoal(tx: Tx, goal: VoteGoal, now = new Date(), timeZone: string = progressConfig.timeZone): Promise<number> {
  if (!voteGoalOpen(goal, now)) return 0;
  const { span, votes, newest } = await roundVotes(tx, goal, now, timeZone);
  if (span.reached || votes < goal.targetVotes || !newest) return 0;
  const round = goal.roundsReached + 1;
  const made = await tx.serverEvent.createMany({
    data: [{ type: goal.rewardType, payload: goal.rewardPayload ?? {}, voteGoalId: goal.id, voteGoalRound: round }],
    skipDuplicates: true,
  });
  await tx.voteGoal.update({ where: { id: goal.id }, data: { roundsReached: round, reachedThrough: newest } });
  log.info("votes.goal_reached", { voteGoalId: goal.id, round, votes, events: made.count });
  return made.count;
}
