import type { ReactNode } from "react";
import { inputClass } from "@/components/ui/field";

// The filter row of the staff lists (tickets, payments, deliveries): a plain GET form, so a
// list works without scripts and its URL can be shared. Server component.

export type FilterOption = { value: string; label: string };

/** A labelled select of the filter row; `any` adds a first option with an empty value. */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  any,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly FilterOption[];
  any?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={inputClass}>
        {any !== undefined ? <option value="">{any}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The form around the filters, with its Filter button. */
export function GetFilterForm({ action, label, children }: { action: string; label: string; children: ReactNode }) {
  return (
    <form method="get" action={action} className="mb-4 flex flex-wrap items-end gap-3" aria-label={label}>
      {children}
      <button type="submit" className="btn btn-gold">
        Filter
      </button>
    </form>
  );
}
