import Link from "next/link";
import { siteConfig } from "@/lib/site-config";

/** Copyright from the configured start year to the current year; terms and privacy links. */
export function Footer({ year = new Date().getFullYear() }: { year?: number }) {
  const span = year > siteConfig.copyrightStartYear ? `${siteConfig.copyrightStartYear}–${year}` : String(siteConfig.copyrightStartYear);
  return (
    <footer className="mt-12 border-t-2 border-stone-700 bg-stone-900/95">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-6 text-sm text-stone-400 sm:flex-row sm:justify-between">
        <p>
          © {span} {siteConfig.name}. Not affiliated with Jagex Ltd.
        </p>
        <nav aria-label="Legal">
          <ul className="flex gap-4">
            <li>
              <Link href="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link href="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link href="/rules">Rules</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
