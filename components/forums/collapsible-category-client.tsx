"use client";

import { type ReactNode, useId, useState } from "react";

/**
 * A forum category that folds away (docs/product.md §2 "collapsible categories"): the WAI-ARIA disclosure
 * pattern, a button with aria-expanded inside the heading. Open in the server render, so the
 * forums show without scripts.
 */
export function CollapsibleCategory({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  const [open, setOpen] = useState(true);
  const panelId = useId();
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="panel overflow-hidden scroll-mt-4">
      <h2 id={`${id}-heading`} className="border-b-2 border-stone-700 bg-stone-850 text-xl text-gold sm:text-2xl">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-11 w-full items-center justify-between gap-3 px-4 py-2 text-left hover:bg-stone-800"
        >
          <span className="break-words">{name}</span>
          <span aria-hidden="true" className={`text-base text-stone-300 transition-transform ${open ? "" : "-rotate-90"}`}>
            ▼
          </span>
        </button>
      </h2>
      <div id={panelId} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
