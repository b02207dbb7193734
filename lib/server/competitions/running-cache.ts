import "server-only";
import { RUNNING_CACHE_MS } from "@/lib/competitions/rules";
import type { Tx } from "../db";
import { type LiveCompetitionRow, selectLiveCompetitions } from "./sql/push";

// Each app process keeps the competitions that may be running (not ended or cancelled, end not
// long past) with their metrics, read again once it is RUNNING_CACHE_MS old, so that a push that
// moves no metric of a running competition costs no query at all. It is only a first sieve: the
// push's statement checks the times, cancellation and sign-up again against the database.
//
// Why a list this old is never wrong: a competition starts at least START_LEAD_SECONDS (longer
// than RUNNING_CACHE_MS) after it is made or last edited (lib/competitions/rules.ts), so every
// process has read it, with its final metrics, before its start. A cancel or an end the list has
// not seen yet costs one query that finds nothing. This process's own writes drop it at once, and
// a read that was already under way when they did (its statement may predate their commit) is
// answered but not kept: `generation` counts the drops.

type State = { rows: LiveCompetitionRow[]; loadedAt: number } | null;
const g = globalThis as unknown as { competitionsRunningCache?: { state: State; generation: number } };
const cache = (g.competitionsRunningCache ??= { state: null, generation: 0 });

/** The competitions that may be running, as of at most RUNNING_CACHE_MS ago. Read through the caller's transaction when stale. */
export async function liveCompetitions(tx: Tx): Promise<LiveCompetitionRow[]> {
  const now = Date.now();
  const s = cache.state;
  if (s && now - s.loadedAt < RUNNING_CACHE_MS) return s.rows;
  const generation = cache.generation;
  const rows = await selectLiveCompetitions(tx);
  if (cache.generation === generation) cache.state = { rows, loadedAt: now };
  return rows;
}

/** A write of this process changed a competition's times, metrics or state: read them again at the next push. */
export function forgetLiveCompetitions(): void {
  cache.state = null;
  cache.generation++;
}
