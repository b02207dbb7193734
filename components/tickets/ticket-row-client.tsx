"use client";

import type { RowProps } from "@/components/ui/responsive-table";

/**
 * A table row that opens its ticket (`data-href`) on click (docs/product.md §2 "row click opens
 * /ticket/{id}"). The title cell holds a real link for keyboards and screen readers; the row click
 * is a mouse shortcut. A full load (not a client navigation): ticket pages show users' text under
 * their own nonce policy (docs/performance.md).
 */
export function TicketRow({ className, children, role, ...attrs }: RowProps) {
  const href = attrs["data-href"];
  return (
    <tr
      role={role}
      {...attrs}
      className={`cursor-pointer hover:bg-stone-800/60 ${className}`}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest("a") || typeof href !== "string") return;
        window.location.assign(href);
      }}
    >
      {children}
    </tr>
  );
}
