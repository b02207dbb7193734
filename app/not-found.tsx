import type { Metadata } from "next";
import Link from "next/link";
import { StaffPageRankNote } from "@/components/staff/staff-page-rank-client";

export const metadata: Metadata = { title: "Page Not Found" };

/**
 * Every unknown path, and every page a visitor may not open (a staff page below their rank): no
 * navbar or footer, one way home. A member of staff is also told which rank such a page needs
 * (in the browser: this page is prerendered, the same for everyone).
 */
export default function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 text-center">
      <p className="font-[family-name:var(--font-display)] text-8xl font-bold text-gold" aria-hidden="true">
        404
      </p>
      <h1 className="text-3xl text-stone-100">You seem to have wandered off the map</h1>
      <p className="max-w-md text-stone-300">The page you were looking for does not exist, or it has moved. Let us take you back somewhere safe.</p>
      <StaffPageRankNote />
      <Link href="/" className="btn btn-gold">
        Return Home
      </Link>
    </main>
  );
}
