import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { HOURS_NEEDED, RANGE_MESSAGE, type TStaffVoteGoal, type TVoteGoalInput, type TVoteGoalPatch } from "@/lib/schemas/vote-goals";
import { recordAudit } from "../../audit/record-audit";
import { announce, topic } from "../../changes/announce";
import { db, type Tx } from "../../db";
import { AppError } from "../../errors";
import { lockRowById } from "../../sql/locks";
import { NO_SUCH_VOTE_GOAL, staffVoteGoalInclude, toStaffVoteGoalDto } from "./dto";
import { reachVoteGoal } from "./reach";

// Staff vote goal management (/staff/votes/goals, administrators): create and edit (pausing is
// `active: false`). Each change locks the goal row (counted votes take the same lock), redoes its
// round (a goal made over a day that already has its votes, or a target lowered under the count,
// makes its server event now), writes one audit entry with before and after, and announces
// `votes:goal`, all in one transaction.

export type StaffContext = { actorId: number; ip: string | null };
const toWindow = (w: "day" | "rolling") => (w === "day" ? "DAY" : "ROLLING");

export async function listStaffVoteGoals(): Promise<{ results: TStaffVoteGoal[] }> {
  const goals = await db.voteGoal.findMany({ orderBy: { id: "desc" }, include: staffVoteGoalInclude, take: 100 });
  return { results: await Promise.all(goals.map((g) => toStaffVoteGoalDto(db, g))) };
}

export async function createVoteGoal(input: TVoteGoalInput, ctx: StaffContext): Promise<TStaffVoteGoal> {
  return db.$transaction(async (tx) => {
    const g = await tx.voteGoal.create({
      data: {
        title: input.title,
        description: input.description,
        targetVotes: input.target_votes,
        window: toWindow(input.window),
        windowHours: input.window === "rolling" ? input.window_hours : null,
        rewardType: input.reward_type,
        rewardPayload: input.reward_payload as Prisma.InputJsonObject,
        active: input.active,
        startsAt: input.starts_at,
        endsAt: input.ends_at,
        createdById: ctx.actorId,
      },
    });
    await lockRowById(tx, "voteGoal", g.id);
    return finish(tx, g.id, ctx, "vote_goal.created", null);
  });
}

export async function updateVoteGoal(id: number, patch: TVoteGoalPatch, ctx: StaffContext): Promise<TStaffVoteGoal> {
  return db.$transaction(async (tx) => {
    if (!(await lockRowById(tx, "voteGoal", id))) throw new AppError("NOT_FOUND", { userMessage: NO_SUCH_VOTE_GOAL });
    const goal = await tx.voteGoal.findUniqueOrThrow({ where: { id }, include: staffVoteGoalInclude });
    const before = await toStaffVoteGoalDto(tx, goal);
    const window = patch.window ?? before.window;
    // Switching to day drops the hours; staying rolling keeps them unless new ones are sent.
    const windowHours = window === "day" ? null : patch.window_hours !== undefined ? patch.window_hours : goal.windowHours;
    if (window === "rolling" && windowHours == null) throw new AppError("VALIDATION", { fields: { window_hours: [HOURS_NEEDED] } });
    if (window === "day" && patch.window_hours != null) throw new AppError("VALIDATION", { fields: { window_hours: [HOURS_NEEDED] } });
    const startsAt = patch.starts_at ?? goal.startsAt;
    const endsAt = patch.ends_at !== undefined ? patch.ends_at : goal.endsAt;
    if (endsAt && endsAt <= startsAt) throw new AppError("VALIDATION", { fields: { [patch.ends_at ? "ends_at" : "starts_at"]: [RANGE_MESSAGE] } });
    await tx.voteGoal.update({
      where: { id },
      data: {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.target_votes !== undefined ? { targetVotes: patch.target_votes } : {}),
        ...(patch.reward_type !== undefined ? { rewardType: patch.reward_type } : {}),
        ...(patch.reward_payload !== undefined ? { rewardPayload: patch.reward_payload as Prisma.InputJsonObject } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
        window: toWindow(window),
        windowHours,
        startsAt,
        endsAt,
      },
    });
    return finish(tx, id, ctx, "vote_goal.updated", before);
  });
}

async function finish(tx: Tx, id: number, ctx: StaffContext, action: "vote_goal.created" | "vote_goal.updated", before: TStaffVoteGoal | null) {
  await reachVoteGoal(tx, await tx.voteGoal.findUniqueOrThrow({ where: { id } }));
  const after = await toStaffVoteGoalDto(tx, await tx.voteGoal.findUniqueOrThrow({ where: { id }, include: staffVoteGoalInclude }));
  const strip = (g: TStaffVoteGoal) => {
    const { events: _events, votes: _votes, percent: _percent, period_start: _ps, period_end: _pe, ...rest } = g;
    return rest;
  };
  await recordAudit(
    {
      action,
      actorId: ctx.actorId,
      ip: ctx.ip,
      targetType: "vote_goal",
      targetId: id,
      data: { reason: null, before: before ? strip(before) : null, after: strip(after) },
    },
    tx,
  );
  await announce(tx, [topic.voteGoal]);
  return after;
}
