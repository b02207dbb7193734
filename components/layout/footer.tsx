import Link from "next/link";
import { siteConfig } from "@/lib/site-config";
import { CopyrightYears } from "./copyright-years-client";

/** The pages a visitor finds at the foot of every page (docs/product.md §2 Global chrome, §1 Visitors). */
const FOOTER_LINKS: ReadonlyArray<{ href: string; label: string }> = [
  { href: "/terms", label: "Terms of Service" },
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/rules", label: "Rules" },
  { href: "/faq", label: "FAQ" },
  { href: "/partnerships", label: "Partnerships" },
];

/**
 * Copyright from the configured start year to the current year, and the information pages.
 * The year is rendered here (at build time on prerendered pages) and corrected in the browser.
 */
export function Footer() {
  return (
    <footer className="mt-12 border-t-2 border-stone-700 bg-stone-900/95">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-6 text-sm text-stone-400 sm:flex-row sm:justify-between">
        <p>
          © <CopyrightYears startYear={siteConfig.copyrightStartYear} renderedYear={new Date().getFullYear()} /> {siteConfig.name}. Not affiliated with Jagex
          Ltd.
        </p>
        <nav aria-label="Site information">
          <ul className="flex flex-wrap justify-center gap-x-4 gap-y-2">
            {FOOTER_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
