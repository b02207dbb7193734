import "server-only";
import type { DbClient } from "../accounts/db-client";
import { db } from "../db";
import { ensureVoteSiteRows, syncVoteSiteRows, VOTE_SITES } from "./vote-sites";

/** A listing site votes are counted on, with its row id. */
export type ActiveVoteSite = { id: number; key: string; name: string; cooldownHours: number; rewardPoints: number };

/** The active vote sites, in display order: today the configured ones (lib/site-config.ts), with their vote_sites row ids. */
export async function listActiveVoteSites(client: DbClient = db): Promise<ActiveVoteSite[]> {
  // The app's client: the rows once per process; a transaction or a script's client: its own upsert.
  const ids = client === db ? await ensureVoteSiteRows() : await syncVoteSiteRows(client);
  return VOTE_SITES.map((s) => ({ id: ids[s.key], key: s.key, name: s.name, cooldownHours: s.cooldownHours, rewardPoints: s.rewardPoints }));
}
