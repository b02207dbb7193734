"use client";

import { useApiGet } from "@/components/api/use-api-get";
import { LoadFailed } from "@/components/ui/load-failed";
import * as endpoints from "@/lib/client/endpoints";
import { VoteSites } from "./vote-sites-client";

/**
 * The vote buttons of the prerendered /vote shell: the links carry the player's name and vote
 * token, so they come from GET /api/v1/vote/links; until then each site's place is held (named,
 * not yet a link) so nothing moves when they arrive.
 */
export function VoteSitesLoader({ names, points }: { names: readonly { key: string; name: string }[]; points?: ReadonlyMap<string, number> }) {
  const links = useApiGet(endpoints.voteLinks, {}, { signedIn: "/vote" });
  if (links.res?.ok && Array.isArray(links.res.data.sites)) return <VoteSites sites={links.res.data.sites} points={points} />;
  if (links.res && !links.signingIn) return <LoadFailed onRetry={links.retry}>We could not load your vote links.</LoadFailed>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-label="Vote sites" aria-busy="true">
      {names.map((site) => (
        <li key={site.key} className="panel flex flex-col items-stretch gap-3 p-4 text-center">
          <span className="btn btn-gold w-full animate-pulse text-lg opacity-70">{site.name}</span>
          <span className="block h-5" />
        </li>
      ))}
    </ul>
  );
}
