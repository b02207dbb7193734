"use client";

import { useRouter } from "next/navigation";
import { useId } from "react";
import { inputClass } from "@/components/ui/field";

export type FilterOption = { value: string; label: string; href: string };

/**
 * Game mode, XP mode and world. Each choice is a URL (`?mode=&xp=`, shareable); changing a
 * select navigates there. Without JavaScript the form submits the same query.
 */
export function LadderFilters({ modes, xps, mode, xp }: { modes: FilterOption[]; xps: FilterOption[]; mode: string; xp: string }) {
  const router = useRouter();
  const base = useId();
  const go = (options: FilterOption[], value: string) => {
    const o = options.find((x) => x.value === value);
    if (o) router.push(o.href);
  };
  return (
    <form method="get" className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
      <FilterSelect id={`${base}-mode`} label="Game mode" name="mode" value={mode} options={modes} onPick={(v) => go(modes, v)} />
      <FilterSelect id={`${base}-xp`} label="XP mode" name="xp" value={xp} options={xps} onPick={(v) => go(xps, v)} />
      {/* One world today: the filter shows it. */}
      <FilterSelect id={`${base}-world`} label="World" name="world" value="1" options={[{ value: "1", label: "World 1", href: "" }]} />
      <noscript>
        <button type="submit" className="btn btn-stone">
          Show
        </button>
      </noscript>
    </form>
  );
}

function FilterSelect(props: { id: string; label: string; name: string; value: string; options: FilterOption[]; onPick?: (value: string) => void }) {
  const { id, label, name, value, options, onPick } = props;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-stone-300">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={`${inputClass} sm:w-48`} onChange={onPick ? (e) => onPick(e.target.value) : undefined}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
