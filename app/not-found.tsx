import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";

export const metadata: Metadata = { title: "Page Not Found" };

/**
 * Every unknown path: no navbar or footer, one way home. No staff note (a staff page below the
 * reader's rank is answered by app/(site)/staff/not-found.tsx): this boundary's client chunks
 * would be in every page's first load.
 */
export default function NotFound() {
  return <NotFoundContent />;
}
