import "server-only";
import type { MetricChange } from "@/lib/progress/derive";
import { topic } from "../changes/announce";
import type { Tx } from "../db";
import { liveCompetitions } from "./running-cache";
import { applyPushToCompetitions } from "./sql/push";

// A push's changes counted in the competitions running now (docs/competitions.md, "Scoring"), in
// the push's transaction. No query when no competition that may be running counts a metric the
// push moved; otherwise one statement. Answers the page topics whose standings moved, for the
// push's own announcement.

/** Competitions whose start or end lies this close to now are asked about: the database's clock decides. */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * `firstPush`: the player had no hiscores before this push (never pushed), so the values before
 * it are not known: their values now are their start (see docs/competitions.md, "Baselines").
 */
export async function followPush(tx: Tx, userId: number, changes: readonly MetricChange[], opts: { firstPush: boolean; at?: Date | null }): Promise<string[]> {
  if (changes.length === 0) return [];
  const live = await liveCompetitions(tx);
  if (live.length === 0) return [];
  // A push the game kept back counts at its own time.
  const now = opts.at?.getTime() ?? Date.now();
  const moved = new Set(changes.map((c) => c.metric));
  const candidates = live
    .filter((c) => c.startsAt.getTime() <= now + CLOCK_SLACK_MS && c.endsAt.getTime() > now - CLOCK_SLACK_MS && c.metrics.some((m) => moved.has(m)))
    .map((c) => c.id);
  if (candidates.length === 0) return [];
  const changed = await applyPushToCompetitions(
    tx,
    userId,
    candidates,
    {
      metric: changes.map((c) => c.metric),
      before: changes.map((c) => (opts.firstPush ? c.after : c.before)),
      after: changes.map((c) => c.after),
    },
    opts.at ?? null,
  );
  return changed.map((id) => topic.competition(id));
}
