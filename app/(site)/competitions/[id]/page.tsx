import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { CompetitionWindow, kindText, metricsText, StatusBadge } from "@/components/competitions/competition-facts";
import { JoinCompetition } from "@/components/competitions/join-competition-client";
import { StandingsChart } from "@/components/competitions/standings-chart";
import { firstParam } from "@/components/hiscores/hiscores-view";
import { ProgressTime } from "@/components/progress/progress-time";
import { BackLink } from "@/components/ui/back-link";
import { Pager } from "@/components/ui/pager";
import { Panel } from "@/components/ui/panel";
import { TableHead } from "@/components/ui/table-head";
import { STANDINGS_PAGE_SIZE } from "@/lib/competitions/rules";
import { clampHiscoresPage } from "@/lib/hiscores";
import { playerTabHref } from "@/lib/progress/urls";
import { competitionChart } from "@/lib/server/competitions/chart";
import { getCompetition } from "@/lib/server/competitions/get-competition";
import { AppError } from "@/lib/server/errors";
import { getCurrentActor } from "@/lib/server/sessions/current-user";

type Params = Promise<{ id: string }>;
type SearchParams = Record<string, string | string[] | undefined>;

const fmt = new Intl.NumberFormat("en-US");
const readId = (raw: string): number | null => (/^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null);

