import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/server/sessions/guards";
import { staffAreasFor } from "@/lib/staff-areas";

// The staff console's home (issue 18): what this member of staff may use. Moderators and up;
// anyone else gets the 404 page.
export const metadata: Metadata = { title: "Staff", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default async function StaffHomePage() {
  const actor = await requireStaff("MODERATOR");
  const areas = staffAreasFor(actor.privilege).filter((a) => a.href !== "/staff");
  return (
    <>
      <PageHeader title="Staff" subtitle={`Signed in as ${actor.username} (${actor.privilege.toLowerCase()}).`} />
      <ul className="grid gap-3 sm:grid-cols-2">
        {areas.map((a) => (
          <li key={a.href} className="panel p-4">
            <Link href={a.href} className="text-lg font-bold">
              {a.label}
            </Link>
            <p className="mt-1 text-sm text-stone-300">{a.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
