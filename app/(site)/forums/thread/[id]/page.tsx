import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Breadcrumb } from "@/components/forums/breadcrumb";
import { ForumPager } from "@/components/forums/forum-pager";
import { forumHref, loginHref, plural, profileHref, threadHref, threadPageParam } from "@/components/forums/forum-paths";
import { LockIcon, PinIcon } from "@/components/forums/icons";
import { ThreadLikesProvider } from "@/components/forums/likes-client";
import { PostCard } from "@/components/forums/post-card";
import { ReplyForm, ReplyGate } from "@/components/forums/reply-form-client";
import { StaffThreadControls } from "@/components/forums/staff-thread-controls-client";
import { WatchControl } from "@/components/forums/watch-control-client";
import { ThreadReadRecorder } from "@/components/forums/unread-client";
import { SessionHintScript } from "@/components/layout/session-hint-script";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { Panel } from "@/components/ui/panel";
import { routeId } from "@/lib/route-id";
import { THREAD_CLOSED_MESSAGE, type TThreadView } from "@/lib/schemas/forums";
import { findThreadView } from "@/lib/server/forums/get-thread";
import { listForumCategories } from "@/lib/server/forums/list-categories";
import type { Actor } from "@/lib/server/sessions/authenticate-request";
import { getCurrentActor } from "@/lib/server/sessions/current-user";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Once per request: the metadata and the page read the same thread. A failed read is "not found" (docs/product.md §8). */
const loadThread = cache(async (actor: Actor | null, id: number, page: number): Promise<TThreadView | null> => {
  try {
    return await findThreadView(actor, id, page);
  } catch {
    return null;
  }
});

async function load({ params, searchParams }: Props) {
  const id = routeId((await params).id);
  if (!id) return null;
  const actor = await getCurrentActor();
  const thread = await loadThread(actor, id, threadPageParam((await searchParams).page));
  return thread ? { actor, thread } : null;
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const found = await load(props);
  return { title: found ? found.thread.title : "Thread" };
}

/**
 * docs/product.md §2 Thread view. Numeric ids only; a thread that is missing, hidden from this reader or
 * fails to load is the 404 page. Post bodies are stored, sanitised HTML: this page is in
 * NONCE_PAGES, and links to it are plain <a> (a full load under its own policy).
 * For everyone but staff it is the public page, the same for guests and players (the page cache
 * serves it to both): the reply form, Edit and Report are added in the browser for who is signed in.
 */
export default async function ThreadPage(props: Props) {
  const found = await load(props);
  if (!found) notFound();
  const { actor, thread } = found;
  const staff = Boolean(actor?.isStaff);
  const forums = staff ? await listForumCategories() : [];
  const here = threadHref(thread.id, thread.page);
  const pager = <ForumPager page={thread.page} pages={thread.pages} href={(n) => threadHref(thread.id, n)} label="Post pages" />;

  return (
    <>
      {/* First on the page: the stand-ins below (watching, reply form) show for a likely member. */}
      <SessionHintScript />
      <Breadcrumb
        crumbs={[
          { label: "Forums", href: "/forums" },
          { label: thread.category.name, href: `/forums#category-${thread.category.id}` },
          { label: thread.forum.name, href: forumHref(thread.forum.id) },
          { label: thread.title },
        ]}
      />
      <header className="mb-4 border-b-2 border-stone-700 pb-4">
        <h1 className="flex items-start gap-2 text-3xl break-words text-gold sm:text-4xl">
          {thread.pinned || thread.closed ? (
            <span className="mt-2 flex shrink-0 gap-1.5 text-base sm:mt-3">
              {thread.pinned ? <PinIcon className="size-5" /> : null}
              {thread.closed ? <LockIcon className="size-5" /> : null}
            </span>
          ) : null}
          <span className="min-w-0">{thread.title}</span>
        </h1>
        <p className="mt-2 text-sm text-stone-300" data-testid="thread-meta">
          Started by <a href={profileHref(thread.user.name)}>{thread.user.name}</a> on <LocalDateTime value={thread.date} forum />
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          <span data-testid="thread-post-count" data-count={thread.post_count}>
            {plural(thread.post_count, "post")}
          </span>
        </p>
        {/* The reader's own level, asked in the browser: the page itself is the same for every reader. */}
        <div className="mt-3">
          <WatchControl kind="thread" id={thread.id} />
        </div>
      </header>
      {thread.hidden ? (
        <p className="mb-4 rounded border-2 border-dashed border-blood/70 bg-blood/10 px-4 py-3 text-red-100" data-testid="thread-hidden-notice">
          This thread is hidden from players. Hidden by staff: {thread.hidden_reason ?? "no reason given"}
        </p>
      ) : null}

      <div className={staff ? "grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]" : ""}>
        <div className="min-w-0">
          {pager}
          <ThreadLikesProvider threadId={thread.id}>
            <ol className="space-y-4" aria-label="Posts">
              {thread.posts.map((p, i) => (
                // Staff's page is rendered for them; everyone else's is the public page, and what a
                // signed-in player may do with a post is decided in the browser (PostShell).
                <PostCard
                  key={p.id}
                  post={p}
                  latest={thread.page === thread.pages && i === thread.posts.length - 1}
                  permissions={staff ? { canEdit: true, editNeedsReason: actor?.username !== p.user.name, canReport: false, canModerate: true } : undefined}
                />
              ))}
            </ol>
          </ThreadLikesProvider>
          {thread.posts.length === 0 ? <p className="text-stone-300">No posts to show on this page.</p> : null}
          {/* A signed-in player has read up to the last post shown (docs/forums.md, "Unread and new"). */}
          <ThreadReadRecorder threadId={thread.id} lastPostId={thread.posts.at(-1)?.id ?? null} />
          {pager}

          <div className="mt-6">
            {thread.hidden ? (
              // Only staff reach a hidden thread, and the server takes no replies to it.
              <p className="rounded border-2 border-stone-600 bg-stone-800/60 px-4 py-3" data-testid="hidden-no-replies">
                Replies are off while the thread is hidden. Unhide it to open it again.
              </p>
            ) : thread.closed ? (
              <p className="flex items-center gap-3 rounded border-2 border-stone-600 bg-stone-800/60 px-4 py-3" data-testid="closed-notice">
                <LockIcon label="" className="size-5" />
                {THREAD_CLOSED_MESSAGE}
              </p>
            ) : staff ? (
              <Panel>
                <ReplyForm threadId={thread.id} page={thread.page} pages={thread.pages} postsOnPage={thread.posts.length} />
              </Panel>
            ) : (
              <ReplyGate
                threadId={thread.id}
                page={thread.page}
                pages={thread.pages}
                postsOnPage={thread.posts.length}
                fallback={
                  <p className="rounded border-2 border-stone-600 bg-stone-800/60 px-4 py-3" data-testid="login-prompt">
                    <Link href={loginHref(here)}>Log in to reply</Link> to this thread. New here? <Link href="/register">Create an account</Link>.
                  </p>
                }
              />
            )}
          </div>
        </div>

        {staff ? (
          <aside aria-label="Thread moderation" className="space-y-6">
            <Panel>
              <StaffThreadControls
                threadId={thread.id}
                pinned={thread.pinned}
                closed={thread.closed}
                hidden={thread.hidden}
                title={thread.title}
                forumId={thread.forum.id}
                forums={forums.map((c) => ({ category: c.name, forums: c.forums.map((f) => ({ id: f.id, name: f.name })) }))}
              />
            </Panel>
            <p>
              <Link href="/staff/forums/reports">Reported posts</Link>
            </p>
          </aside>
        ) : null}
      </div>
    </>
  );
}
