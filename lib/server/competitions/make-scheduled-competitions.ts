import "server-only";
import { END_GRACE_SECONDS, TITLE_MAX } from "@/lib/competitions/rules";
import { rotationMetric } from "@/lib/competitions/schedule";
import type { CompetitionSchedule } from "@/lib/generated/prisma/client";
import { metricName } from "@/lib/progress/metrics";
import { recordAudit } from "../audit/record-audit";
import { announce, topic } from "../changes/announce";
import { db, type Tx } from "../db";
import { enqueue } from "../jobs/enqueue";
import { log } from "../log";
import { competitionInclude, toCompetitionDto } from "./competition-dto";
import { endJobKey, queueCompetitionJobs } from "./queue-competition-jobs";
import { forgetLiveCompetitions } from "./running-cache";
import { prizesOf, upcomingStart } from "./schedule-dto";
import { selectOverdue } from "./sql/end";

// The hourly "competition-schedules" job (docs/competitions.md, "Schedules"): each schedule's
// next competition, the first start at least an hour away, i.e. next week's once this week's is
// about to start. Made exactly once per schedule and start, however many runs meet: the row is
// inserted with ON CONFLICT DO NOTHING on the unique (scheduleId, startsAt), and only the run whose
// insert went through writes its metric, prizes, audit entry, end job and announcements, in the
// same transaction. The job also queues the end of any competition whose end job was lost.

const clip = (s: string) => (s.length > TITLE_MAX ? `${s.slice(0, TITLE_MAX - 1)}…` : s);

export function scheduledTitle(kind: CompetitionSchedule["kind"], metric: number | null): string {
  const head = kind === "SKILL" ? "Skill of the Week" : "Boss of the Week";
  return clip(metric === null ? head : `${head}: ${metricName(metric)}`);
}

/**
 * Makes the schedule's competition for `startsAt` unless it exists; answers its id when this call
 * made it. Audited by `system`, unless `audited: false` (the staff action that called it records
 * the competition in its own entry).
 */
export async function makeScheduledCompetition(tx: Tx, s: CompetitionSchedule, startsAt: Date, opts: { audited?: boolean } = {}): Promise<number | null> {
  const metric = rotationMetric(s.rotation, s.rotationFrom, startsAt);
  const [made] = await tx.competition.createManyAndReturn({
    data: [
      {
        title: scheduledTitle(s.kind, metric),
        startsAt,
        endsAt: new Date(startsAt.getTime() + s.durationHours * 3_600_000),
        metricKind: s.kind === "SKILL" ? "SKILLS" : "ACTIVITIES",
        type: "CLASSIC",
        signup: s.signup,
        scheduleId: s.id,
      },
    ],
    skipDuplicates: true,
    select: { id: true },
  });
  if (!made) return null;
  if (metric !== null) await tx.competitionMetric.create({ data: { competitionId: made.id, metric, weight: 1 } });
  const prizes = prizesOf(s.prizes);
  if (prizes.length) await tx.competitionPrize.createMany({ data: prizes.map((p, i) => ({ competitionId: made.id, place: i + 1, ...p })) });
  const row = await tx.competition.findUniqueOrThrow({ where: { id: made.id }, include: competitionInclude });
  if (opts.audited !== false)
    await recordAudit(
      {
        action: "competition.created",
        actorLabel: "system",
        targetType: "competition",
        targetId: row.id,
        data: { reason: `schedule #${s.id}`, before: null, after: toCompetitionDto(row) },
      },
      tx,
    );
  await queueCompetitionJobs(tx, { ...row, hasMetrics: row.metrics.length > 0 }, { created: true });
  await announce(tx, [topic.competitions]);
  return row.id;
}

export type ScheduleRun = { made: number[]; overdue: number[] };

export async function makeScheduledCompetitions(now = new Date()): Promise<ScheduleRun> {
  const schedules = await db.competitionSchedule.findMany({ orderBy: { id: "asc" } });
  const made: number[] = [];
  for (const s of schedules) {
    const id = await db.$transaction((tx) => makeScheduledCompetition(tx, s, upcomingStart(s, now)));
    if (id !== null) made.push(id);
  }
  if (made.length) {
    forgetLiveCompetitions();
    log.info("competitions.scheduled", { made });
  }
  // An end job lost (a queue emptied by hand, a failed job deleted): queue it again.
  const overdue = await selectOverdue(db, END_GRACE_SECONDS);
  for (const competitionId of overdue) await enqueue("competition-end", { competitionId }, { jobKey: endJobKey(competitionId) });
  return { made, overdue };
}
