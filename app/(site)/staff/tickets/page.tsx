import type { Metadata } from "next";
import { Pager } from "@/components/tickets/pager";
import { TicketTable } from "@/components/tickets/ticket-table";
import { FilterSelect, GetFilterForm } from "@/components/staff/get-filter-form";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { pageNumber } from "@/lib/format/page-number";
import { isTicketType, TICKET_TYPE_LABELS, TICKET_TYPES, TICKETS_PAGE_SIZE } from "@/lib/schemas/tickets";
import { requireStaff } from "@/lib/server/sessions/guards";
import { listTicketQueue } from "@/lib/server/tickets/list-tickets";

// The staff ticket queue (issue 11 item 3). Moderators and up; anyone else gets the 404 page.
// Filters are a plain GET form, so the queue works without scripts and the URL can be shared.
export const metadata: Metadata = { title: "Ticket queue", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default async function StaffTicketsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff("MODERATOR");
  const q = await searchParams;
  const status = q.status === "closed" || q.status === "all" ? q.status : "open";
  const type = isTicketType(q.type) ? q.type : undefined;
  const page = pageNumber(q.page);
  const { results, total } = await listTicketQueue({ page, status: status === "all" ? undefined : status, type });
  return (
    <>
      <PageHeader title="Ticket queue" subtitle="Every player's tickets. Open tickets come first, the one waiting longest at the top." />
      <GetFilterForm action="/staff/tickets" label="Filter tickets">
        <FilterSelect id="queue-status" name="status" label="Status" value={status} options={[{ value: "open", label: "Open" }, { value: "closed", label: "Closed" }, { value: "all", label: "All" }]} />
        <FilterSelect id="queue-type" name="type" label="Type" value={type ?? ""} options={TICKET_TYPES.map((t) => ({ value: t, label: TICKET_TYPE_LABELS[t] }))} any="All types" />
      </GetFilterForm>
      <Panel aria-labelledby="queue-heading">
        <h2 id="queue-heading" className="mb-3 text-2xl text-gold">
          {total.toLocaleString("en-US")} {total === 1 ? "ticket" : "tickets"}
        </h2>
        {results.length === 0 ? <p>No tickets match these filters.</p> : <TicketTable tickets={results} caption="Ticket queue" staff />}
        <Pager basePath="/staff/tickets" query={{ status: status === "open" ? undefined : status, type }} page={page} hasNext={page * TICKETS_PAGE_SIZE < total} />
      </Panel>
    </>
  );
}
