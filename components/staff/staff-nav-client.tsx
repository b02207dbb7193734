"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { type StaffArea, staffAreaOf } from "@/lib/staff-areas";

/**
 * The staff console's menu: the areas this member of staff may use (the server picked them).
 * A row that scrolls sideways on a phone, a column beside the page on wide screens.
 */
export function StaffNav({ areas }: { areas: readonly Pick<StaffArea, "href" | "label">[] }) {
  const current = staffAreaOf(usePathname())?.href;
  return (
    <nav aria-label="Staff" className="-mx-3 mb-6 overflow-x-auto px-3 lg:mx-0 lg:mb-0 lg:w-48 lg:shrink-0 lg:overflow-visible lg:px-0">
      <p className="mb-2 hidden text-sm font-bold uppercase tracking-wide text-stone-400 lg:block">Staff</p>
      <ul className="flex gap-1 lg:flex-col">
        {areas.map((a) => (
          <li key={a.href}>
            <Link
              href={a.href}
              aria-current={a.href === current ? "page" : undefined}
              className="block min-h-11 whitespace-nowrap rounded px-3 py-2.5 text-stone-200 hover:bg-stone-800 hover:no-underline aria-[current=page]:bg-gold/20 aria-[current=page]:font-bold aria-[current=page]:text-gold-bright"
            >
              {a.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
