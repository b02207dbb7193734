import type { Metadata } from "next";
import { ForumStructureEditor } from "@/components/staff/forum-structure-client";
import { PageHeader } from "@/components/ui/page-header";
import { listForumStructure } from "@/lib/server/forums/list-forum-structure";
import { requireStaff } from "@/lib/server/sessions/guards";

// The forum structure editor: categories and forums made, renamed, described,
// reordered, hidden and deleted. Administrators and up; anyone else, guests included, gets the
// 404 page. Every write goes through /api/v1/staff/forums/**, which checks the same privilege.
export const metadata: Metadata = { title: "Forum structure", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default async function StaffForumsPage() {
  await requireStaff("ADMINISTRATOR");
  const categories = await listForumStructure();
  return (
    <>
      <PageHeader
        title="Forum structure"
        subtitle="Categories and their forums, in the order players see them. A forum can be deleted only while it has no threads; hide it instead to take it out of sight. Every change is written to the audit log."
      />
      <ForumStructureEditor initial={categories} />
    </>
  );
}
