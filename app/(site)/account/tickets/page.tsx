import type { Metadata } from "next";
import Link from "next/link";
import { Pager } from "@/components/ui/pager";
import { TicketTable } from "@/components/tickets/ticket-table";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { pageNumber } from "@/lib/format/page-number";
import { NO_CLOSED_TICKETS, NO_OPEN_TICKETS, TICKETS_PAGE_SIZE } from "@/lib/schemas/tickets";
import { requireUser } from "@/lib/server/sessions/guards";
import { listOwnTickets } from "@/lib/server/tickets/list-tickets";
import { BackLink } from "@/components/ui/back-link";

export const metadata: Metadata = { title: "My Tickets" };
export const dynamic = "force-dynamic";

/** docs/product.md §2 My Tickets: Open Tickets and Closed Tickets tabs (?tab=closed), page via ?page. */
export default async function MyTicketsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const closed = q.tab === "closed";
  const page = pageNumber(q.page);
  const actor = await requireUser(`/account/tickets${closed ? "?tab=closed" : ""}`);
  const { results, total } = await listOwnTickets(actor.userId, { page, status: closed ? "closed" : "open" });
  const tabs = [
    { label: "Open Tickets", href: "/account/tickets", current: !closed },
    { label: "Closed Tickets", href: "/account/tickets?tab=closed", current: closed },
  ];
  return (
    <>
      <BackLink href="/account">Back to account</BackLink>
      <PageHeader title="My Tickets" subtitle="Your support tickets. Open one to read replies or answer staff.">
        <ButtonLink href="/tickets/create">Create Ticket</ButtonLink>
      </PageHeader>
      <nav aria-label="Ticket status" className="mb-4 flex flex-wrap gap-2">
        {tabs.map((t) => (
          <Link key={t.label} href={t.href} aria-current={t.current ? "page" : undefined} className={`btn ${t.current ? "btn-gold" : "btn-stone"}`}>
            {t.label}
          </Link>
        ))}
      </nav>
      <Panel aria-labelledby="tickets-heading">
        <h2 id="tickets-heading" className="mb-3 text-2xl text-gold">
          {closed ? "Closed Tickets" : "Open Tickets"}
        </h2>
        {results.length === 0 ? (
          <p>{closed ? NO_CLOSED_TICKETS : NO_OPEN_TICKETS}</p>
        ) : (
          <TicketTable tickets={results} caption={closed ? "Closed tickets" : "Open tickets"} />
        )}
        <Pager basePath="/account/tickets" query={{ tab: closed ? "closed" : undefined }} page={page} hasNext={page * TICKETS_PAGE_SIZE < total} />
      </Panel>
    </>
  );
}
