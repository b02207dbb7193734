import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { StaffPageRankNote } from "@/components/staff/staff-page-rank-client";

export const metadata: Metadata = { title: "Page Not Found" };

/** A staff page below the visitor's rank: the site's 404, telling a member of staff which rank it needs. */
export default function StaffNotFound() {
  return <NotFoundContent inSite note={<StaffPageRankNote />} />;
}
