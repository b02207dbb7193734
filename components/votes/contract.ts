// The voting API as the browser uses it: paths, and the answers' types (types only: no zod in
// the bundle; a change to an answer breaks the type check of the component that reads it).
import type { TVoteCountdown, TVoteHistoryRow, TVoteLinks, TVoteMetrics } from "@/lib/schemas/votes";
import * as endpoints from "@/lib/client/endpoints";

export const VOTE_API = {
  countdown: endpoints.voteCountdown.path,
  metrics: endpoints.voteMetrics.path,
  history: endpoints.voteHistory.path,
} as const;

export type VoteCountdown = TVoteCountdown;
export type VoteMetrics = TVoteMetrics;
export type VoteHistoryRow = TVoteHistoryRow;

/** A vote-site button: its link is made on the server (it carries the token), GET /api/v1/vote/links. */
export type VoteSiteLink = TVoteLinks["sites"][number];
