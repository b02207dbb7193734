import type { Metadata } from "next";
import Link from "next/link";
import { StaffBadge } from "@/components/staff/staff-badge";
import { Pager } from "@/components/ui/pager";
import { inputClass } from "@/components/ui/field";
import { LocalDateTime } from "@/components/ui/local-date-time-client";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import { InvalidQuery } from "@/components/ui/invalid-query";
import { PAGE_QUERIES } from "@/lib/schemas/page-queries";
import { PLAYERS_PAGE_SIZE } from "@/lib/schemas/staff-players";
import { parsePageQuery, type SearchParams } from "@/lib/server/http/page-query";
import { requireStaff } from "@/lib/server/sessions/guards";
import { searchPlayers } from "@/lib/server/staff/search-players";

// The staff console's Players area: find an account by the start of its username,
// its email or its id. Moderators and up; anyone else gets the 404 page. The search is a plain
// GET form, so it works without scripts and a search can be shared as a link.
export const metadata: Metadata = { title: "Players", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default async function StaffPlayersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const actor = await requireStaff("MODERATOR");
  const parsed = parsePageQuery(PAGE_QUERIES["/staff/players"], await searchParams);
  const form = (
    <form method="get" action="/staff/players" role="search" aria-label="Find players" className="mb-4 flex flex-wrap items-end gap-3">
      <div className="min-w-0 flex-1 sm:max-w-md">
        <label htmlFor="player-q" className="mb-1 block font-semibold">
          Username, email or id
        </label>
        <input
          id="player-q"
          name="q"
          type="search"
          defaultValue={parsed.values.q ?? ""}
          maxLength={254}
          autoComplete="off"
          aria-invalid={parsed.errors.q ? true : undefined}
          className={inputClass}
        />
      </div>
      <button type="submit" className="btn btn-gold">
        Search
      </button>
    </form>
  );
  const header = (
    <PageHeader
      title="Players"
      subtitle="Find a player by the start of their username (any case), their email or their id, then open their page to see their records or act on their account."
    />
  );
  if (!parsed.ok) {
    return (
      <>
        {header}
        {form}
        <InvalidQuery errors={parsed.errors} labels={{ q: "Username, email or id", page: "Page" }} />
      </>
    );
  }
  const { q = "", page } = parsed.query;
  const { results, total } = await searchPlayers({ q, page }, { actorId: actor.userId, privilege: actor.privilege });
  return (
    <>
      {header}
      {form}
      <Panel aria-labelledby="players-heading">
        <h2 id="players-heading" className="mb-3 text-2xl text-gold">
          {q
            ? `${total.toLocaleString("en-US")} ${total === 1 ? "match" : "matches"} for “${q}”`
            : `${total.toLocaleString("en-US")} ${total === 1 ? "account" : "accounts"}, newest first`}
        </h2>
        {results.length === 0 ? (
          <p>No account matches. Try fewer letters, or the whole email.</p>
        ) : (
          <ul className="divide-y divide-stone-800">
            {results.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3" data-testid="player-row">
                <Link href={`/staff/players/${p.id}`} className="min-w-0 text-lg font-bold break-words">
                  {p.username}
                </Link>
                {p.email !== null ? (
                  <span className="min-w-0 break-all text-stone-300">{p.email}</span>
                ) : (
                  <span className="text-stone-400">email hidden (rank at or above yours)</span>
                )}
                <span className="text-stone-400">#{p.id}</span>
                {p.privilege !== "PLAYER" ? <StaffBadge tone="wait">{p.privilege.charAt(0) + p.privilege.slice(1).toLowerCase()}</StaffBadge> : null}
                {p.banned ? <StaffBadge tone="bad">{p.bannedUntil ? "Banned for now" : "Banned"}</StaffBadge> : null}
                <span className="text-sm text-stone-400">
                  Joined <LocalDateTime value={p.joinDate} />
                </span>
              </li>
            ))}
          </ul>
        )}
        <Pager basePath="/staff/players" query={{ q: q || undefined }} page={page} hasNext={page * PLAYERS_PAGE_SIZE < total} />
      </Panel>
    </>
  );
}
