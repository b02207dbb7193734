import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";

export const metadata: Metadata = { title: "Page Not Found" };

/**
 * A page of the site that called notFound(): a record that does not exist, or a staff page below
 * the visitor's rank. Rendered inside the site's frame, so the message is not a second <main>.
 */
export default function SiteNotFound() {
  return <NotFoundContent inSite />;
}
