import type { Metadata } from "next";
import { SavedReplies } from "@/components/tickets/saved-replies-client";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { requireStaff } from "@/lib/server/sessions/guards";
import { listSavedReplies } from "@/lib/server/tickets/saved-replies";

// Saved replies for the ticket page's reply box (docs/staff.md, "Saved replies"): moderators and
// up, as the ticket queue; anyone else gets the 404 page.
export const metadata: Metadata = { title: "Saved replies", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default async function SavedRepliesPage() {
  await requireStaff("MODERATOR");
  const replies = await listSavedReplies();
  return (
    <>
      <BackLink href="/staff/tickets">Back to the ticket queue</BackLink>
      <PageHeader title="Saved replies" subtitle="Replies staff insert in a ticket's reply box with Alt+Shift+R or the picker, filled for that ticket." />
      <SavedReplies replies={replies} />
    </>
  );
}
