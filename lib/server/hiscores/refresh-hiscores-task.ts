import "server-only";
import type { GameMode, XpMode } from "@/lib/generated/prisma/enums";
import { refreshLadder, refreshStaleLadders } from "./refresh-ladders";
import type { JobPayloads } from "../jobs/task-types";

/** One ladder after pushes (queued by markLaddersDirty), or every stale ladder (crontab). */
export async function refreshHiscoresTask(payload: JobPayloads["refresh-hiscores"]): Promise<void> {
  if (payload.gameMode && payload.xpMode) await refreshLadder({ gameMode: payload.gameMode as GameMode, xpMode: payload.xpMode as XpMode });
  else await refreshStaleLadders();
}
