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
  const select = `${inputClass} sm:w-48`;
  return (
    <form method="get" className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
      <div>
        <label htmlFor={`${base}-mode`} className="mb-1 block text-sm text-stone-300">
          Game mode
        </label>
        <select id={`${base}-mode`} name="mode" defaultValue={mode} className={select} onChange={(e) => go(modes, e.target.value)}>
          {modes.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${base}-xp`} className="mb-1 block text-sm text-stone-300">
          XP mode
        </label>
        <select id={`${base}-xp`} name="xp" defaultValue={xp} className={select} onChange={(e) => go(xps, e.target.value)}>
          {xps.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${base}-world`} className="mb-1 block text-sm text-stone-300">
          World
        </label>
        {/* One world today: the filter shows it. */}
        <select id={`${base}-world`} name="world" defaultValue="1" className={select}>
          <option value="1">World 1</option>
        </select>
      </div>
      <noscript>
        <button type="submit" className="btn btn-stone">
          Show
        </button>
      </noscript>
    </form>
  );
}
