import type { Metadata } from "next";
import { VoteGoalProgress } from "@/components/votes/vote-goal-progress-client";
import { VoteHistory } from "@/components/votes/vote-history-client";
import { VoteBoard } from "@/components/votes/vote-board-client";
import { VoteMonthlyWinners } from "@/components/votes/vote-monthly-winners-client";
import { VoteStatistics } from "@/components/votes/vote-statistics-client";
import { PageHeader } from "@/components/ui/page-header";
import { NO_LEADERBOARD, VOTE_METRICS_REFRESH_SEC } from "@/lib/schemas/votes";
import { siteConfig } from "@/lib/site-config";

// "Vote | <site>" through the root layout's title template (the same text as pageTitle("Vote")).
export const metadata: Metadata = { title: "Vote" };
// A prerendered shell (docs/performance.md, "Signed-in pages as shells"): proxy.ts sends guests
// to /login first; the player's links, countdowns and history come from the API.

const cooldownHours = Math.max(...siteConfig.voteSites.map((s) => s.cooldownHours));

const siteNames = siteConfig.voteSites.map((s) => ({ key: s.key, name: s.name }));
const prizeLabels = siteConfig.voteRewards.monthlyPrizes.map((p) => p.label);

export default function VotePage() {
  return (
    <>
      <PageHeader
        title={`Vote every ${cooldownHours} hours`}
        subtitle="Vote for us on each listing site below. Every vote is credited to your account automatically; claim your vote points in game."
      />
      <div className="min-h-dvh space-y-6">
        <VoteGoalProgress />
        <VoteBoard names={siteNames} />
        <div className="grid gap-6 lg:grid-cols-2">
          <VoteStatistics refreshSec={VOTE_METRICS_REFRESH_SEC} emptyText={NO_LEADERBOARD} />
          <VoteHistory />
        </div>
        <VoteMonthlyWinners prizes={prizeLabels} />
      </div>
    </>
  );
}
