import "server-only";
import type { CommunityGoal } from "@/lib/generated/prisma/client";
import { goalEnd, roundsFor } from "@/lib/goals/progress";
import type { Tx } from "../db";
import { log } from "../log";
import { raisedCents } from "./sql/goals";

// A goal's reached rounds, redone under its row lock (the caller holds it: the settling
// transaction, or a staff edit). Two app instances settling the last two payments at once queue on
// the lock; the second reads the sum after the first committed (READ COMMITTED: a statement sees
// what committed before it started), so the round is reached once, by whichever comes second if
// neither alone crossed the target, and its server event made once (server_events is also unique
// on goal and round). Rounds only go up: a refund after a round was reached does not take back
// the reward the game may have run already; it comes off the next round's progress.
// New rounds are made only while the window is open: a dispute won back after the end changes
// the total shown, not the rewards.

/** Makes the server events of the rounds `goal` has newly reached; how many. */
export async function reachRounds(tx: Tx, goal: CommunityGoal, now = new Date()): Promise<number> {
  if (now >= goalEnd(goal) || now < goal.startsAt) return 0;
  const raised = await raisedCents(tx, goal.startsAt, goalEnd(goal));
  const rounds = roundsFor(raised, goal.targetCents, goal.repeatable);
  if (rounds <= goal.roundsReached) return 0;
  const made = await tx.serverEvent.createMany({
    data: Array.from({ length: rounds - goal.roundsReached }, (_, i) => ({
      type: goal.rewardType,
      payload: goal.rewardPayload ?? {},
      goalId: goal.id,
      goalRound: goal.roundsReached + i + 1,
    })),
    skipDuplicates: true,
  });
  await tx.communityGoal.update({ where: { id: goal.id }, data: { roundsReached: rounds } });
  log.info("goals.round_reached", { goalId: goal.id, rounds, raisedCents: raised, events: made.count });
  return made.count;
}
