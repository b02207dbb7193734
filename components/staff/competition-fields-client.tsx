"use client";

import type { ReactNode } from "react";
import { ErrorList, inputClass } from "@/components/ui/field";
import { ACTIVITIES, ACTIVITY_GROUPS } from "@/lib/hiscores-layout";
import { PRIZE_PLACES_MAX, type TMetricKind } from "@/lib/competitions/rules";
import type { PrizeRow } from "@/lib/competitions/staff-form";
import { metricBySlug, metricName, SKILL_METRIC_SLUGS } from "@/lib/progress/metrics";

// The lists of rows the staff competition and schedule forms share: a fieldset with its legend,
// its rows (each control labelled with its row number), an "Add" button and the list's errors,
// which the server reports for the whole list ("prizes", "teams", "metrics").

const smallButton = "btn btn-stone min-h-11 px-3 py-1 text-sm";

/** A fieldset of rows, its errors pointed at by aria-describedby, and the add button under it. */
export function RowsFieldset({
  id,
  legend,
  hint,
  errors,
  children,
  addLabel,
  onAdd,
  canAdd = true,
}: {
  id: string;
  legend: string;
  hint?: ReactNode;
  errors?: readonly string[];
  children: ReactNode;
  addLabel: string;
  onAdd: () => void;
  canAdd?: boolean;
}) {
  const describedBy = [hint ? `${id}-hint` : null, errors?.length ? `${id}-errors` : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={describedBy} data-testid={id}>
      <legend className="mb-1 font-semibold text-stone-100">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-400">
          {hint}
        </p>
      ) : null}
      {children}
      <ErrorList id={`${id}-errors`} errors={errors} />
      {canAdd ? (
        <button type="button" className={smallButton} onClick={onAdd}>
          {addLabel}
        </button>
      ) : null}
    </fieldset>
  );
}

export function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className={`${smallButton} shrink-0 self-end`} onClick={onClick}>
      Remove<span className="sr-only"> {label}</span>
    </button>
  );
}

/** The options of a metric select: Overall and the skills, or the activities by group. `only` narrows them to these slugs. */
export function MetricOptions({ kind, only }: { kind: TMetricKind; only?: readonly string[] }) {
  const allowed = only ? new Set(only) : null;
  if (kind === "skills")
    return (
      <>
        {SKILL_METRIC_SLUGS.filter((s) => !allowed || allowed.has(s)).map((s) => (
          <option key={s} value={s}>
            {metricName(metricBySlug(s)!)}
          </option>
        ))}
      </>
    );
  return (
    <>
      {ACTIVITY_GROUPS.map(({ group, title }) => {
        const list = ACTIVITIES.filter((a) => a.group === group && (!allowed || allowed.has(a.key)));
        return list.length ? (
          <optgroup key={group} label={title}>
            {list.map((a) => (
              <option key={a.key} value={a.key}>
                {a.name}
              </option>
            ))}
          </optgroup>
        ) : null;
      })}
    </>
  );
}

/** Prizes for places 1..N: a game item id and a quantity each. */
export function PrizeRows({
  id,
  rows,
  onChange,
  errors,
  hint,
}: {
  id: string;
  rows: PrizeRow[];
  onChange: (rows: PrizeRow[]) => void;
  errors?: readonly string[];
  hint?: ReactNode;
}) {
  const invalid = errors?.length ? true : undefined;
  const set = (i: number, patch: Partial<PrizeRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <RowsFieldset
      id={id}
      legend="Prizes"
      hint={hint ?? `The first row is place 1's prize, the next place 2's, up to ${PRIZE_PLACES_MAX} places. None: no prizes.`}
      errors={errors}
      addLabel="Add a prize"
      canAdd={rows.length < PRIZE_PLACES_MAX}
      onAdd={() => onChange([...rows, { item_id: "", quantity: "1" }])}
    >
      {rows.length === 0 ? <p className="text-sm text-stone-300">No prizes.</p> : null}
      <ol className="space-y-2">
        {rows.map((r, i) => (
          <li key={i} className="flex flex-wrap items-end gap-2" data-testid={`${id}-row`}>
            <div className="min-w-0 flex-1 basis-32">
              <label htmlFor={`${id}-${i}-item`} className="mb-1 block text-sm text-stone-200">
                Place {i + 1} item id
              </label>
              <input
                id={`${id}-${i}-item`}
                inputMode="numeric"
                autoComplete="off"
                className={inputClass}
                value={r.item_id}
                aria-invalid={invalid}
                onChange={(e) => set(i, { item_id: e.target.value })}
              />
            </div>
            <div className="min-w-0 flex-1 basis-24">
              <label htmlFor={`${id}-${i}-quantity`} className="mb-1 block text-sm text-stone-200">
                Place {i + 1} quantity
              </label>
              <input
                id={`${id}-${i}-quantity`}
                inputMode="numeric"
                autoComplete="off"
                className={inputClass}
                value={r.quantity}
                aria-invalid={invalid}
                onChange={(e) => set(i, { quantity: e.target.value })}
              />
            </div>
            <RemoveButton label={`the prize for place ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))} />
          </li>
        ))}
      </ol>
    </RowsFieldset>
  );
}
