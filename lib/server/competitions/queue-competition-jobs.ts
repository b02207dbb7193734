import "server-only";
import { ANNOUNCEMENT_KINDS, announcementDue, END_GRACE_SECONDS, type TAnnouncement } from "@/lib/competitions/rules";
import type { Tx } from "../db";
import { getEnv } from "../env";
import { enqueue } from "../jobs/enqueue";

// The jobs of one competition, queued in the transaction that makes or edits it: its end (runAt =
// the end plus a grace) and its announcements on Discord, each under a job key of its own, so an
// edit moves the pending ones instead of adding more. Announcements carry the competition's
// version: one queued before an edit finds another version when it runs and says nothing.

export type JobsOf = { id: number; startsAt: Date; endsAt: Date; version: number; hasMetrics: boolean };

/** True when competitions are announced (the webhook is configured). */
export const announcesCompetitions = (): boolean => Boolean(getEnv().DISCORD_COMPETITIONS_WEBHOOK_URL);

export const endJobKey = (id: number) => `competition-end:${id}`;
export const announceJobKey = (id: number, kind: TAnnouncement) => `competition-announce:${id}:${kind}`;

/** Queues (or moves) the end job and the timed announcements; `created` also queues the announcement of a new competition. */
export async function queueCompetitionJobs(tx: Tx, c: JobsOf, opts: { created: boolean }): Promise<void> {
  await enqueue("competition-end", { competitionId: c.id }, { tx, runAt: new Date(c.endsAt.getTime() + END_GRACE_SECONDS * 1000), jobKey: endJobKey(c.id) });
  // A scheduled competition whose metric staff have not chosen yet is announced once they have.
  if (!announcesCompetitions() || !c.hasMetrics) return;
  const now = Date.now();
  for (const kind of ANNOUNCEMENT_KINDS) {
    const at = kind === "created" ? (opts.created ? new Date(now) : null) : announcementDue(kind, c);
    if (!at || at.getTime() < now - 1000) continue;
    await enqueue(
      "competition-announce",
      { competitionId: c.id, announcement: kind, version: c.version },
      { tx, runAt: at, jobKey: announceJobKey(c.id, kind) },
    );
  }
}

/** Queues the "ended" announcement (the end job, in its transaction). */
export async function queueEndedAnnouncement(tx: Tx, c: { id: number; version: number }): Promise<void> {
  if (!announcesCompetitions()) return;
  await enqueue("competition-announce", { competitionId: c.id, announcement: "ended", version: c.version }, { tx, jobKey: announceJobKey(c.id, "ended") });
}
