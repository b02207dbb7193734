import Link from "next/link";
import type { ReactNode } from "react";

/**
 * The 404 message with one way home. `inSite`: shown inside the site's frame (a page under it
 * called notFound()), whose layout already holds the page's one <main>; otherwise the message is
 * the whole page and is its own <main>. `note`: more to say under the message (the staff pages
 * pass the rank note). This module imports no client component, so a not-found boundary that
 * uses it adds no script to the pages it guards.
 */
export function NotFoundContent({ inSite = false, note }: { inSite?: boolean; note?: ReactNode }) {
  const Root = inSite ? "div" : "main";
  return (
    <Root className={`flex flex-col items-center justify-center gap-6 px-4 text-center ${inSite ? "py-12" : "min-h-dvh"}`}>
      <p className="font-[family-name:var(--font-display)] text-8xl font-bold text-gold" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl text-stone-100">You seem to have wandered off the map</h1>
      <p className="max-w-md text-stone-300">The page you were looking for does not exist, or it has moved. Let us take you back somewhere safe.</p>
      {note}
      <Link href="/" className="btn btn-gold">
        Return Home
      </Link>
    </Root>
  );
}
