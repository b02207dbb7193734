import { Panel } from "@/components/ui/panel";
import { activityById } from "@/lib/hiscores-layout";
import { compactNumber } from "@/lib/progress/config";
import { metricName } from "@/lib/progress/metrics";
import type { AchievementView } from "@/lib/server/progress/log";
import { ProgressTime, shortDate } from "./progress-time";

// The Achievements tab (docs/progress.md, "Achievements"): the tiers of lib/progress/config.ts by
// group, each reached tier with the date of the push that crossed it ("before history" when it
// was met before the site kept the player's history), and for each line the next tier with a
// progress bar.

const fmt = new Intl.NumberFormat("en-US");

type Line = { id: string; label: string; unit: "level" | "XP" | "kills" | "score"; tiers: AchievementView[] };
type Group = { id: string; title: string; lines: Line[] };

const GROUPS = [
  { id: "overall", title: "Base stats & Overall" },
  { id: "skills", title: "Skills" },
  { id: "bosses", title: "Bosses" },
  { id: "clues", title: "Clues" },
  { id: "other", title: "Other" },
] as const;

/** Where a tier goes: its group, and the line (one metric, or the base level) within it. */
function placeOf(a: AchievementView): { group: (typeof GROUPS)[number]["id"]; line: string; label: string; unit: Line["unit"] } {
  const [kind, metric] = a.key.split(":");
  if (kind === "base") return { group: "overall", line: "base", label: "Base level (lowest skill)", unit: "level" };
  const id = Number(metric);
  if (kind === "xp")
    return id === 0
      ? { group: "overall", line: "xp:0", label: "Overall experience", unit: "XP" }
      : { group: "skills", line: `xp:${id}`, label: metricName(id), unit: "XP" };
  const activity = activityById(id);
  const group = activity?.group === "bosses" ? "bosses" : activity?.group === "clues" ? "clues" : "other";
  return { group, line: `score:${id}`, label: metricName(id), unit: group === "bosses" ? "kills" : "score" };
}

/** The tiers in the groups and lines the tab shows, in the order of lib/progress/config.ts. */
export function groupAchievements(results: readonly AchievementView[]): Group[] {
  const groups = new Map<string, Map<string, Line>>();
  for (const a of results) {
    const p = placeOf(a);
    const lines = groups.get(p.group) ?? new Map<string, Line>();
    groups.set(p.group, lines);
    const line = lines.get(p.line) ?? { id: p.line, label: p.label, unit: p.unit, tiers: [] };
    lines.set(p.line, line);
    line.tiers.push(a);
  }
  return GROUPS.flatMap((g) => {
    const lines = groups.get(g.id);
    return lines
      ? [{ id: g.id, title: g.title, lines: [...lines.values()].map((l) => ({ ...l, tiers: [...l.tiers].sort((x, y) => x.threshold - y.threshold) })) }]
      : [];
  });
}

const valueText = (unit: Line["unit"], n: number) => (unit === "level" ? `level ${n}` : unit === "score" ? fmt.format(n) : `${fmt.format(n)} ${unit}`);

function NextTier({ line, next, labelId }: { line: Line; next: AchievementView; labelId: string }) {
  const pct = Math.min(100, Math.floor((next.value / next.threshold) * 100));
  const text = `${valueText(line.unit, next.value)} of ${valueText(line.unit, next.threshold)} (${pct}%)`;
  return (
    <div className="mt-2">
      <p id={labelId} className="text-sm text-stone-300">
        Next: <span className="text-stone-100">{next.name}</span>
      </p>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={next.threshold}
        aria-valuenow={Math.min(next.value, next.threshold)}
        aria-valuetext={text}
        className="mt-1 h-2.5 overflow-hidden rounded-full border border-stone-700 bg-stone-950"
      >
        <div className="h-full rounded-full bg-gold" style={{ width: `${pct}%` }} />
      </div>
      <p className="mt-1 text-xs text-stone-300 tabular-nums" aria-hidden="true">
        {line.unit === "level" ? next.value : compactNumber(next.value)} / {line.unit === "level" ? next.threshold : compactNumber(next.threshold)} ({pct}%)
      </p>
    </div>
  );
}

