import type { Metadata } from "next";
import { Pager } from "@/components/ui/pager";
import { TicketTable } from "@/components/tickets/ticket-table";
import { FilterSelect, GetFilterForm } from "@/components/staff/get-filter-form";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { isTicketType, TICKET_TYPE_LABELS, TICKET_TYPES, TICKETS_PAGE_SIZE } from "@/lib/schemas/tickets";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { requireStaff } from "@/lib/server/sessions/guards";
import { listTicketQueue } from "@/lib/server/tickets/list-tickets";

// The staff ticket queue. Moderators and up; anyone else gets the 404 page.
// Filters are a plain GET form, so the queue works without scripts and the URL can be shared.
export const metadata: Metadata = { title: "Ticket queue", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

const STATUSES = ["open", "closed", "all"] as const;

export default async function StaffTicketsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await requireStaff("MODERATOR");
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
    </GetFilterForm>
  );
  const header = <PageHeader title="Ticket queue" subtitle="Every player's tickets. Open tickets come first, the one waiting longest at the top." />;
  if (!parsed.ok) {
    return (
      <>
        {header}
        {filters}
        <InvalidQuery errors={parsed.errors} labels={{ status: "Status", type: "Type", page: "Page" }} />
      </>
    );
  }
  const { page, type } = parsed.query;
  const status = parsed.query.status ?? "open";
  const { results, total } = await listTicketQueue({ page, status: status === "all" ? undefined : status, type });
  return (
    <>
      {header}
      {filters}
      <Panel aria-labelledby="queue-heading">
        <h2 id="queue-heading" className="mb-3 text-2xl text-gold">
          {total.toLocaleString("en-US")} {total === 1 ? "ticket" : "tickets"}
        </h2>
        {results.length === 0 ? <p>No tickets match these filters.</p> : <TicketTable tickets={results} caption="Ticket queue" staff />}
        <Pager
          basePath="/staff/tickets"
          query={{ status: status === "open" ? undefined : status, type }}
          page={page}
          hasNext={page * TICKETS_PAGE_SIZE < total}
        />
      </Panel>
    </>
  );
}
