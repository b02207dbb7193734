"use client";

import { useApiGet } from "@/components/api/use-api-get";
import { LoadFailed } from "@/components/ui/load-failed";
import * as endpoints from "@/lib/client/endpoints";
import { VoteSites } from "./vote-sites-client";

/**
 * The vote buttons of the prerendered /vote shell: the active sites and their links (which carry
 * the player's name and vote token) come from GET /api/v1/vote/links; until then `placeholders`
 * places are held (not yet named: the sites are the database's) so little moves when they arrive.
 */
export function VoteSitesLoader({ placeholders, points }: { placeholders: number; points?: ReadonlyMap<string, number> }) {
  const links = useApiGet(endpoints.voteLinks, {}, { signedIn: "/vote" });
  if (links.res?.ok && Array.isArray(links.res.data.sites)) return <VoteSites sites={links.res.data.sites} points={points} />;
  if (links.res && !links.signingIn) return <LoadFailed onRetry={links.retry}>We could not load your vote links.</LoadFailed>;
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-3" aria-label="Vote sites" aria-busy="true">
      {Array.from({ length: placeholders }, (_, i) => (
        <li key={i} className="panel flex flex-col items-stretch gap-3 p-4 text-center">
          <span aria-hidden="true" className="btn btn-gold w-full animate-pulse text-lg opacity-70">
            {"\u00a0"}
          </span>
          <span className="block h-5" />
        </li>
      ))}
    </ul>
  );
}
