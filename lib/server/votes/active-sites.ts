import "server-only";
import type { DbClient } from "../accounts/db-client";
import { db } from "../db";
import { ensureVoteSiteRows } from "./vote-sites";

// The vote sites players see and vote on: the active vote_sites rows, in display order
// (docs/game-integration.md, "Vote callbacks"). The vote page, the countdown, streaks, goals and
// fraud checks read the sites here, never from the configuration.

export type ActiveVoteSite = { id: number; key: string; name: string; cooldownHours: number; rewardPoints: number };

export async function listActiveVoteSites(client: DbClient = db): Promise<ActiveVoteSite[]> {
  await ensureVoteSiteRows();
  return client.voteSite.findMany({
    where: { active: true },
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    select: { id: true, key: true, name: true, cooldownHours: true, rewardPoints: true },
  });
}
