"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { NAV_LINKS } from "./nav-links";

/** Hamburger menu for narrow screens; closes on navigation. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <div className="lg:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="mobile-nav"
        aria-label={open ? "Close menu" : "Open menu"}
        onClick={() => setOpen((v) => !v)}
        className="flex min-h-11 min-w-11 items-center justify-center rounded text-2xl text-stone-100 hover:bg-stone-800"
      >
        <span aria-hidden="true">{open ? "✕" : "☰"}</span>
      </button>
      <nav id="mobile-nav" aria-label="Main" hidden={!open} className="absolute inset-x-0 top-full z-40 border-b-2 border-stone-700 bg-stone-900 p-3">
        <ul className="flex flex-col gap-1">
          {NAV_LINKS.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className="block rounded px-3 py-3 text-stone-100 hover:bg-stone-800 hover:no-underline">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