/** The competition, or null when there is none with that id. Read once per request (metadata and page). */
const load = cache(async (id: number, page: number, viewerId: number | null) => {
  try {
    return await getCompetition(id, page, viewerId);
  } catch (e) {
    if (e instanceof AppError && e.code === "NOT_FOUND") return null;
    throw e;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const id = readId((await params).id);
  const actor = await getCurrentActor();
  const view = id === null ? null : await load(id, 1, actor?.userId ?? null);
  return { title: view ? view.competition.title : "Competition not found" };
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${fmt.format(n)}${s}`;
}

// /competitions/{id}?page=: one competition (docs/competitions.md): what it counts and when, the
// signed-in player's place with Join / Leave, the leaders' chart, the teams (total, average, MVP)
// and the standings, 25 a page. Rendered per request: the standings move with every push.
export default async function CompetitionPage({ params, searchParams }: { params: Params; searchParams: Promise<SearchParams> }) {
  const id = readId((await params).id);
  if (id === null) notFound();
  const page = clampHiscoresPage(firstParam(await searchParams, "page"));
  const actor = await getCurrentActor();
  const view = await load(id, page, actor?.userId ?? null);
  if (!view) notFound();
  const { competition: c, results, teams, me, participants, total } = view;
  const started = new Date(c.starts_at) <= new Date();
  const chart =
    c.status === "cancelled"
      ? null
      : await competitionChart({ id: c.id, startsAt: new Date(c.starts_at), endsAt: new Date(c.ends_at), endedAt: c.ended_at ? new Date(c.ended_at) : null });
  const unit = c.metric_kind === "skills" ? "XP" : "";
  const multi = c.metrics.length > 1;
  const columns = [
    { label: "Rank", className: "px-2 py-2" },
    { label: "Player", className: "px-2 py-2" },
    ...(teams ? [{ label: "Team", className: "hidden px-2 py-2 sm:table-cell" }] : []),
    { label: "Points", className: "px-2 py-2 text-right" },
    { label: "Reached", className: "hidden px-2 py-2 md:table-cell" },
  ];

  return (
    <div className="space-y-6">
      <BackLink href="/competitions">All competitions</BackLink>
      <header className="border-b-2 border-stone-700 pb-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-3xl break-words text-gold sm:text-4xl">{c.title}</h1>
          <StatusBadge status={c.status} />
        </div>
        <p className="mt-2 text-lg text-stone-100">{metricsText(c)}</p>
        <p className="mt-1 text-stone-300">{kindText(c)}</p>
        <p className="mt-1 text-stone-300">
          <CompetitionWindow c={c} />
        </p>
        {c.status === "cancelled" ? <p className="mt-2 text-red-200">Cancelled by staff: nothing more is counted and no prizes are given.</p> : null}
        {c.ended_at ? (
          <p className="mt-2 text-stone-300">
            Results frozen <ProgressTime value={c.ended_at} />
            {c.prizes.length > 0 ? "; prizes wait in game for their winners." : "."}
          </p>
        ) : null}
      </header>

      {c.status !== "cancelled" && !c.ended_at ? (
        <Panel aria-labelledby="you-heading" data-testid="my-place">
          <h2 id="you-heading" className="mb-2 text-2xl text-gold">
            Your place
          </h2>
          {me === null ? (
            c.signup === "open" ? (
              <p className="text-stone-200">
                <Link href={`/login?next=${encodeURIComponent(`/competitions/${c.id}`)}`}>Sign in</Link> to join and see your place.
              </p>
            ) : (
              <p className="text-stone-200">Every player who trains what it counts takes part: nothing to sign up for.</p>
            )
          ) : (
            <div className="space-y-3">
              {me.joined ? (
                <p className="text-stone-100" data-testid="my-rank">
                  {me.rank === null
                    ? "You take part, but staff accounts and banned players are not ranked."
                    : `You are ${ordinal(me.rank)} of ${fmt.format(participants)} with ${fmt.format(me.score ?? 0)} points${
                        me.team_id !== null ? `, for ${c.teams.find((t) => t.id === me.team_id)?.name ?? "your team"}` : ""
                      }.`}
                </p>
              ) : c.signup === "everyone" ? (
                <p className="text-stone-200">You take part as soon as you gain in what it counts: nothing to sign up for.</p>
              ) : !me.can_join ? (
                <p className="text-stone-200">Sign-up is closed.</p>
              ) : null}
              {c.signup === "open" ? (
                <JoinCompetition competitionId={c.id} joined={me.joined} canJoin={me.can_join} started={started} teams={c.type === "team" ? c.teams : null} />
              ) : null}
            </div>
          )}
        </Panel>
      ) : null}

      {c.prizes.length > 0 ? (
        <Panel aria-labelledby="prizes-heading">
          <h2 id="prizes-heading" className="mb-2 text-2xl text-gold">
            Prizes
          </h2>
          <ol className="grid gap-1 text-stone-200 sm:grid-cols-2">
            {c.prizes.map((p) => (
              <li key={p.place}>
                {ordinal(p.place)} place: {fmt.format(p.quantity)} × item {p.item_id}
                {c.type === "team" ? " for every scoring member" : ""}
              </li>
            ))}
          </ol>
          <p className="mt-2 text-sm text-stone-300">Delivered in game when it ends, to players with more than 0 points; claim them like store items.</p>
        </Panel>
      ) : null}

      {chart ? <StandingsChart chart={chart} unit={multi ? "" : unit} /> : null}

      {teams ? (
        <Panel aria-labelledby="teams-heading" data-testid="team-standings">
          <h2 id="teams-heading" className="mb-3 text-2xl text-gold">
            Teams
          </h2>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm sm:text-base">
              <TableHead
                columns={[
                  { label: "Rank", className: "px-2 py-2" },
                  { label: "Team", className: "px-2 py-2" },
                  { label: "Total", className: "px-2 py-2 text-right" },
                  { label: "Average", className: "hidden px-2 py-2 text-right sm:table-cell" },
                  { label: "MVP", className: "px-2 py-2" },
                ]}
              />
              <tbody>
                {teams.map((t) => (
                  <tr key={t.id} className="border-b border-stone-800 align-top" data-team={t.name}>
                    <td className="px-2 py-2 tabular-nums">{t.rank}</td>
                    <td className="px-2 py-2 break-words">
                      {t.name}
                      <span className="block text-xs text-stone-300">
                        {fmt.format(t.members)} {t.members === 1 ? "member" : "members"}
                        <span className="sm:hidden"> · average {fmt.format(t.average)}</span>
                      </span>
                    </td>
                    <td className="px-2 py-2 text-right tabular-nums">{fmt.format(t.total)}</td>
                    <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">{fmt.format(t.average)}</td>
                    <td className="px-2 py-2 break-all">
                      {t.mvp ? (
                        <>
                          <Link href={playerTabHref(t.mvp.username, "gains")}>{t.mvp.username}</Link>
                          <span className="block text-xs text-stone-300">{fmt.format(t.mvp.score)} points</span>
                        </>
                      ) : (
                        <span className="text-stone-400">None yet</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Panel>
      ) : null}

      <Panel aria-labelledby="standings-heading" data-testid="standings">
        <h2 id="standings-heading" className="mb-1 text-2xl text-gold">
          Standings
        </h2>
        <p className="mb-3 text-sm text-stone-300">
          {fmt.format(participants)} {participants === 1 ? "player" : "players"}. Equal points rank by who reached them first.
        </p>
        {results.length === 0 ? (
          <p className="py-6 text-center text-stone-300">
            {c.status === "upcoming" ? "Nobody has gained anything yet: counting begins at the start." : "Nobody has gained anything yet."}
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm sm:text-base">
              <TableHead columns={columns} />
              <tbody>
                {results.map((r) => (
                  <tr key={r.id} className={`border-b border-stone-800 align-top ${r.id === actor?.userId ? "bg-stone-800/60" : ""}`} data-player={r.username}>
                    <td className="px-2 py-2 tabular-nums">{r.rank}</td>
                    <td className="px-2 py-2 break-all">
                      <Link href={playerTabHref(r.username, "gains")}>{r.username}</Link>
                      {r.id === actor?.userId ? <span className="ml-2 text-xs text-gold-bright">(you)</span> : null}
                      {teams && r.team ? <span className="block text-xs break-normal text-stone-300 sm:hidden">{r.team.name}</span> : null}
                      {multi && r.progress.length > 0 ? (
                        <span className="block text-xs break-normal text-stone-300">
                          {r.progress
                            .filter((p) => p.gained > 0)
                            .map((p) => `${c.metrics.find((m) => m.metric === p.metric)?.name ?? p.metric} +${fmt.format(p.gained)}`)
                            .join(" · ")}
                        </span>
                      ) : null}
                    </td>
                    {teams ? <td className="hidden px-2 py-2 sm:table-cell">{r.team?.name ?? "–"}</td> : null}
                    <td className="px-2 py-2 text-right tabular-nums">{fmt.format(r.score)}</td>
                    <td className="hidden px-2 py-2 text-sm text-stone-300 md:table-cell">
                      <ProgressTime value={r.reached_at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager basePath={`/competitions/${c.id}`} query={{}} page={page} hasNext={page * STANDINGS_PAGE_SIZE < total} />
      </Panel>
    </div>
  );
}
