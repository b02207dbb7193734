"use client";

import { useEffect, useState } from "react";
import { ButtonLink } from "@/components/ui/button-link";
import { AVAILABLE, NEXT_VOTE, formatCountdown } from "@/lib/votes/vote-display";
import { useApiGet } from "@/components/api/use-api-get";
import * as endpoints from "@/lib/client/endpoints";
import type { VoteSiteLink } from "./contract";

const TICK_MS = 1000;

/**
 * docs/product.md §2 Vote and §4 Vote countdown: one button per listing site, each with 'Next Vote' and
 * the time left, or 'Available!'. One clock for all of them, ticking every second. The countdown
 * is fetched again when the player comes back to the tab (from the vote site, most often), so
 * a vote shows without a reload. When the call fails the labels are hidden (docs/product.md §8: logged
 * only; the browser's network log already has the failed request, so nothing is printed).
 */
export function VoteSites({ sites, points }: { sites: readonly VoteSiteLink[]; points?: ReadonlyMap<string, number> }) {
  const countdown = useApiGet(endpoints.voteCountdown, {}, { onReturn: true });
  const [clock, setClock] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setClock(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  // Until the first tick after an answer, count from the moment it arrived.
  const now = Math.max(clock, countdown.at);
  const times = countdown.res?.ok ? countdown.res.data : null;

  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-label="Vote sites" aria-busy={countdown.loading}>
      {sites.map((site) => {
        const labelId = `vote-next-${site.key}`;
        const value = times ? (times as Record<string, string | null | undefined>)[site.key] : undefined;
        const next = times ? (typeof value === "string" ? value : null) : undefined;
        const text = next === undefined ? null : formatCountdown(next, now);
        const reward = points?.get(site.key);
        const rewardId = `vote-reward-${site.key}`;
        const describedBy = reward === undefined ? labelId : `${labelId} ${rewardId}`;
        return (
          <li key={site.key} className="panel flex flex-col items-stretch gap-3 p-4 text-center" data-testid={`vote-site-${site.key}`}>
            {/* Cooling down: a disabled button, not a link (a vote now would not count). */}
            {text !== null && text !== AVAILABLE ? (
              <button type="button" disabled className="btn btn-gold w-full cursor-not-allowed text-lg opacity-60" aria-describedby={describedBy}>
                {site.name}
              </button>
            ) : (
              <ButtonLink href={site.go} external variant="gold" className="w-full text-lg" aria-describedby={describedBy}>
                {site.name}
                <span className="sr-only"> (opens in a new tab)</span>
              </ButtonLink>
            )}
            {reward === undefined ? null : (
              <p id={rewardId} className="text-sm text-stone-300" data-testid="vote-site-reward">
                Reward: {reward} vote {reward === 1 ? "point" : "points"}
              </p>
            )}
            {/* Always in the DOM (the link points at it); empty while loading or after a failed call. */}
            <p id={labelId} className="min-h-6 text-stone-300" data-testid="vote-countdown">
              {text === null ? null : text === AVAILABLE ? (
                <span className="font-bold text-emerald-200">{AVAILABLE}</span>
              ) : (
                <>
                  {NEXT_VOTE}{" "}
                  <span role="timer" className="font-mono font-bold text-gold tabular-nums">
                    {text}
                  </span>
                </>
              )}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
