import type { Metadata } from "next";
import { ForumIndex } from "@/components/forums/forum-index";
import { ForumSearchForm } from "@/components/forums/search-form";
import { MarkAllReadButton, UnreadProvider } from "@/components/forums/unread-client";
import { ButtonLink } from "@/components/ui/button-link";
import { PageHeader } from "@/components/ui/page-header";
import { listForumCategories } from "@/lib/server/forums/list-categories";
import { getCurrentActor } from "@/lib/server/sessions/current-user";

export const metadata: Metadata = { title: "Forums" };
export const dynamic = "force-dynamic";

// docs/product.md §2 Forum index. Per request (thread titles are written by players: NONCE_PAGES). Inside
// the (index) group so its loading skeleton covers this page only, not the forum pages below it.
export default async function ForumsPage() {
  const actor = await getCurrentActor();
  // Staff also see categories and forums they hid, marked Hidden.
  const categories = await listForumCategories(actor);
  return (
    <>
      <PageHeader title="Forums" subtitle="Talk with the community, read the guides and tell us about bugs.">
        {actor?.isStaff ? (
          <ButtonLink href="/staff/forums/reports" variant="stone">
            Reported posts
          </ButtonLink>
        ) : null}
      </PageHeader>
      {/* A signed-in player's markers and "Mark all read" come from the browser: the page is the same for everyone. */}
      <UnreadProvider forums>
        <div className="mb-6 flex flex-wrap items-center gap-3">
          <div className="min-w-0 grow">
            <ForumSearchForm />
          </div>
          <MarkAllReadButton />
        </div>
        <ForumIndex categories={categories} />
      </UnreadProvider>
    </>
  );
}
