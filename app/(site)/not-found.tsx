import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";

export const metadata: Metadata = { title: "Page Not Found" };

/**
 * A page of the site that called notFound() (a record that does not exist): shown inside the
 * site's frame, so the message is not a second <main>. No staff note and so no script: this
 * boundary is part of every page's first load. Staff pages have their own (staff/not-found.tsx).
 */
export default function SiteNotFound() {
  return <NotFoundContent inSite />;
}
