import type { ReactNode } from "react";

const TONES = {
  ok: "bg-moss/30 text-emerald-100",
  bad: "bg-blood/35 text-red-100",
  wait: "bg-gold/20 text-gold-bright",
  none: "bg-stone-700 text-stone-100",
} as const;

/** A short status word beside a staff list entry (the word itself carries the meaning, not the colour). */
export function StaffBadge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <span className={`inline-block rounded px-2 py-0.5 text-sm font-bold ${TONES[tone]}`}>{children}</span>;
}
