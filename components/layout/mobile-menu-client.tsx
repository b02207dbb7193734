"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { siteConfig } from "@/lib/site-config";
import { NAV_LINKS } from "./nav-links";

const item = "block rounded px-3 py-3 text-stone-100 hover:bg-stone-800 hover:no-underline";

/**
 * Hamburger menu for narrow screens; closes on navigation. It also carries the header entries
 * that narrow screens hide (PLAY NOW below 640 px, Download and the chat link below 768 px).
 */
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
              <Link href={l.href} className={item}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="mt-2 flex flex-col gap-1 border-t border-stone-700 pt-2 md:hidden">
          <li>
            <Link href="/play" className={item}>
              Download
            </Link>
          </li>
          <li>
            <a href={siteConfig.chatInviteUrl} target="_blank" rel="noopener noreferrer" className={item}>
              {siteConfig.chatServerName}
            </a>
          </li>
          <li className="pt-2 sm:hidden">
            <Link href="/play" className="btn btn-ember w-full">
              PLAY NOW
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
