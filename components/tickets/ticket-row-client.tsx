"use client";

import type { ReactNode } from "react";

/**
 * A table row that opens its ticket on click (docs/product.md §2 "row click opens /ticket/{id}"). The title
 * cell holds a real link for keyboards and screen readers; the row click is a mouse shortcut.
 * A full load (not a client navigation): ticket pages show users' text under their own nonce
 * policy (docs/performance.md).
 */
export function TicketRow({ href, children, className = "" }: { href: string; children: ReactNode; className?: string }) {
  return (
    <tr
      className={`cursor-pointer border-b border-stone-800 hover:bg-stone-800/60 ${className}`}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest("a")) return;
        window.location.assign(href);
      }}
    >
      {children}
    </tr>
  );
}
