import type { Metadata } from "next";
import Link from "next/link";
import { Pager } from "@/components/ui/pager";
import { StaffTicketTable } from "@/components/tickets/staff-ticket-table";
import { StaffRatings } from "@/components/tickets/staff-ratings";
import { FilterSelect, GetFilterForm } from "@/components/staff/get-filter-form";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { isTicketType, TICKET_STATE_LABELS, TICKET_STATES, TICKET_TYPE_LABELS, TICKET_TYPES, TICKETS_PAGE_SIZE } from "@/lib/schemas/tickets";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { requireStaff } from "@/lib/server/sessions/guards";
import { listTicketQueue } from "@/lib/server/tickets/list-tickets";
import { listStaffRatings } from "@/lib/server/tickets/list-staff-ratings";

// The staff ticket queue. Moderators and up; anyone else gets the 404 page.
// Filters are a plain GET form, so the queue works without scripts and the URL can be shared.
export const metadata: Metadata = { title: "Ticket queue", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const STATUSES = ["open", "closed", "all"] as const;

export default async function StaffTicketsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireStaff("MODERATOR");
  const parsed = parsePageQuery(PAGE_QUERIES["/staff/tickets"], await searchParams);
  const shownType = parsed.values.type;
  const filters = (
    <GetFilterForm action="/staff/tickets" label="Filter tickets">
      <FilterSelect
        id="queue-status"
        name="status"
        label="Status"
        value={STATUSES.find((s) => s === parsed.values.status) ?? "open"}
        options={[
          { value: "open", label: "Open" },
          { value: "closed", label: "Closed" },
          { value: "all", label: "All" },
        ]}
      />
      <FilterSelect
        id="queue-type"
        name="type"
        label="Type"
        value={isTicketType(shownType) ? shownType : ""}
        options={TICKET_TYPES.map((t) => ({ value: t, label: TICKET_TYPE_LABELS[t] }))}
        any="All types"
      />
      <FilterSelect
        id="queue-state"
        name="state"
        label="State"
        value={TICKET_STATES.find((s) => s === parsed.values.state) ?? ""}
        options={TICKET_STATES.map((s) => ({ value: s, label: TICKET_STATE_LABELS[s] }))}
        any="Any state"
      />
      <FilterSelect
        id="queue-assignee"
        name="assignee"
        label="Assigned to"
        value={parsed.values.assignee === "mine" || parsed.values.assignee === "unassigned" ? parsed.values.assignee : ""}
        options={[
          { value: "mine", label: "Me" },
          { value: "unassigned", label: "Nobody" },
        ]}
        any="Anyone"
      />
    </GetFilterForm>
  );
  const header = (
    <PageHeader title="Ticket queue" subtitle="Every player's tickets. Tickets waiting for staff come first, the one waiting longest at the top.">
      <Link href="/staff/tickets/saved-replies">Saved replies</Link>
    </PageHeader>
  );
  if (!parsed.ok) {
    return (
      <>
        {header}
        {filters}
        <InvalidQuery errors={parsed.errors} labels={{ status: "Status", type: "Type", state: "State", assignee: "Assigned to", page: "Page" }} />
      </>
    );
  }
  const { page, type, state, assignee } = parsed.query;
  // A state filter says more than the default "open" status: it alone decides then.
  const status = parsed.query.status ?? (state ? "all" : "open");
  const [{ results, total }, ratings] = await Promise.all([
    listTicketQueue({ page, status: status === "all" ? undefined : status, type, state, assignee }, actor.userId),
    listStaffRatings(),
  ]);
  return (
    <>
      {header}
      {filters}
      <Panel aria-labelledby="queue-heading">
        <h2 id="queue-heading" className="mb-3 text-2xl text-gold">
          {total.toLocaleString("en-US")} {total === 1 ? "ticket" : "tickets"}
        </h2>
        {results.length === 0 ? <p>No tickets match these filters.</p> : <StaffTicketTable tickets={results} />}
        <Pager
          basePath="/staff/tickets"
          query={{ status: parsed.query.status === undefined || status === "open" ? undefined : status, type, state, assignee }}
          page={page}
          hasNext={page * TICKETS_PAGE_SIZE < total}
        />
      </Panel>
      <StaffRatings rows={ratings} />
    </>
  );
}
