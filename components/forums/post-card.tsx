import { LocalDateTime } from "@/components/ui/local-date-time-client";
import type { TPost } from "@/lib/schemas/forums";
import { AuthorPanel } from "./author-panel";
import { LATEST_POST_ANCHOR, postAnchor } from "./forum-paths";
import { LikeBar } from "./likes-client";
import { PostShell } from "./post-shell-client";
import type { PostPermissions } from "./reader-permissions";

/**
 * One post (docs/product.md §2 Thread view): the author panel, the date, the edited marker and the body.
 * The body is the stored, sanitised HTML (lib/server/forums/sanitize.ts) and nothing else: this
 * is the only place post HTML is rendered, inside `.rich-text`, on a nonce-policy page.
 */
/**
 * `permissions`: staff's, decided on the server; left out on the public page, where the browser decides.
 * `latest`: the thread's newest post (the last one of its last page), where "Last post" links land.
 */
export function PostCard({ post, permissions, latest = false }: { post: TPost; permissions?: PostPermissions; latest?: boolean }) {
  const anchor = postAnchor(post.id);
  return (
    <li id={anchor} className="scroll-mt-4" data-testid="post" data-post-id={post.id}>
      {latest ? <span id={LATEST_POST_ANCHOR} className="block scroll-mt-4" /> : null}
      <article
        aria-label={`Post by ${post.user.name}`}
        className={`panel grid gap-4 p-4 sm:grid-cols-[11rem_minmax(0,1fr)] sm:p-5 ${post.hidden ? "border-dashed border-blood/70 bg-stone-950" : ""}`}
        data-hidden={post.hidden || undefined}
      >
        <AuthorPanel user={post.user} />
        <div className="flex min-w-0 flex-col gap-3">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone-400">
            <a href={`#${anchor}`} className="text-stone-300">
              <span className="sr-only">Posted </span>
              <LocalDateTime value={post.date} forum />
            </a>
            {post.edited ? (
              <span data-testid="edited">
                Edited
                {post.edited.by ? ` by ${post.edited.by}` : ""} on <LocalDateTime value={post.edited.date} forum />
                {post.edited.reason ? `: ${post.edited.reason}` : ""}
              </span>
            ) : null}
          </p>
          {post.hidden ? (
            <p className="rounded border border-blood/60 bg-blood/10 px-3 py-2 text-sm text-red-100" data-testid="hidden-notice">
              Hidden by staff: {post.hidden_reason ?? "no reason given"}
            </p>
          ) : null}
          <PostShell
            postId={post.id}
            author={post.user.name}
            date={post.date}
            content={permissions?.canEdit ? post.content : undefined}
            hidden={post.hidden}
            permissions={permissions}
          >
            <div
              className={`rich-text min-w-0 ${post.hidden ? "text-stone-400" : ""}`}
              data-testid="post-body"
              dangerouslySetInnerHTML={{ __html: post.content }}
            />
          </PostShell>
          <LikeBar postId={post.id} author={post.user.name} initialCount={post.like_count} />
        </div>
      </article>
    </li>
  );
}
