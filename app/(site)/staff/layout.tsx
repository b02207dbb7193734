import type { ReactNode } from "react";
import { StaffNav } from "@/components/staff/staff-nav-client";
import { getCurrentActor } from "@/lib/server/sessions/current-user";
import { staffAreasFor } from "@/lib/staff-areas";

// Every staff page: the staff menu beside it, listing only what this member of staff may use.
// Each page still checks its own privilege (requireStaff): this layout decides nothing about
// access, and shows no menu to anyone who is not staff (they get the page's 404).
export default async function StaffLayout({ children }: { children: ReactNode }) {
  const actor = await getCurrentActor();
  const areas = actor?.isStaff ? staffAreasFor(actor.privilege).map(({ href, label }) => ({ href, label })) : [];
  if (!areas.length) return children;
  return (
    <div className="lg:flex lg:gap-8">
      <StaffNav areas={areas} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
