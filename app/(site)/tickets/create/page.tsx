import type { Metadata } from "next";
import { CreateTicketForm } from "@/components/tickets/create-ticket-form-client";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { isTicketType } from "@/lib/schemas/tickets";
import { requireUser } from "@/lib/server/sessions/guards";
import { listRelatedRecords } from "@/lib/server/tickets/list-related-records";
import { BackLink } from "@/components/ui/back-link";

export const metadata: Metadata = { title: "Create Ticket" };
export const dynamic = "force-dynamic";

/** docs/product.md §2 Create Ticket. `?type=REPORT_PLAYER` (a type code) preselects the type, as the landing's help blocks do. */
export default async function CreateTicketPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const type = isTicketType(q.type) ? q.type : "";
  const actor = await requireUser(`/tickets/create${type ? `?type=${type}` : ""}`);
  const related = await listRelatedRecords(actor.userId);
  return (
    <div className="mx-auto max-w-2xl">
      <BackLink href="/tickets/">Back to support</BackLink>
      <PageHeader title="Create Ticket" subtitle="Tell us what happened. Staff answer on the ticket page and we email you when they do." />
      <Panel>
        <CreateTicketForm initialType={type} related={related} />
      </Panel>
    </div>
  );
}
