// The voting API's answers as the browser names them (types only: no zod in the bundle; a change
// to an answer breaks the type check of the component that reads it). The calls themselves go
// through the generated endpoints (lib/client/endpoints.ts).
import type { TMonthlyWinners, TVoteCountdown, TVoteHistoryRow, TVoteLinks, TVoteMetrics, TVoteStanding } from "@/lib/schemas/votes";

export type VoteCountdown = TVoteCountdown;
export type VoteMetrics = TVoteMetrics;
export type VoteHistoryRow = TVoteHistoryRow;

/** A vote-site button: its link is made on the server (it carries the token), GET /api/v1/vote/links. */
export type VoteSiteLink = TVoteLinks["sites"][number];

export type VoteStanding = TVoteStanding;
export type MonthlyWinners = TMonthlyWinners;
