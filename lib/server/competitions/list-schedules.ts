import "server-only";
import type { TSchedule } from "@/lib/schemas/competitions";
import { db } from "../db";
import { toScheduleDto } from "./schedule-dto";

/** GET /api/v1/staff/competitions/schedules: every schedule, oldest first. */
export async function listSchedules(): Promise<TSchedule[]> {
  const now = new Date();
  return (await db.competitionSchedule.findMany({ orderBy: { id: "asc" } })).map((s) => toScheduleDto(s, now));
}
