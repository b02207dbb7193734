"use client";

import { useApiGet } from "@/components/api/use-api-get";
import { LoadFailed } from "@/components/ui/load-failed";
import { Panel } from "@/components/ui/panel";
import * as endpoints from "@/lib/client/endpoints";
import type { VoteStanding } from "./contract";
import { VoteSitesLoader } from "./vote-sites-loader-client";

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
const points = (n: number) => `${n} vote ${n === 1 ? "point" : "points"}`;

/**
 * The vote buttons with each site's reward for this player, and beside them what the player has
 * earned: the rewards still waiting in game, the streak and the next milestone, the month's place
 * (GET /api/v1/vote/standing, fetched again when the player comes back from a vote site).
 */
export function VoteBoard({ placeholders }: { placeholders: number }) {
  const standing = useApiGet(endpoints.voteStanding, {}, { onReturn: true, signedIn: "/vote" });
  const data = standing.lastOk?.data ?? null;
  const sitePoints = data ? new Map(data.sites.map((s) => [s.key, s.points])) : undefined;
  return (
    <>
      <section aria-labelledby="vote-sites-heading">
        <h2 id="vote-sites-heading" className="sr-only">
          Vote sites
        </h2>
        <VoteSitesLoader placeholders={placeholders} points={sitePoints} />
        <p className="mt-3 text-sm text-stone-400">
          Each button opens the listing site in a new tab. Its timer starts once the site tells us about your vote.
          {data && data.multiplier !== 1 ? <span data-testid="vote-multiplier"> Your donator rank multiplies vote points by {data.multiplier}.</span> : null}
        </p>
      </section>
      <Panel aria-labelledby="vote-standing-heading" aria-busy={standing.loading} className="min-w-0">
        <h2 id="vote-standing-heading" className="text-2xl text-gold">
          Your vote rewards
        </h2>
        {standing.loading ? (
          <p role="status" className="mt-4">
            Loading your rewards...
          </p>
        ) : !data ? (
          <LoadFailed className="mt-4" onRetry={standing.refresh}>
            We could not load your vote rewards.
          </LoadFailed>
        ) : (
          <StandingDetails data={data} />
        )}
      </Panel>
    </>
  );
}

function StandingDetails({ data }: { data: VoteStanding }) {
  const { streak, month } = data;
  return (
    <div className="mt-4 grid gap-6 md:grid-cols-2">
      <div className="min-w-0">
        <h3 className="text-xl text-gold">Streak</h3>
        <dl className="mt-2 grid grid-cols-2 gap-3" data-testid="vote-streak">
          <div className="rounded border border-stone-700 bg-stone-850 p-3 text-center">
            <dt className="text-stone-300">Current streak</dt>
            <dd className="mt-1 text-2xl font-bold text-gold" data-testid="streak-current">
              {days(streak.current)}
            </dd>
          </div>
          <div className="rounded border border-stone-700 bg-stone-850 p-3 text-center">
            <dt className="text-stone-300">Longest streak</dt>
            <dd className="mt-1 text-2xl font-bold text-gold" data-testid="streak-longest">
              {days(streak.longest)}
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-sm text-stone-300" data-testid="streak-today">
          {streak.today_complete
            ? "Today counts: you voted on every site."
            : `Vote on every site today (${streak.time_zone} time) to ${streak.current > 0 ? "keep your streak" : "start a streak"}.`}
        </p>
        <p className="mt-1 text-sm text-stone-300" data-testid="streak-next">
          {streak.next_milestone
            ? `Next milestone: ${days(streak.next_milestone.days)} in a row, ${points(streak.next_milestone.points)}.`
            : "You have passed every streak milestone."}
        </p>
        <h3 className="mt-6 text-xl text-gold">This month</h3>
        <p className="mt-2 text-stone-300" data-testid="vote-month-standing">
          {month.place === null ? "No votes this month yet." : `Place ${month.place} with ${month.votes} ${month.votes === 1 ? "vote" : "votes"}.`}
        </p>
      </div>
      <div className="min-w-0">
        <h3 id="vote-waiting-heading" className="text-xl text-gold">
          Waiting in game
        </h3>
        {data.waiting.length === 0 ? (
          <p className="mt-2 text-stone-300" data-testid="vote-waiting-empty">
            Nothing waiting: every vote reward has been received in game.
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm text-stone-400">Log in to the game to receive them.</p>
            <ul aria-labelledby="vote-waiting-heading" className="mt-2 divide-y divide-stone-800" data-testid="vote-waiting">
              {data.waiting.map((w) => (
                <li key={w.id} className="py-2 break-words text-stone-100">
                  {w.text}
                </li>
              ))}
            </ul>
            {data.waiting_total > data.waiting.length ? (
              <p className="mt-1 text-sm text-stone-400">and {data.waiting_total - data.waiting.length} more</p>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
