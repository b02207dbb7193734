import type { InputHTMLAttributes, ReactNode } from "react";

/** Messages listed under a field; the input points at this list with aria-describedby. */
export function ErrorList({ id, errors, className = "" }: { id: string; errors?: readonly string[]; className?: string }) {
  if (!errors || errors.length === 0) return null;
  return (
    <ul id={id} className={`mt-1 space-y-0.5 text-sm text-red-300 ${className}`}>
      {errors.map((e) => (
        <li key={e} className="flex gap-1.5">
          <span aria-hidden="true">✕</span>
          <span>{e}</span>
        </li>
      ))}
    </ul>
  );
}

export const inputClass =
  "block min-h-11 w-full rounded border-2 border-stone-700 bg-stone-950 px-3 py-2 text-stone-100 placeholder:text-stone-500 focus:border-gold aria-[invalid=true]:border-blood";

/**
 * A labelled input with its error list (and optional hint) wired through aria-describedby.
 * `id` is required so labels, hints and error lists stay unique on the page.
 */
export function Field({
  id,
  label,
  errors,
  hint,
  className = "",
  ...input
}: { id: string; label: ReactNode; errors?: readonly string[]; hint?: ReactNode; className?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "className"
>) {
  const hasErrors = !!errors && errors.length > 0;
  const describedBy = [hint ? `${id}-hint` : null, hasErrors ? `${id}-errors` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block font-semibold text-stone-100">
        {label}
      </label>
      <input id={id} aria-invalid={hasErrors || undefined} aria-describedby={describedBy} className={inputClass} {...input} />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={`${id}-errors`} errors={errors} />
    </div>
  );
}
