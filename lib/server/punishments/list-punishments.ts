import "server-only";
import { proposeStep, PUNISHABLE_RULES } from "@/lib/punishments";
import type { TProposal, TPunishmentRow } from "@/lib/schemas/punishments";
import { db } from "../db";
import { pageWindow } from "../paging";
import { findPlayerIdOrThrow, type Listed, type RecordPage, type StaffViewer } from "../staff/player-dto";
import { PUNISHMENT_INCLUDE, toPunishmentRow } from "./punishment-dto";

/** A player's punishment history, newest first: every warning, mute and ban, with both messages and how each ended. */
export async function listPunishments(userId: number, { page, pageSize }: RecordPage, viewer: StaffViewer): Promise<Listed<TPunishmentRow>> {
  await findPlayerIdOrThrow(userId, viewer);
  const [rows, total] = await Promise.all([
    db.punishment.findMany({ where: { userId }, include: PUNISHMENT_INCLUDE, orderBy: [{ createdAt: "desc" }, { id: "desc" }], ...pageWindow(page, pageSize) }),
    db.punishment.count({ where: { userId } }),
  ]);
  const now = new Date();
  return { total, results: rows.map((r) => toPunishmentRow(r, now)) };
}

/**
 * For each rule with a ladder, the rung the player's next offence of it gets: their earlier
 * punishments under the rule (warnings not counted; lifted and ended ones are still offences)
 * pick it, so a third offence gets the third rung, and past the ladder's end its last.
 */
export async function proposePunishments(userId: number, viewer: StaffViewer): Promise<{ proposals: TProposal[] }> {
  await findPlayerIdOrThrow(userId, viewer);
  const counts = await db.punishment.groupBy({ by: ["rule"], where: { userId, rule: { not: null }, kind: { not: "WARNING" } }, _count: { _all: true } });
  const byRule = new Map(counts.map((c) => [c.rule, c._count._all]));
  return {
    proposals: PUNISHABLE_RULES.map((rule) => {
      const p = proposeStep(rule, byRule.get(rule.id) ?? 0);
      return {
        rule: rule.id,
        title: rule.title,
        step: p.step,
        steps: rule.ladders[0]!.steps.length,
        previousOffences: p.previousOffences,
        penalty: p.label,
        kind: p.kind,
        duration: p.duration,
      };
    }),
  };
}
