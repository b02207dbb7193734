import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { playerHref } from "@/lib/hiscores";
import { playerTabHref } from "@/lib/progress/urls";
import { rankColorClass } from "@/lib/ranks";
import type { TForumUser } from "@/lib/schemas/forums";
import { profileHref } from "./forum-paths";
import { StaffIcon } from "./icons";
import { RankLink, TierLink, titleCase } from "./rank-labels";

// The author panel of a post (docs/product.md §2 Thread view, §6): avatar, staff icon, the name styled by
// rank, the rank and the post-count tier (each linked to /ranks, which explains them), thread and
// post counts, join date, and the links to the author's hiscores and to the Adventure log tab of
// their hiscores page (docs/forums.md). The name opens the author's profile (/users/{name}).

const AVATAR_COLORS = ["bg-ember-dark", "bg-moss", "bg-gold-dark", "bg-sky-800", "bg-violet-800", "bg-teal-800", "bg-rose-800", "bg-stone-700"];

/** A generated avatar: the name's first letter on a colour picked from the name. Decoration only. */
export function Avatar({ name, className = "size-16 text-3xl" }: { name: string; className?: string }) {
  let hash = 0;
  for (const ch of name.toLowerCase()) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 items-center justify-center rounded-md border-2 border-stone-700 font-[family-name:var(--font-display)] font-bold text-white ${AVATAR_COLORS[hash % AVATAR_COLORS.length]} ${className}`}
    >
      {(name.trim()[0] ?? "?").toUpperCase()}
    </span>
  );
}

export function AuthorPanel({ user }: { user: TForumUser }) {
  return (
    <div
      className="flex gap-3 border-b border-stone-700 pb-3 sm:flex-col sm:items-center sm:border-r sm:border-b-0 sm:pr-4 sm:pb-0 sm:text-center"
      data-testid="author-panel"
    >
      <Avatar name={user.name} />
      <div className="min-w-0 space-y-1">
        <p className="flex items-center gap-1.5 sm:justify-center">
          {user.is_staff ? <StaffIcon rank={titleCase(user.rank)} /> : null}
          <a href={profileHref(user.name)} className={`font-bold break-words ${rankColorClass(user.rank)}`} data-rank={user.rank} data-testid="author-name">
            {user.name}
          </a>
        </p>
        <p className="text-sm">
          <RankLink rank={user.rank} isStaff={user.is_staff} />
        </p>
        <p>
          <TierLink tier={user.tier} />
        </p>
        <dl className="space-y-0.5 text-xs text-stone-300">
          <div className="flex gap-1 sm:justify-center">
            <dt>Threads:</dt>
            <dd className="tabular-nums">{user.thread_count.toLocaleString("en-US")}</dd>
          </div>
          <div className="flex gap-1 sm:justify-center">
            <dt>Posts:</dt>
            <dd className="tabular-nums">{user.post_count.toLocaleString("en-US")}</dd>
          </div>
          <div className="flex flex-wrap gap-x-1 sm:justify-center">
            <dt>Joined:</dt>
            <dd className="whitespace-nowrap">
              <LocalDateTime value={user.join_date} forum />
            </dd>
          </div>
        </dl>
        <p className="flex flex-wrap gap-x-3 text-sm sm:justify-center">
          <a href={playerHref(user.name)}>
            Hiscores<span className="sr-only"> of {user.name}</span>
          </a>
          <a href={playerTabHref(user.name, "log")}>
            Adventure log<span className="sr-only"> of {user.name}</span>
          </a>
        </p>
      </div>
    </div>
  );
}
