import type { TTicketType } from "./schemas/tickets";

// First-response targets: how long a new ticket of each type may wait for its first staff reply
// (docs/support-desk.md). Money and account problems come first; bug reports and general
// questions can wait longer. Change the hours here; the queue and its API follow.

export const FIRST_RESPONSE_HOURS: Record<TTicketType, number> = {
  RSGP_STORE_PURCHASES: 4,
  // A banned player's appeal and a locked-out player's recovery (the /appeal page).
  ACCOUNT_RECOVERY: 8,
  BAN_APPEAL: 24,
  MUTE_APPEAL: 24,
  IN_GAME_SUPPORT: 8,
  REPORT_PLAYER: 12,
  WEBSITE_SUPPORT: 24,
  GENERAL_INQUIRY: 48,
  REPORT_BUG: 48,
};

const HOUR = 3600_000;

export type FirstResponse = {
  /** When the first staff reply is due. */
  due: Date;
  /** When it came, or null while none has. */
  answeredAt: Date | null;
  /** Milliseconds left before the due time (negative: late); null once answered. */
  leftMs: number | null;
  /** Missed: answered after the due time, or unanswered past it. */
  breached: boolean;
};

/** Where a ticket stands against its first-response target at `now`. A closed ticket never answered is not counted late from its close on. */
export function firstResponse(t: { type: TTicketType; createdAt: Date; firstResponseAt: Date | null }, now: Date): FirstResponse {
  const due = new Date(t.createdAt.getTime() + FIRST_RESPONSE_HOURS[t.type] * HOUR);
  if (t.firstResponseAt) return { due, answeredAt: t.firstResponseAt, leftMs: null, breached: t.firstResponseAt > due };
  const leftMs = due.getTime() - now.getTime();
  return { due, answeredAt: null, leftMs, breached: leftMs < 0 };
}

/** "3 h 20 min", "45 min", "2 d 4 h": a duration for the queue, rounded down to minutes. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  return `${m} min`;
}

/** The queue's words for a target: "2 h 5 min left", "Late by 40 min", "Answered in time", "Answered late". */
export function firstResponseText(f: Pick<FirstResponse, "answeredAt" | "leftMs" | "breached">): string {
  if (f.answeredAt) return f.breached ? "Answered late" : "Answered in time";
  return f.breached ? `Late by ${formatDuration(f.leftMs ?? 0)}` : `${formatDuration(f.leftMs ?? 0)} left`;
}
