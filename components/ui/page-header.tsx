import type { ReactNode } from "react";

/** The heading band at the top of a page: one h1, optional subtitle and actions. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  return (
    <header className="mb-6 border-b-2 border-stone-700 pb-4">
      <h1 className="text-3xl text-gold sm:text-4xl">{title}</h1>
      {subtitle ? <p className="mt-2 text-stone-300">{subtitle}</p> : null}
      {children ? <div className="mt-4 flex flex-wrap gap-3">{children}</div> : null}
    </header>
  );
}
