import type { Metadata } from "next";
import { CompetitionSchedules } from "@/components/staff/competition-schedules-client";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { listSchedules } from "@/lib/server/competitions/list-schedules";
import { requireStaff } from "@/lib/server/sessions/guards";

// The weekly competition schedules (Skill of the Week, Boss of the Week; docs/competitions.md):
// list, create, edit, delete. Administrators and up, like their API; anyone else gets the 404 page.
export const metadata: Metadata = { title: "Competition schedules", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default async function StaffCompetitionSchedulesPage() {
  await requireStaff("ADMINISTRATOR");
  const schedules = await listSchedules();
  return (
    <>
      <BackLink href="/staff/competitions">All competitions</BackLink>
      <PageHeader
        title="Weekly schedules"
        subtitle="A schedule makes one competition a week, each counting the next metric of its rotation, or one staff pick. Changes apply to the competitions it makes from now on."
      />
      <CompetitionSchedules initial={schedules} />
    </>
  );
}
