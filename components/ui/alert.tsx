import type { ReactNode } from "react";

type Tone = "success" | "error" | "info";

const TONES: Record<Tone, { cls: string; icon: string; label: string }> = {
  success: { cls: "border-moss bg-moss/15 text-emerald-100", icon: "✓", label: "Success:" },
  error: { cls: "border-blood bg-blood/15 text-red-100", icon: "!", label: "Error:" },
  info: { cls: "border-gold-dark bg-gold/10 text-stone-100", icon: "i", label: "Note:" },
};

/**
 * A polite live region that is always in the DOM (so screen readers announce changes);
 * it shows a banner only while `children` is set.
 */
export function LiveAlert({ tone = "info", children, className = "", id }: { tone?: Tone; children?: ReactNode; className?: string; id?: string }) {
  const t = TONES[tone];
  return (
    // empty:m-0 — an empty region takes no room (it stays in the DOM so later text is announced).
    <div id={id} role="status" aria-live="polite" aria-atomic="true" className={`empty:m-0 ${className}`}>
      {children ? (
        <div className={`flex gap-3 rounded border-2 px-4 py-3 ${t.cls}`} data-tone={tone}>
          <span aria-hidden="true" className="flex size-6 shrink-0 items-center justify-center rounded-full border border-current text-sm font-bold">
            {t.icon}
          </span>
          <div className="min-w-0">
            <span className="sr-only">{t.label} </span>
            {children}
          </div>
        </div>
      ) : null}
    </div>
  );
}
