import "server-only";
import { progressConfig } from "@/lib/progress/config";
import { announce, topic } from "../../changes/announce";
import type { Tx } from "../../db";
import { lockVoteGoalsCounting } from "../sql/vote-goals";
import { reachVoteGoal } from "./reach";

// Called by the vote callback's transaction (../record-vote-callback.ts) once a vote is counted:
// every vote goal counting at `now` (the vote's time) is locked, in id order, and its round
// redone; the progress shown changed, so `votes:goal` is announced in this transaction (the
// public progress is cached by topic). A callback that does not count never gets here.

export async function followVoteGoals(tx: Tx, now: Date, timeZone: string = progressConfig.timeZone): Promise<void> {
  const ids = await lockVoteGoalsCounting(tx, now);
  if (ids.length === 0) return;
  for (const id of ids) await reachVoteGoal(tx, await tx.voteGoal.findUniqueOrThrow({ where: { id } }), now, timeZone);
  await announce(tx, [topic.voteGoal]);
}
