import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { Avatar } from "@/components/forums/author-panel";
import { forumHref, plural, threadHref } from "@/components/forums/forum-paths";
import { StaffIcon } from "@/components/forums/icons";
import { RankLink, TierLink, titleCase } from "@/components/forums/rank-labels";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { Panel } from "@/components/ui/panel";
import { playerHref } from "@/lib/hiscores";
import { playerTabHref } from "@/lib/progress/urls";
import { rankColorClass } from "@/lib/ranks";
import { ZProfileParams, type TProfile } from "@/lib/schemas/profiles";
import { getProfile } from "@/lib/server/forums/get-profile";
import type { Actor } from "@/lib/server/sessions/authenticate-request";
import { getCurrentActor } from "@/lib/server/sessions/current-user";

// /users/{name}: a player's public profile (docs/forums.md, "Profiles"). Rendered per request and
// never kept by the guest page cache: what it lists depends on the reader (staff see hidden posts
// marked, and the link to the staff player page), and every write it shows (posts, ranks, bans)
// is then seen at once without an announcement of its own. An unknown name is the 404 page.

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ name: string }> };

/** Once per request: the metadata and the page read the same profile. A failed read is "not found". */
const load = cache(async (actor: Actor | null, raw: string): Promise<{ profile: TProfile; userId: number } | null> => {
  let name: string;
  try {
    name = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const parsed = ZProfileParams.safeParse({ name });
  if (!parsed.success) return null;
  try {
    return await getProfile(actor, parsed.data.name);
  } catch {
    return null;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load(await getCurrentActor(), (await params).name);
  return { title: found ? `${found.profile.name} — profile` : "Player not found" };
}

export default async function ProfilePage({ params }: Props) {
  const actor = await getCurrentActor();
  const found = await load(actor, (await params).name);
  if (!found) notFound();
  const { profile: p, userId } = found;
  const staffViewer = Boolean(actor?.isStaff);

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center gap-4 border-b-2 border-stone-700 pb-4">
        <Avatar name={p.name} className="size-20 text-4xl" />
        <div className="min-w-0 space-y-1">
          <h1 className={`flex items-center gap-2 text-3xl break-words sm:text-4xl ${rankColorClass(p.rank)}`} data-testid="profile-name">
            {p.is_staff ? <StaffIcon rank={titleCase(p.rank)} /> : null}
            <span className="min-w-0">{p.name}</span>
          </h1>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <RankLink rank={p.rank} isStaff={p.is_staff} />
            {p.is_staff && p.donator_rank ? <RankLink rank={p.donator_rank} isStaff={false} /> : null}
            <TierLink tier={p.tier} />
          </p>
          {p.banned ? (
            <p className="inline-block rounded border border-blood/60 bg-blood/10 px-2 text-sm text-red-100" data-testid="profile-banned">
              This player is banned.
            </p>
          ) : null}
        </div>
      </header>

      <Panel>
        <h2 className="sr-only">About</h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-stone-200" data-testid="profile-facts">
          <dt className="text-stone-400">Joined</dt>
          <dd>
            <LocalDateTime value={p.join_date} forum />
          </dd>
          <dt className="text-stone-400">Threads</dt>
          <dd className="tabular-nums" data-testid="profile-thread-count">
            {p.thread_count.toLocaleString("en-US")}
          </dd>
          <dt className="text-stone-400">Posts</dt>
          <dd className="tabular-nums" data-testid="profile-post-count">
            {p.post_count.toLocaleString("en-US")}
          </dd>
        </dl>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1">
          <a href={playerHref(p.name)}>
            Hiscores<span className="sr-only"> of {p.name}</span>
          </a>
          <a href={playerTabHref(p.name, "log")}>
            Adventure log<span className="sr-only"> of {p.name}</span>
          </a>
          {staffViewer ? (
            <a href={`/staff/players/${userId}`} data-testid="profile-staff-link">
              Staff page<span className="sr-only"> of {p.name}</span>
            </a>
          ) : null}
        </p>
      </Panel>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel>
          <h2 className="mb-3 text-2xl text-gold">Recent posts</h2>
          {p.recent_posts.length === 0 ? (
            <p className="text-stone-300" data-testid="profile-no-posts">
              No posts yet.
            </p>
          ) : (
            <ol className="space-y-3" data-testid="profile-posts">
              {p.recent_posts.map((post) => (
                <li key={post.id} className="min-w-0 border-b border-stone-800 pb-3 last:border-b-0">
                  <p className="text-sm text-stone-400">
                    <a href={threadHref(post.thread.id, post.page, post.id)} className="font-semibold break-words">
                      {post.thread.title}
                    </a>{" "}
                    in <a href={forumHref(post.forum.id)}>{post.forum.name}</a>
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, </span>
                    <LocalDateTime value={post.date} forum />
                    {post.hidden ? <span className="ml-2 rounded border border-blood/60 px-1 text-xs text-red-100">Hidden</span> : null}
                  </p>
                  <p className="mt-1 break-words text-stone-200">{post.excerpt || "(an image)"}</p>
                </li>
              ))}
            </ol>
          )}
        </Panel>

        <Panel>
          <h2 className="mb-3 text-2xl text-gold">Recent threads</h2>
          {p.recent_threads.length === 0 ? (
            <p className="text-stone-300" data-testid="profile-no-threads">
              No threads yet.
            </p>
          ) : (
            <ol className="space-y-3" data-testid="profile-threads">
              {p.recent_threads.map((t) => (
                <li key={t.id} className="min-w-0 border-b border-stone-800 pb-3 last:border-b-0">
                  <a href={threadHref(t.id)} className="font-semibold break-words">
                    {t.title}
                  </a>
                  <p className="text-sm text-stone-400">
                    In <a href={forumHref(t.forum.id)}>{t.forum.name}</a>
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, </span>
                    {plural(t.post_count, "post")}
                    <span aria-hidden="true"> · </span>
                    <span className="sr-only">, </span>
                    <LocalDateTime value={t.date} forum />
                    {t.hidden ? <span className="ml-2 rounded border border-blood/60 px-1 text-xs text-red-100">Hidden</span> : null}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>
    </div>
  );
}
