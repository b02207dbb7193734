import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";

export const metadata: Metadata = { title: "About Tickets" };

/** docs/product.md §2 /ticketinfo/: a placeholder article about support tickets. */
export default function TicketInfoPage() {
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="About Tickets" />
      <Panel tone="parchment" as="article" className="prose-site space-y-4">
        <p>A support ticket is a private conversation between you and the staff team. Only you and staff can read it.</p>
        <p>
          Choose the type that fits best, give it a short title and describe what happened: when, where in the game, and what you expected. If it is about a
          purchase or a vote, pick it from the list so staff can see it straight away.
        </p>
        <p>
          Staff reply on the ticket page and we email you when they do. When the problem is solved staff close the ticket; if you need more help afterwards,
          open a new one.
        </p>
        <p>
          <Link href="/tickets/create">Create a ticket</Link> or go back to <Link href="/tickets/">Support</Link>.
        </p>
      </Panel>
    </div>
  );
}
