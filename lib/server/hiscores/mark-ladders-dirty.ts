import "server-only";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import type { Tx } from "../db";
import { enqueue } from "../jobs/enqueue";

// A write that can move ranks (the game's push, a ban, a privilege change) bumps its ladders'
// version and queues their refresh in the same transaction. The refresh waits REFRESH_DELAY_MS
// and a later write does not postpone it (preserve_run_at): under a steady stream of pushes a
// ladder is refreshed about every REFRESH_DELAY_MS plus the refresh itself (docs/hiscores.md).

export const REFRESH_DELAY_MS = 15_000;

export type Ladder = { gameMode: GameMode; xpMode: XpMode };

export const refreshJobKey = (l: Ladder) => `refresh-hiscores:${l.gameMode}:${l.xpMode}`;

/** The user's current ladders plus `extra` (the one a push is moving them to). */
export async function markLaddersDirty(tx: Tx, userId: number, extra?: Ladder): Promise<void> {
  const ladders = await tx.$queryRaw<Ladder[]>`
    WITH l AS (
      SELECT DISTINCT "gameMode", "xpMode" FROM hiscore_stats WHERE "userId" = ${userId}
      UNION
      SELECT ${extra?.gameMode ?? null}::"GameMode", ${extra?.xpMode ?? null}::"XpMode" WHERE ${extra !== undefined}
    )
    INSERT INTO hiscore_ladders ("gameMode", "xpMode", version)
    SELECT "gameMode", "xpMode", 1 FROM l ORDER BY 1, 2
    ON CONFLICT ("gameMode", "xpMode") DO UPDATE SET version = hiscore_ladders.version + 1
    RETURNING "gameMode", "xpMode"`;
  for (const l of ladders) {
    await enqueue("refresh-hiscores", { gameMode: l.gameMode, xpMode: l.xpMode }, { tx, runAt: new Date(Date.now() + REFRESH_DELAY_MS), jobKey: refreshJobKey(l), jobKeyMode: "preserve_run_at" });
  }
}
