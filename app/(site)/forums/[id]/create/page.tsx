import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Breadcrumb } from "@/components/forums/breadcrumb";
import { CreateThreadForm } from "@/components/forums/create-thread-form-client";
import { createThreadHref, forumHref } from "@/components/forums/forum-paths";
import { LiveAlert } from "@/components/ui/alert";
import { BackLink } from "@/components/ui/back-link";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { routeId } from "@/lib/route-id";
import { STAFF_ONLY_FORUM_MESSAGE } from "@/lib/schemas/forums";
import { findForum } from "@/lib/server/forums/list-threads";
import { requireUser } from "@/lib/server/sessions/guards";

export const metadata: Metadata = { title: "Create Thread", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

/** docs/product.md §2 Create Thread (auth). A player in a staff-only forum is told so instead of getting a form. */
export default async function CreateThreadPage({ params }: { params: Promise<{ id: string }> }) {
  const id = routeId((await params).id);
  if (!id) notFound();
  const actor = await requireUser(createThreadHref(id));
  const forum = await findForum(id, actor);
  if (!forum) notFound();
  return (
    <div className="mx-auto max-w-3xl">
      <Breadcrumb
        crumbs={[
          { label: "Forums", href: "/forums" },
          { label: forum.category.name, href: `/forums#category-${forum.category.id}` },
          { label: forum.name, href: forumHref(forum.id) },
          { label: "Create Thread" },
        ]}
      />
      <PageHeader title="Create Thread" subtitle={<>In {forum.name}</>} />
      {forum.staff_only && !actor.isStaff ? (
        <>
          <LiveAlert tone="info">{STAFF_ONLY_FORUM_MESSAGE}</LiveAlert>
          <BackLink href={forumHref(forum.id)} className="mt-4">
            Back to {forum.name}
          </BackLink>
        </>
      ) : (
        <Panel>
          <CreateThreadForm forumId={forum.id} />
        </Panel>
      )}
    </div>
  );
}
