import type { Metadata } from "next";
import type { VoteSiteLink } from "@/components/votes/contract";
import { VoteHistory } from "@/components/votes/vote-history";
import { VoteSites } from "@/components/votes/vote-sites";
import { VoteStatistics } from "@/components/votes/vote-statistics";
import { PageHeader } from "@/components/ui/page-header";
import { NO_LEADERBOARD, VOTE_METRICS_REFRESH_SEC } from "@/lib/schemas/votes";
import { requireUser } from "@/lib/server/sessions/guards";
import { ensureVoteToken } from "@/lib/server/votes/vote-token";
import { siteConfig } from "@/lib/site-config";
import { voteLink } from "@/lib/votes/vote-display";

// "Vote | <site>" through the root layout's title template (the same text as pageTitle("Vote")).
export const metadata: Metadata = { title: "Vote" };
// Per-player: the links carry the player's name and incentive token.
export const dynamic = "force-dynamic";

const cooldownHours = Math.max(...siteConfig.voteSites.map((s) => s.cooldownHours));

export default async function VotePage() {
  const actor = await requireUser("/vote");
  const token = await ensureVoteToken(actor.userId);
  const sites: VoteSiteLink[] = siteConfig.voteSites.map((s) => ({ key: s.key, name: s.name, href: voteLink(s.urlTemplate, actor.username, token) }));
  return (
    <>
      <PageHeader
        title={`Vote every ${cooldownHours} hours`}
        subtitle="Vote for us on each listing site below. Every vote is credited to your account automatically; claim your vote points in game."
      />
      <div className="space-y-6">
        <section aria-labelledby="vote-sites-heading">
          <h2 id="vote-sites-heading" className="sr-only">
            Vote sites
          </h2>
          <VoteSites sites={sites} />
          <p className="mt-3 text-sm text-stone-400">Each button opens the listing site in a new tab. Its timer starts once the site tells us about your vote.</p>
        </section>
        <div className="grid gap-6 lg:grid-cols-2">
          <VoteStatistics refreshSec={VOTE_METRICS_REFRESH_SEC} emptyText={NO_LEADERBOARD} />
          <VoteHistory />
        </div>
      </div>
    </>
  );
}
