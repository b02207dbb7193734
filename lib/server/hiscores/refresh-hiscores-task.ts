import "server-only";
import { enqueue } from "../jobs/enqueue";
import { REFRESH_DELAY_MS } from "./mark-ladders-dirty";
import { refreshChangedLadders } from "./refresh-ladders";
import type { JobPayloads } from "../jobs/task-types";

/** The refresh loop's one job key: at most one pending run. */
export const REFRESH_LOOP_KEY = "refresh-hiscores";

/** Queues the loop's next run REFRESH_DELAY_MS from now, unless one is already pending (its time kept). */
export async function scheduleHiscoresRefresh(delayMs = REFRESH_DELAY_MS): Promise<void> {
  await enqueue("refresh-hiscores", {}, { runAt: new Date(Date.now() + delayMs), jobKey: REFRESH_LOOP_KEY, jobKeyMode: "preserve_run_at" });
}

/**
 * The refresh loop: rebuilds the anchors of every ladder with changes (pushes, bans, privilege
 * changes), then runs again REFRESH_DELAY_MS later. The next run is queued first, so a failed
 * refresh (retried by the queue) does not end the loop; the worker starts the loop, and the
 * crontab restarts it should it ever stop. A push therefore never touches the job queue: under
 * a steady stream of pushes a ladder is refreshed about every REFRESH_DELAY_MS plus the refresh.
 * The payload's ladder (jobs queued by earlier versions) is ignored: every changed ladder is done.
 */
export async function refreshHiscoresTask(_payload: JobPayloads["refresh-hiscores"]): Promise<void> {
  await scheduleHiscoresRefresh();
  await refreshChangedLadders();
}
