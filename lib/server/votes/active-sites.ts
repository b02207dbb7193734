import "server-only";
import type { DbClient } from "../accounts/db-client";
import { ensureVoteSiteRows, syncVoteSiteRows, VOTE_SITES } from "./vote-sites";

// The listing sites votes are counted on now, in display order. Read from today's configuration
// rows (lib/site-config.ts voteSites mirrored into vote_sites).

export type ActiveVoteSite = { id: number; key: string; name: string; cooldownHours: number; rewardPoints: number };

export async function listActiveVoteSites(client?: DbClient): Promise<ActiveVoteSite[]> {
  const ids = client ? await syncVoteSiteRows(client) : await ensureVoteSiteRows();
  return VOTE_SITES.map((s) => ({ id: ids[s.key], key: s.key, name: s.name, cooldownHours: s.cooldownHours, rewardPoints: s.rewardPoints }));
}
