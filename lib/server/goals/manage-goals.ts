import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { goalEnd } from "@/lib/goals/progress";
import { type TGoalInput, type TGoalPatch, type TStaffGoal, WINDOW_MESSAGE } from "@/lib/schemas/goals";
import { recordAudit } from "../audit/record-audit";
import { announce, topic } from "../changes/announce";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { lockRowById } from "../sql/locks";
import { NO_SUCH_GOAL, staffGoalInclude, toStaffGoalDto } from "./goal-dto";
import { reachRounds } from "./reach-rounds";

// Staff goal management (/staff/store/goals, administrators): create, edit, end. Each change
// locks the goal row (the settling transaction takes the same lock), redoes its rounds (a goal
// made over a window that has already raised its target, or a target lowered under what was
// raised, makes its server event now), writes one audit entry with before and after, and
// announces `store:goals`, all in one transaction.

export type StaffContext = { actorId: number; ip: string | null };

export async function listStaffGoals(): Promise<{ results: TStaffGoal[] }> {
  const goals = await db.communityGoal.findMany({ orderBy: { id: "desc" }, include: staffGoalInclude, take: 100 });
  return { results: await Promise.all(goals.map((g) => toStaffGoalDto(db, g))) };
}

export async function createGoal(input: TGoalInput, ctx: StaffContext): Promise<TStaffGoal> {
  return db.$transaction(async (tx) => {
    const g = await tx.communityGoal.create({
      data: {
        title: input.title,
        description: input.description,
        targetCents: input.target_cents,
        startsAt: input.starts_at,
        endsAt: input.ends_at,
        repeatable: input.repeatable,
        rewardType: input.reward_type,
        rewardPayload: input.reward_payload as Prisma.InputJsonObject,
        createdById: ctx.actorId,
      },
    });
    await lockRowById(tx, "communityGoal", g.id);
    return finish(tx, g.id, ctx, "goal.created", null);
  });
}

export async function updateGoal(id: number, patch: TGoalPatch, ctx: StaffContext): Promise<TStaffGoal> {
  return db.$transaction(async (tx) => {
    const row = await lockedGoal(tx, id);
    if (goalEnd(row.goal) <= new Date()) throw new AppError("CONFLICT", { userMessage: "The goal has ended: it can no longer be edited." });
    const startsAt = patch.starts_at ?? row.goal.startsAt;
    const endsAt = patch.ends_at ?? row.goal.endsAt;
    if (endsAt <= startsAt) throw new AppError("VALIDATION", { fields: { [patch.ends_at ? "ends_at" : "starts_at"]: [WINDOW_MESSAGE] } });
    await tx.communityGoal.update({
      where: { id },
      data: {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.target_cents !== undefined ? { targetCents: patch.target_cents } : {}),
        ...(patch.repeatable !== undefined ? { repeatable: patch.repeatable } : {}),
        ...(patch.reward_type !== undefined ? { rewardType: patch.reward_type } : {}),
        ...(patch.reward_payload !== undefined ? { rewardPayload: patch.reward_payload as Prisma.InputJsonObject } : {}),
        startsAt,
        endsAt,
      },
    });
    return finish(tx, id, ctx, "goal.updated", row.before);
  });
}

export async function endGoal(id: number, ctx: StaffContext): Promise<TStaffGoal> {
  return db.$transaction(async (tx) => {
    const row = await lockedGoal(tx, id);
    const now = new Date();
    if (goalEnd(row.goal) <= now) throw new AppError("CONFLICT", { userMessage: "The goal has already ended." });
    await tx.communityGoal.update({ where: { id }, data: { endedAt: now } });
    return finish(tx, id, ctx, "goal.ended", row.before);
  });
}

async function lockedGoal(tx: Tx, id: number) {
  if (!(await lockRowById(tx, "communityGoal", id))) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_GOAL });
  const goal = await tx.communityGoal.findUniqueOrThrow({ where: { id }, include: staffGoalInclude });
  return { goal, before: await toStaffGoalDto(tx, goal) };
}

async function finish(tx: Tx, id: number, ctx: StaffContext, action: "goal.created" | "goal.updated" | "goal.ended", before: TStaffGoal | null) {
  await reachRounds(tx, await tx.communityGoal.findUniqueOrThrow({ where: { id } }));
  const after = await toStaffGoalDto(tx, await tx.communityGoal.findUniqueOrThrow({ where: { id }, include: staffGoalInclude }));
  const { events: _beforeEvents, ...beforeGoal } = before ?? { events: [] };
  const { events: _afterEvents, ...afterGoal } = after;
  await recordAudit(
    {
      action,
      actorId: ctx.actorId,
      ip: ctx.ip,
      targetType: "community_goal",
      targetId: id,
      data: { reason: null, before: before ? beforeGoal : null, after: afterGoal },
    },
    tx,
  );
  await announce(tx, [topic.goals]);
  return after;
}
