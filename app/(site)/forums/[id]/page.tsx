import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Breadcrumb } from "@/components/forums/breadcrumb";
import { ForumPager } from "@/components/forums/forum-pager";
import { createThreadHref, forumHref } from "@/components/forums/forum-paths";
import { ThreadList } from "@/components/forums/thread-list";
import { MarkAllReadButton, UnreadProvider } from "@/components/forums/unread-client";
import { WatchControl } from "@/components/forums/watch-control-client";
import { SessionHintScript } from "@/components/layout/session-hint-script";
import { ButtonLink } from "@/components/ui/button-link";
import { pageNumber } from "@/lib/format/page-number";
import { routeId } from "@/lib/route-id";
import { THREADS_PAGE_SIZE } from "@/lib/schemas/forums";
import { findForumThreads } from "@/lib/server/forums/list-threads";
import { getCurrentActor } from "@/lib/server/sessions/current-user";

export const dynamic = "force-dynamic";

/** Once per request: the metadata and the page read the same forum page (staff also see hidden threads). */
const loadForum = cache(async (id: number, page: number) => findForumThreads(await getCurrentActor(), id, page));

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const id = routeId((await params).id);
  const found = id ? await loadForum(id, pageNumber((await searchParams).page)) : null;
  return { title: found ? found.forum.name : "Forum" };
}

/** docs/product.md §2 Thread list. Numeric ids only; a missing forum is the 404 page. Pinned threads first. */
export default async function ForumPage({ params, searchParams }: Props) {
  const id = routeId((await params).id);
  if (!id) notFound();
  const page = pageNumber((await searchParams).page);
  const [found, actor] = await Promise.all([loadForum(id, page), getCurrentActor()]);
  if (!found) notFound();
  const { forum, results, total } = found;
  const pages = Math.max(1, Math.ceil(total / THREADS_PAGE_SIZE));
  const canStart = !forum.staff_only || Boolean(actor?.isStaff);

  return (
    <>
      <SessionHintScript />
      <Breadcrumb
        crumbs={[{ label: "Forums", href: "/forums" }, { label: forum.category.name, href: `/forums#category-${forum.category.id}` }, { label: forum.name }]}
      />
      <UnreadProvider threadIds={results.map((t) => t.id)}>
        <header className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b-2 border-stone-700 pb-4">
          <div className="min-w-0">
            <h1 className="text-3xl break-words text-gold sm:text-4xl">{forum.name}</h1>
            <p className="mt-2 break-words text-stone-300">{forum.description}</p>
            {/* The reader's own level, asked in the browser: the page itself is the same for every reader. */}
            <div className="mt-3">
              <WatchControl kind="forum" id={forum.id} />
            </div>
          </div>
          {/* One link for guests and players (the page is the same for both): the create page sends a guest to log in first. */}
          <div className="flex flex-wrap items-center gap-3">
            <MarkAllReadButton forumId={id} />
            {canStart ? <ButtonLink href={createThreadHref(id)}>Create Thread</ButtonLink> : null}
          </div>
        </header>
        <section aria-label="Threads" className="panel overflow-hidden">
          <ThreadList threads={results} />
        </section>
      </UnreadProvider>
      <ForumPager page={page} pages={pages} href={(n) => forumHref(id, n)} label="Thread pages" numbers={false} />
    </>
  );
}