function LineCard({ line, beforeNote }: { line: Line; beforeNote: string }) {
  const met = line.tiers.filter((t) => t.met);
  const next = line.tiers.find((t) => !t.met);
  const value = line.tiers[0]?.value ?? 0;
  const labelId = `next-${line.id.replace(":", "-")}`;
  return (
    <li className="rounded border border-stone-800 bg-stone-950/40 p-3" data-line={line.id}>
      <h3 className="flex flex-wrap items-baseline justify-between gap-x-2 text-lg text-gold-bright">
        {line.label}
        <span className="font-[family-name:var(--font-body)] text-sm tracking-normal text-stone-300 tabular-nums">{valueText(line.unit, value)}</span>
      </h3>
      {met.length > 0 ? (
        <ul className="mt-1 space-y-0.5 text-sm" aria-label={`${line.label}: reached`}>
          {met.map((t) => (
            <li key={t.key} className="flex flex-wrap justify-between gap-x-2" data-achievement={t.key}>
              <span>
                <span aria-hidden="true" className="text-gold">
                  ★{" "}
                </span>
                {t.name}
              </span>
              {t.reached_at ? (
                <ProgressTime value={t.reached_at} dateOnly className="text-stone-300" />
              ) : (
                <span className="text-stone-300 underline decoration-dotted underline-offset-2" title={beforeNote}>
                  before history
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {next ? <NextTier line={line} next={next} labelId={labelId} /> : <p className="mt-2 text-sm text-gold">Every tier reached.</p>}
    </li>
  );
}

export function PlayerAchievementsView({ data }: { data: { username: string; history_from: string | null; results: AchievementView[] } }) {
  const groups = groupAchievements(data.results);
  const reached = data.results.filter((a) => a.met).length;
  const anyBefore = data.results.some((a) => a.before_history);
  const beforeNote = data.history_from
    ? `Already reached when this site began keeping ${data.username}'s history (${shortDate(data.history_from)}): the day is not known.`
    : `Already reached before this site began keeping ${data.username}'s history: the day is not known.`;
  return (
    <div className="space-y-6">
      <p className="text-stone-200">
        {fmt.format(reached)} of {fmt.format(data.results.length)} achievements reached. Each date is the moment the game reported it.
      </p>
      {anyBefore ? (
        <p className="text-sm text-stone-300" data-testid="before-history-note">
          <span className="underline decoration-dotted underline-offset-2">Before history</span>: {beforeNote}
        </p>
      ) : null}
      {groups.map((g) => {
        // A boss never fought is one line in a closed list, not a card each.
        const started = g.lines.filter((l) => l.tiers.some((t) => t.met) || (l.tiers[0]?.value ?? 0) > 0);
        const untouched = g.id === "bosses" ? g.lines.filter((l) => !started.includes(l)) : [];
        const shown = g.id === "bosses" ? started : g.lines;
        return (
          <Panel key={g.id} aria-labelledby={`achievements-${g.id}`}>
            <h2 id={`achievements-${g.id}`} className="mb-3 text-2xl text-gold">
              {g.title}
            </h2>
            {shown.length > 0 ? (
              <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
                {shown.map((l) => (
                  <LineCard key={l.id} line={l} beforeNote={beforeNote} />
                ))}
              </ul>
            ) : (
              <p className="text-stone-300">No boss killed yet.</p>
            )}
            {untouched.length > 0 ? (
              <details className="mt-3">
                <summary className="cursor-pointer text-stone-200">{untouched.length} bosses not killed yet (first tier of each)</summary>
                <ul className="mt-2 grid gap-x-4 gap-y-1 text-sm text-stone-300 sm:grid-cols-2 lg:grid-cols-3">
                  {untouched.map((l) => (
                    <li key={l.id}>
                      {l.label}: 0 / {fmt.format(l.tiers[0]!.threshold)}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </Panel>
        );
      })}
    </div>
  );
}
