"use client";

import { useApiForm } from "@/components/forms/use-api-form";
import type { Endpoint } from "@/lib/client/api";

/**
 * Hide/show button of one editor row: sends `hidden` (categories) or `active` (products,
 * packages) to the row's update operation and hands the saved row back. Failures go to the
 * section's message area.
 */
export function VisibilityToggle<T>({
  endpoint,
  id,
  field,
  visible,
  name,
  onSaved,
  onError,
}: {
  /** The row's update operation (lib/client/endpoints.ts), and the row's id in its path. */
  endpoint: Endpoint;
  id: number;
  field: "hidden" | "active";
  visible: boolean;
  name: string;
  onSaved: (row: T) => void;
  onError: (message: string) => void;
}) {
  const form = useApiForm<{ hidden?: boolean; active?: boolean }, T>({
    endpoint,
    params: () => ({ id }),
    onSuccess: (row) => onSaved(row as T),
    onFailure: (f) => onError(f.formError ?? Object.values(f.fieldErrors).flat().join(" ")),
  });
  const body = field === "hidden" ? { hidden: visible } : { active: !visible };
  return (
    <button type="button" className="btn btn-stone min-h-11 px-3 py-1 text-sm" disabled={form.busy} onClick={() => void form.submit(body)}>
      {form.busy ? "Saving..." : visible ? "Hide" : "Show"}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

/** "Visible" / "Hidden" badge for a row's status cell. */
export function VisibilityBadge({ visible }: { visible: boolean }) {
  return visible ? (
    <span className="rounded bg-moss/30 px-1.5 text-xs font-bold text-emerald-200">Visible</span>
  ) : (
    <span className="rounded bg-stone-700 px-1.5 text-xs font-bold text-stone-200">Hidden</span>
  );
}
