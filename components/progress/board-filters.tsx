import { GAME_MODE_LABEL, GAME_MODES, type TGameMode, type TXpMode, XP_MODE_LABEL, XP_MODES } from "@/lib/hiscores";
import { metricSlug } from "@/lib/progress/metrics";
import { PERIOD_LABEL } from "@/lib/progress/periods";
import { ALL_METRIC_GROUPS, FilterForm, FilterSelect } from "./filter-form";

/** Period, metric, game mode and XP mode of a board (top gainers, records): a GET form to `action`. */
export function BoardFilters<P extends keyof typeof PERIOD_LABEL>({
  action,
  label,
  periods,
  period,
  metric,
  mode,
  xp,
}: {
  action: string;
  label: string;
  periods: readonly P[];
  period: P;
  metric: number;
  mode: TGameMode;
  xp: TXpMode;
}) {
  return (
    <FilterForm action={action} label={label}>
      <FilterSelect id="board-period" label="Period" name="period" value={period} options={periods.map((p) => ({ value: p, label: PERIOD_LABEL[p] }))} />
      <FilterSelect id="board-metric" label="Skill or activity" name="metric" value={metricSlug(metric)} groups={ALL_METRIC_GROUPS} />
      <FilterSelect id="board-mode" label="Game mode" name="mode" value={mode} options={GAME_MODES.map((m) => ({ value: m, label: GAME_MODE_LABEL[m] }))} />
      <FilterSelect id="board-xp" label="XP mode" name="xp" value={xp} options={XP_MODES.map((x) => ({ value: x, label: XP_MODE_LABEL[x] }))} />
    </FilterForm>
  );
}
