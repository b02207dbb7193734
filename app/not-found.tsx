import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";

export const metadata: Metadata = { title: "Page Not Found" };

/** Every unknown path: no navbar or footer, one way home. */
export default function NotFound() {
  return <NotFoundContent />;
}
