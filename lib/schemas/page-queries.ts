import { z } from "zod";
import { ZPageQuery } from "./api";
import { searchForumsOp, listReportsOp } from "./forums";
import { listOrdersOp } from "./orders";
import { listAuditLogOp } from "./staff-audit";
import { staffDashboardOp } from "./staff-dashboard";
import { listStaffDeliveriesOp } from "./staff-deliveries";
import { EVENT_STATES, listStaffPaymentsOp, listWebhookEventsOp } from "./staff-payments";
import { searchPlayersOp } from "./staff-players";
import { listStaffVoteCallbacksOp } from "./staff-votes";
import { staffQueueOp } from "./tickets";

// The query of every page that reads one into a use case, by the page's path: the schema of the
// API operation that lists the same thing, so a page and its API accept and refuse the same
// values (lib/server/http/page-query.ts parses with these, with the API's text rule). Where a
// page offers one more choice than its API (an "all" tab, a view, a section), its entry widens
// that one field and says so. tests/unit/page-queries.test.ts sends hostile values to every entry
// and checks that every page reading a query is here or is listed there as one that need not be.

/** The query schema an operation declares (every operation named here has one). */
function queryOf<Q extends z.ZodObject>(op: { method: string; path: string; query?: Q }): Q {
  if (!op.query) throw new Error(`${op.method} ${op.path} has no query`);
  return op.query;
}

const ALL_TICKET_STATUSES = ["open", "closed", "all"] as const;
const ALL_EVENT_STATES = [...EVENT_STATES, "all"] as const;

export const PAGE_QUERIES = {
  "/staff": queryOf(staffDashboardOp),
  "/staff/players": queryOf(searchPlayersOp),
  // One player's record lists, paged like their API operations; `section` picks the list (an
  // unknown one shows the overview).
  "/staff/players/{id}": ZPageQuery.extend({
    section: z.string().max(32, "At most 32 characters.").optional().describe("Which of the player's records to list"),
  }),
  "/staff/audit": queryOf(listAuditLogOp),
  // Every competition, cancelled ones too (the public list and its API split them by status): a page only.
  "/staff/competitions": ZPageQuery,
  "/staff/deliveries": queryOf(listStaffDeliveriesOp),
  // Two views: `view=events` picks the second (any other value, or none, the purchases).
  "/staff/payments": queryOf(listStaffPaymentsOp),
  // The events view opens on the failed ones (state absent), where the API lists all; "all" is its tab.
  "/staff/payments?view=events": queryOf(listWebhookEventsOp).extend({
    state: z.enum(ALL_EVENT_STATES, { error: `State must be one of ${ALL_EVENT_STATES.join(", ")}.` }).optional(),
  }),
  // The queue opens on open tickets (absent), where the API lists all; "all" is its choice.
  "/staff/tickets": queryOf(staffQueueOp).extend({
    status: z.enum(ALL_TICKET_STATUSES, { error: `Status must be one of ${ALL_TICKET_STATUSES.join(", ")}.` }).optional(),
  }),
  "/staff/forums/reports": queryOf(listReportsOp),
  "/staff/votes/callbacks": queryOf(listStaffVoteCallbacksOp),
  "/forums/search": queryOf(searchForumsOp),
  // The order history; `type=credits` shows the product contract's credit purchases view instead.
  "/account/purchases": queryOf(listOrdersOp),
} as const;

export type PageQueryPath = keyof typeof PAGE_QUERIES;
