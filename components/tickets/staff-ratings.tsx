import { Panel } from "@/components/ui/panel";
import { ResponsiveTable } from "@/components/ui/responsive-table";
import type { TStaffRatingRow } from "@/lib/schemas/tickets";

/** Players' ratings of closed tickets in the last 90 days, per member of staff (the assignee, else the last staff replier). */
export function StaffRatings({ rows }: { rows: TStaffRatingRow[] }) {
  return (
    <Panel aria-labelledby="ratings-heading" className="mt-6">
      <h2 id="ratings-heading" className="mb-3 text-2xl text-gold">
        Ratings by staff member
      </h2>
      <p className="mb-3 text-sm text-stone-400">Players&apos; ratings of their closed tickets in the last 90 days.</p>
      {rows.length === 0 ? (
        <p>No rated tickets yet.</p>
      ) : (
        <ResponsiveTable
          caption="Ratings by staff member"
          columns={[{ label: "Staff member" }, { label: "Good" }, { label: "Okay" }, { label: "Bad" }]}
          wide="xl"
          rows={rows.map((r) => ({ key: r.staffId, cells: [r.username, r.good, r.okay, r.bad] }))}
        />
      )}
    </Panel>
  );
}
