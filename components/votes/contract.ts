// The voting API as the browser uses it: paths, and the answers' types (types only: no zod in
// the bundle; a change to an answer breaks the type check of the component that reads it).
import type { TVoteCountdown, TVoteHistoryRow, TVoteMetrics } from "@/lib/schemas/votes";
import * as endpoints from "@/lib/client/endpoints";

export const VOTE_API = {
  countdown: endpoints.voteCountdown.path,
  metrics: endpoints.voteMetrics.path,
  history: endpoints.voteHistory.path,
} as const;

export type VoteCountdown = TVoteCountdown;
export type VoteMetrics = TVoteMetrics;
export type VoteHistoryRow = TVoteHistoryRow;

/** A vote-site button as the page renders it: the link is built on the server (it needs the token). */
export type VoteSiteLink = { key: keyof VoteCountdown; name: string; href: string };
