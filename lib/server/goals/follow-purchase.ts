import "server-only";
import type { CreditPurchase } from "@/lib/generated/prisma/client";
import { GOAL_METHODS } from "@/lib/goals/progress";
import { announce, topic } from "../changes/announce";
import type { Tx } from "../db";
import { reachRounds } from "./reach-rounds";
import { lockGoalsCovering } from "./sql/goals";

// Called by the settling transaction (lib/server/payments/settle.ts) after an event changed a
// purchase: when it became PAID or stopped being PAID (refund, dispute opened or lost, dispute
// won back), every goal whose window holds its paidAt is locked and its rounds redone, and the
// change is announced in this transaction (the bars and widgets are cached by topic). A purchase
// of a method that does not count (MANUAL, INGAME) changes nothing here.

export async function followPurchaseForGoals(tx: Tx, before: CreditPurchase): Promise<void> {
  if (!(GOAL_METHODS as readonly string[]).includes(before.method)) return;
  const after = await tx.creditPurchase.findUniqueOrThrow({ where: { id: before.id }, select: { status: true, paidAt: true } });
  if ((before.status === "PAID") === (after.status === "PAID")) return;
  const paidAt = after.paidAt ?? before.paidAt;
  if (!paidAt) return;
  const goalIds = await lockGoalsCovering(tx, paidAt);
  for (const id of goalIds) await reachRounds(tx, await tx.communityGoal.findUniqueOrThrow({ where: { id } }));
  await announce(tx, goalIds.length ? [topic.goals, topic.supporters] : [topic.supporters]);
}
