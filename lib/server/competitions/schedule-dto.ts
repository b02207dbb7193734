import "server-only";
import { z } from "zod";
import { SCHEDULE_LEAD_HOURS } from "@/lib/competitions/rules";
import { nextStart, rotationMetric } from "@/lib/competitions/schedule";
import type { CompetitionSchedule, Prisma } from "@/lib/generated/prisma/client";
import { progressConfig } from "@/lib/progress/config";
import { metricSlug } from "@/lib/progress/metrics";
import type { TSchedule } from "@/lib/schemas/competitions";

// What the staff's schedule answers say of a schedule, and its prizes as stored (JSON: place 1
// first), read back through their shape.

const ZStoredPrizes = z.array(z.object({ itemId: z.number().int(), quantity: z.number().int() }));
export type StoredPrizes = z.infer<typeof ZStoredPrizes>;

export function prizesOf(json: Prisma.JsonValue): StoredPrizes {
  const parsed = ZStoredPrizes.safeParse(json);
  return parsed.success ? parsed.data : [];
}

export const toStoredPrizes = (prizes: { item_id: number; quantity: number }[]): StoredPrizes =>
  prizes.map((p) => ({ itemId: p.item_id, quantity: p.quantity }));

/** The next start a schedule makes a competition for: the first at least SCHEDULE_LEAD_HOURS from `now`. */
export function upcomingStart(s: Pick<CompetitionSchedule, "weekday" | "hour">, now = new Date()): Date {
  return nextStart(s.weekday, s.hour, new Date(now.getTime() + SCHEDULE_LEAD_HOURS * 3_600_000), progressConfig.timeZone);
}

export function toScheduleDto(s: CompetitionSchedule, now = new Date()): TSchedule {
  const next = upcomingStart(s, now);
  const metric = rotationMetric(s.rotation, s.rotationFrom, next);
  return {
    id: s.id,
    kind: s.kind === "SKILL" ? "skill" : "boss",
    weekday: s.weekday,
    hour: s.hour,
    duration_hours: s.durationHours,
    signup: s.signup === "OPEN" ? "open" : "everyone",
    staff_choose: s.staffChoose,
    rotation: s.rotation.map(metricSlug),
    prizes: prizesOf(s.prizes).map((p, i) => ({ place: i + 1, item_id: p.itemId, quantity: p.quantity })),
    time_zone: progressConfig.timeZone,
    next_starts_at: next.toISOString(),
    next_metric: metric === null ? null : metricSlug(metric),
    created_at: s.createdAt.toISOString(),
  };
}

export const NO_SUCH_SCHEDULE = "No such schedule.";
