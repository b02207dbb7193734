import "server-only";
import { statusAt } from "@/lib/competitions/rules";
import type { Prisma } from "@/lib/generated/prisma/client";
import { metricName, metricSlug } from "@/lib/progress/metrics";
import type { TCompetition } from "@/lib/schemas/competitions";

// What a competition's answers say of it (lib/schemas/competitions.ts ZCompetition); nothing
// else of the row (its creator, its version) leaves the server.

/** The relations toCompetitionDto reads; pass it as `include` when loading rows. */
export const competitionInclude = {
  metrics: { orderBy: { metric: "asc" } },
  teams: { orderBy: { id: "asc" }, select: { id: true, name: true, finalRank: true } },
  prizes: { orderBy: { place: "asc" } },
} satisfies Prisma.CompetitionInclude;

export type CompetitionRow = Prisma.CompetitionGetPayload<{ include: typeof competitionInclude }>;

const lower = <T extends string>(s: T) => s.toLowerCase() as Lowercase<T>;

export function toCompetitionDto(c: CompetitionRow, now = new Date()): TCompetition {
  return {
    id: c.id,
    title: c.title,
    status: statusAt(c, now),
    type: lower(c.type),
    signup: lower(c.signup),
    metric_kind: lower(c.metricKind),
    metrics: c.metrics.map((m) => ({ metric: metricSlug(m.metric), name: metricName(m.metric), weight: m.weight })),
    teams: c.teams.map((t) => ({ id: t.id, name: t.name })),
    prizes: c.prizes.map((p) => ({ place: p.place, item_id: p.itemId, quantity: p.quantity })),
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    ended_at: c.endedAt?.toISOString() ?? null,
    cancelled_at: c.cancelledAt?.toISOString() ?? null,
    schedule_id: c.scheduleId,
  };
}

export const NO_SUCH_COMPETITION = "No such competition.";
