import "server-only";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import { achievementByKey, progressConfig } from "@/lib/progress/config";
import { deriveProgress, type MetricChange, tiersMet } from "@/lib/progress/derive";
import { SKILLS } from "@/lib/skills";
import { recordAudit } from "../audit/record-audit";
import type { Tx } from "../db";
import { notifyAchievement } from "../notifications/events";
import { insertResets, type PriorState, selectPriorState, writeProgress } from "./sql/record";

// What a push from the game changed, kept at push time in the push's own transaction
// (docs/progress.md): the hour's history row of each changed metric, achievements dated by this
// push, adventure-log entries and server firsts. A value the push lowers (a rollback in the game)
// is a reset: recorded and audited, never a negative gain.

export { selectPriorState, type PriorState };

const SKILL_IDS = SKILLS.map((_, i) => i + 1);

export type PushedValues = {
  userId: number;
  /** The player's name, for the links of their notifications. */
  username: string;
  gameMode: GameMode;
  xpMode: XpMode;
  hidden: boolean;
  /** Every metric the push set: Overall, the 23 skills, and each activity it named (0 = unranked). */
  values: Map<number, number>;
  /** The game's time for the values, or null for now. */
  at: Date | null;
};

/** Answers the metrics the push changed (before → after), for what else follows a player's progress. */
export async function recordProgress(tx: Tx, prior: PriorState, pushed: PushedValues): Promise<MetricChange[]> {
  const changes: MetricChange[] = [];
  for (const [metric, after] of pushed.values) {
    const before = prior.values.get(metric) ?? 0;
    if (before !== after) changes.push({ metric, before, after });
  }
  const skillXp = (values: ReadonlyMap<number, number>) => SKILL_IDS.map((id) => values.get(id) ?? 0);
  const afterValues = new Map([...prior.values, ...pushed.values]);
  const { crossed, log } = deriveProgress(changes, skillXp(prior.values), skillXp(afterValues), progressConfig);
  // The player's first push since history was kept: what they had already met is "met before
  // history" (no date). A brand-new player has nothing before, so nothing goes undated.
  const undated = prior.started ? [] : tiersMet(prior.values, skillXp(prior.values));
  if (changes.length === 0 && undated.length === 0 && prior.started) return changes;

  const tiers = [...undated.map((t) => ({ t, dated: false })), ...crossed.map((t) => ({ t, dated: true }))];
  const written = await writeProgress(tx, {
    userId: pushed.userId,
    gameMode: pushed.gameMode,
    xpMode: pushed.xpMode,
    hidden: pushed.hidden,
    changes: { metric: changes.map((c) => c.metric), before: changes.map((c) => c.before), after: changes.map((c) => c.after) },
    achievements: {
      key: tiers.map((x) => x.t.key),
      metric: tiers.map((x) => x.t.metric),
      threshold: tiers.map((x) => x.t.threshold),
      dated: tiers.map((x) => x.dated),
    },
    log: {
      kind: log.map((l) => l.kind),
      key: log.map((l) => l.key),
      metric: log.map((l) => l.metric),
      value: log.map((l) => l.value),
      count: log.map((l) => l.count),
      feed: log.map((l) => l.feed),
      first: log.map((l) => l.first ?? null),
      data: log.map(() => null),
    },
    collapseMinutes: progressConfig.collapseMinutes,
    startsHistory: true,
    at: pushed.at,
  });

  // Each achievement this push dated (new to the player: not one met before history, nor one held
  // again after a rollback) is told to the player, once per tier. Hidden players (staff, banned)
  // are told nothing: their progress pages, where the notification leads, are not shown.
  if (!pushed.hidden) {
    for (const key of written.dated) {
      await notifyAchievement(tx, { userId: pushed.userId, username: pushed.username, key, name: achievementByKey(key)?.name ?? key });
    }
  }

  const resets = changes.filter((c) => c.after < c.before);
  if (resets.length > 0) {
    await insertResets(tx, pushed.userId, resets, pushed.at);
    await recordAudit(
      {
        action: "hiscores.reset",
        actorLabel: "game-server",
        targetType: "user",
        targetId: pushed.userId,
        data: { resets: resets.map((r) => ({ metric: r.metric, from: r.before, to: r.after })) },
      },
      tx,
    );
  }
  return changes;
}
