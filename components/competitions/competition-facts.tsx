import { ProgressTime } from "@/components/progress/progress-time";
import type { TCompetition } from "@/lib/schemas/competitions";

// Small pieces of a competition shared by the list and its page: the status badge, the metrics
// with their weights, and the window.

const STATUS_LABEL: Record<TCompetition["status"], string> = {
  upcoming: "Upcoming",
  ongoing: "Ongoing",
  finished: "Finished",
  cancelled: "Cancelled",
};
const STATUS_CLASS: Record<TCompetition["status"], string> = {
  upcoming: "border-sky-400 text-sky-200",
  ongoing: "border-moss text-emerald-200",
  finished: "border-stone-500 text-stone-200",
  cancelled: "border-blood text-red-200",
};

export function StatusBadge({ status }: { status: TCompetition["status"] }) {
  return (
    <span
      className={`inline-block rounded border px-2 py-0.5 text-xs font-semibold tracking-wide uppercase ${STATUS_CLASS[status]}`}
      data-testid="competition-status"
    >
      {STATUS_LABEL[status]}
    </span>
  );
}

/** "Attack, Strength ×2" — or, for a scheduled competition whose metric staff have not chosen, says so. */
export function metricsText(c: Pick<TCompetition, "metrics">): string {
  if (c.metrics.length === 0) return "Metric to be chosen by staff";
  return c.metrics.map((m) => (m.weight === 1 ? m.name : `${m.name} ×${m.weight.toLocaleString("en-US")}`)).join(", ");
}

export function kindText(c: Pick<TCompetition, "type" | "signup" | "metric_kind">): string {
  const type = c.type === "team" ? "Team competition" : "Classic";
  const signup = c.signup === "everyone" ? "everyone counted" : "sign-up";
  return `${type} · ${signup} · ${c.metric_kind === "skills" ? "experience" : "score"}`;
}

export function CompetitionWindow({ c }: { c: Pick<TCompetition, "starts_at" | "ends_at"> }) {
  return (
    <span>
      <ProgressTime value={c.starts_at} />
      <span aria-hidden="true"> – </span>
      <span className="sr-only"> to </span>
      <ProgressTime value={c.ends_at} />
    </span>
  );
}
