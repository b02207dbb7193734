// The voting API as the browser uses it: paths, and the answers' types (types only: no zod in
// the bundle; a change to an answer breaks the type check of the component that reads it).
import type { TVoteCountdown, TVoteHistoryRow, TVoteMetrics } from "@/lib/schemas/votes";

export const VOTE_API = {
  countdown: "/api/v1/vote/countdown",
  metrics: "/api/v1/vote/metrics",
  history: "/api/v1/vote/history",
} as const;

export type VoteCountdown = TVoteCountdown;
export type VoteMetrics = TVoteMetrics;
export type VoteHistoryRow = TVoteHistoryRow;

/** A vote-site button as the page renders it: the link is built on the server (it needs the token). */
export type VoteSiteLink = { key: keyof VoteCountdown; name: string; href: string };
