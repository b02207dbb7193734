import type { Metadata } from "next";
import { VoteGoalProgress } from "@/components/votes/vote-goal-progress-client";
import { VoteHistory } from "@/components/votes/vote-history-client";
import { VoteBoard } from "@/components/votes/vote-board-client";
import { VoteMonthlyWinners } from "@/components/votes/vote-monthly-winners-client";
import { VoteStatistics } from "@/components/votes/vote-statistics-client";
import { PageHeader } from "@/components/ui/page-header";
import { NO_LEADERBOARD, VOTE_METRICS_REFRESH_SEC } from "@/lib/schemas/votes";
import { VOTE_COOLDOWN_DEFAULT } from "@/lib/schemas/vote-sites";
import { siteConfig } from "@/lib/site-config";
import { VOTE_SITE_PRESETS } from "@/lib/votes/presets";

// "Vote | <site>" through the root layout's title template (the same text as pageTitle("Vote")).
export const metadata: Metadata = { title: "Vote" };
// A prerendered shell (docs/performance.md, "Signed-in pages as shells"): proxy.ts sends guests
// to /login first; the player's links, countdowns and history come from the API. The vote sites
// are vote_sites rows an administrator adds and turns on or off (/staff/votes/sites), so the shell
// names none: it holds a place for each site shipped active, and the buttons, each with its own
// cooldown and reward, come from GET /api/v1/vote/links, /countdown and /standing.

const shippedActive = VOTE_SITE_PRESETS.filter((p) => p.active).length;
const prizeLabels = siteConfig.voteRewards.monthlyPrizes.map((p) => p.label);

export default function VotePage() {
  return (
    <>
      <PageHeader
        title={`Vote every ${VOTE_COOLDOWN_DEFAULT} hours`}
        subtitle="Vote for us on each listing site below. Every vote is credited to your account automatically; claim your vote points in game."
      />
      <div className="min-h-dvh space-y-6">
        <VoteGoalProgress />
        <VoteBoard placeholders={shippedActive} />
        <div className="grid gap-6 lg:grid-cols-2">
          <VoteStatistics refreshSec={VOTE_METRICS_REFRESH_SEC} emptyText={NO_LEADERBOARD} />
          <VoteHistory />
        </div>
        <VoteMonthlyWinners prizes={prizeLabels} />
      </div>
    </>
  );
}
