import type { ReactNode } from "react";
import { inputClass } from "@/components/ui/field";
import { ACTIVITIES, ACTIVITY_GROUPS } from "@/lib/hiscores-layout";
import { metricName, metricSlug } from "@/lib/progress/metrics";
import { SKILLS } from "@/lib/skills";

// The progress pages' pickers: a GET form rendered on the server, so it works without a script
// and every choice is a shareable URL (?period=&metric=&mode=&xp=). No client code: Show submits.

export type SelectOption = { value: string; label: string };
export type OptionGroup = { label: string; options: SelectOption[] };

const metricOption = (id: number): SelectOption => ({ value: metricSlug(id), label: metricName(id) });

/** Overall and the 23 skills, then each activity group: every metric a board can show. */
export const ALL_METRIC_GROUPS: OptionGroup[] = [
  { label: "Skills", options: [0, ...SKILLS.map((_, i) => i + 1)].map(metricOption) },
  ...ACTIVITY_GROUPS.map((g) => ({ label: g.title, options: ACTIVITIES.filter((a) => a.group === g.group).map((a) => metricOption(a.id)) })),
];

/** The same groups, keeping only the metrics in `ids` (a player's own). */
export function metricGroupsOf(ids: ReadonlySet<number>): OptionGroup[] {
  const keep = new Set([...ids].map(metricSlug));
  return ALL_METRIC_GROUPS.map((g) => ({ ...g, options: g.options.filter((o) => keep.has(o.value)) })).filter((g) => g.options.length > 0);
}

export function FilterSelect({
  id,
  label,
  name,
  value,
  options,
  groups,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options?: readonly SelectOption[];
  groups?: readonly OptionGroup[];
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm text-stone-300">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={`${inputClass} sm:w-48`}>
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {groups?.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}

/** The form around the selects: GET to `action`, the fields, a Show button. */
export function FilterForm({ action, label, children }: { action: string; label: string; children: ReactNode }) {
  return (
    <form method="get" action={action} aria-label={label} className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
      {children}
      <button type="submit" className="btn btn-stone">
        Show
      </button>
    </form>
  );
}
