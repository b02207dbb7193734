import type { ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { ErrorList, inputClass } from "@/components/ui/field";

// Inputs the editor needs beyond components/ui/field: select, textarea and checkbox, wired
// to their error lists the same way (aria-invalid + aria-describedby).

const describedBy = (id: string, errors?: readonly string[], hint?: ReactNode) =>
  [hint ? `${id}-hint` : null, errors?.length ? `${id}-errors` : null].filter(Boolean).join(" ") || undefined;

export function SelectField({
  id,
  label,
  errors,
  hint,
  children,
  ...select
}: { id: string; label: ReactNode; errors?: readonly string[]; hint?: ReactNode; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold text-stone-100">
        {label}
      </label>
      <select id={id} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy(id, errors, hint)} className={inputClass} {...select}>
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id}-errors`} errors={errors} />
    </div>
  );
}

export function TextAreaField({
  id,
  label,
  errors,
  ...area
}: { id: string; label: ReactNode; errors?: readonly string[] } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id">) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block font-semibold text-stone-100">
        {label}
      </label>
      <textarea id={id} rows={3} aria-invalid={errors?.length ? true : undefined} aria-describedby={describedBy(id, errors)} className={inputClass} {...area} />
      <ErrorList id={`${id}-errors`} errors={errors} />
    </div>
  );
}

export function CheckboxField({
  id,
  label,
  checked,
  onChange,
  errors,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (v: boolean) => void;
  errors?: readonly string[];
}) {
  return (
    <div>
      <label htmlFor={id} className="flex min-h-11 items-center gap-3 font-semibold text-stone-100">
        <input
          id={id}
          type="checkbox"
          className="size-5 accent-gold"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={describedBy(id, errors)}
        />
        {label}
      </label>
      <ErrorList id={`${id}-errors`} errors={errors} />
    </div>
  );
}

/** A number typed in a text box: blank → absent (the server says "required"), otherwise Number (NaN is sent as null and refused). */
export const numberOrAbsent = (v: string): number | undefined => (v.trim() === "" ? undefined : Number(v.trim()));

/** Form buttons: Cancel closes the form or modal, the submit button shows the busy state. */
export function FormActions({
  busy,
  onCancel,
  submitLabel,
  busyLabel = "Saving...",
}: {
  busy: boolean;
  onCancel: () => void;
  submitLabel: string;
  busyLabel?: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <button type="button" className="btn btn-stone" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-gold" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}
