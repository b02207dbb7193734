import { z } from "zod";
import { defineOperation, ZErrorBody, ZPageQuery, zPaged } from "./api";
import { ZDeliveryBlocked } from "./game";
import { zId } from "./ids";
import { ZSessionDto } from "./accounts";
import { staffAuditOperations, zJsonValue } from "./staff-audit";
import { zStaffReason } from "./staff-reason";

// Contracts of the staff console's Players area: find a player, read everything the
// site holds about them, and act on their account. Our own API (docs/product.md has no staff console),
// camelCase like the Prisma fields. Reading is for moderators and up, purchases with their
// provider events for administrators; each action names its own privilege.

export const PLAYERS_PAGE_SIZE = 25;
/** Rows per page of a player's records (ledger, orders, …) on their own page. */
export const PLAYER_RECORDS_PAGE_SIZE = 25;
/** Rows of each record list on the player's overview, before its "more" link. */
export const PLAYER_OVERVIEW_ROWS = 10;

const PRIVILEGES = ["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"] as const;
const ZPrivilege = z.enum(PRIVILEGES);
const iso = () => z.string().describe("ISO 8601 time (UTC)");

// ── inputs ──

/** Why a member of staff acts: required, shown in the audit log (the shared staff rule). */
const zReason = () => zStaffReason("Why, for the audit log (3–500 characters)");

export const ZReasonInput = z.object({ reason: zReason() });

const UNTIL_MESSAGE = "Enter the end of the ban as a date and time in the future.";
export const ZBanInput = z.object({
  reason: zReason(),
  until: z.iso
    .datetime({ offset: true, error: UNTIL_MESSAGE })
    .transform((v) => new Date(v))
    .refine((d) => d.getTime() > Date.now(), UNTIL_MESSAGE)
    .refine((d) => d.getUTCFullYear() < 10_000, UNTIL_MESSAGE)
    .nullable()
    .optional()
    .describe("End of a temporary ban (ISO 8601 with offset, in the future); absent or null bans for good"),
});

export const ZPrivilegeInput = z.object({
  privilege: z.enum(PRIVILEGES, { error: `Choose one of ${PRIVILEGES.join(", ")}.` }).describe("The new privilege"),
  reason: zReason(),
});

export const ZPlayerParams = z.object({ id: zId({ description: "Player (user) id" }) });

export const ZPlayerSearchQuery = ZPageQuery.extend({
  q: z
    .string()
    .trim()
    .max(254, "Search is at most 254 characters.")
    .optional()
    .describe("Username prefix (any case), email (or its start) or id; empty lists every account, newest first"),
});

// ── answers ──

export const ZStaffPlayerRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable().describe("Null for an account whose private record is out of the searcher's reach (its rank is at or above theirs)"),
  privilege: ZPrivilege,
  memberRank: z.string().describe("Donator rank (NONE, PREMIUM, …)"),
  banned: z.boolean().describe("A ban is in force now"),
  bannedUntil: iso().nullable().describe("End of a temporary ban"),
  joinDate: iso(),
});
export type TStaffPlayerRow = z.infer<typeof ZStaffPlayerRow>;

export const ZPlayerStatus = z.object({
  id: z.number().int(),
  username: z.string(),
  privilege: ZPrivilege,
  banned: z.boolean().describe("A ban is in force now"),
  bannedAt: iso().nullable(),
  bannedUntil: iso().nullable().describe("End of a temporary ban; null for a permanent one"),
  banReason: z.string().nullable(),
  twoFactor: z.boolean().describe("Two-factor authentication is on"),
});
export type TPlayerStatus = z.infer<typeof ZPlayerStatus>;

export const ZStaffPlayer = ZPlayerStatus.extend({
  email: z.string(),
  emailConfirmed: z.boolean(),
  memberRank: z.string().describe("Donator rank (NONE, PREMIUM, …)"),
  rank: z.string().describe("Display rank: the donator rank of a player, else the privilege (lower case)"),
  totalSpentCents: z.number().int().describe("Money paid, in US cents (paid purchases)"),
  storeCredits: z.number().int().describe("Credit balance"),
  totalVotes: z.number().int(),
  threadCount: z.number().int(),
  postCount: z.number().int(),
  joinDate: iso(),
  lastLoginAt: iso().nullable(),
  sessions: z.array(ZSessionDto).describe("Live browser sessions and API logins"),
});
export type TStaffPlayer = z.infer<typeof ZStaffPlayer>;

export const ZEndSessionsResult = z.object({ ended: z.number().int().describe("Sessions and API logins ended") });

export const ZLedgerRow = z.object({
  id: z.number().int(),
  createdAt: iso(),
  kind: z.string().describe("PURCHASE, BONUS, SPEND, REFUND, CHARGEBACK or ADJUSTMENT"),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  note: z.string().nullable(),
  actor: z.string().nullable().describe("Username of the member of staff who made an adjustment"),
  creditPurchaseId: z.number().int().nullable(),
  storeOrderId: z.number().int().nullable(),
});
export type TLedgerRow = z.infer<typeof ZLedgerRow>;

export const ZProviderEvent = z.object({
  id: z.number().int(),
  provider: z.string(),
  eventId: z.string(),
  type: z.string(),
  receivedAt: iso(),
  processedAt: iso().nullable(),
  error: z.string().nullable(),
});
export type TProviderEvent = z.infer<typeof ZProviderEvent>;

export const ZPurchaseRow = z.object({
  id: z.number().int(),
  createdAt: iso(),
  paidAt: iso().nullable(),
  method: z.string(),
  status: z.string(),
  credits: z.number().int(),
  bonusCredits: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  providerRef: z.string().nullable(),
  deliverInGame: z.boolean(),
  events: z.array(ZProviderEvent).describe("Provider webhook events whose payload names this purchase's provider reference"),
});
export type TPurchaseRow = z.infer<typeof ZPurchaseRow>;

export const ZOrderRow = z.object({
  id: z.number().int(),
  createdAt: iso(),
  product: z.string(),
  quantity: z.number().int(),
  priceCredits: z.number().int(),
  deliveryId: z.number().int().nullable(),
  deliveryStatus: z.string().nullable(),
  deliveryBlocked: ZDeliveryBlocked,
});
export type TOrderRow = z.infer<typeof ZOrderRow>;

export const ZDeliveryRow = z.object({
  id: z.number().int(),
  createdAt: iso(),
  kind: z.string().describe("STORE_ITEM, CREDIT_PACKAGE, VOTE_REWARD, COMPETITION_PRIZE, VOTE_STREAK_REWARD or VOTE_MONTHLY_PRIZE"),
  status: z.string().describe("PENDING, LEASED, DELIVERED or CANCELED"),
  leasedUntil: iso().nullable(),
  leaseExpired: z.boolean().describe("Leased, and the lease ran out without an acknowledgement (it goes back to pending)"),
  deliveredAt: iso().nullable(),
  blocked: ZDeliveryBlocked,
  attempts: z.number().int(),
  payload: zJsonValue().describe("What the game hands over"),
  storeOrderId: z.number().int().nullable(),
  creditPurchaseId: z.number().int().nullable(),
  voteId: z.number().int().nullable(),
});
export type TDeliveryRow = z.infer<typeof ZDeliveryRow>;

export const ZVoteRow = z.object({
  id: z.number().int(),
  createdAt: iso(),
  site: z.string(),
  ip: z.string().nullable(),
  deliveryStatus: z.string().nullable(),
});
export type TVoteRow = z.infer<typeof ZVoteRow>;

export const ZProgressRow = z.object({
  bucket: iso().describe("The hour (or, past the hourly retention, the day) the changes fell in"),
  metric: z.string().describe("overall, a skill or an activity key"),
  name: z.string(),
  start: z.number().int().describe("The value before the period's first push"),
  end: z.number().int().describe("The value after its last push"),
  reset: z.boolean().describe("The value went down: a rollback in the game (also in the audit log)"),
});
export type TProgressRow = z.infer<typeof ZProgressRow>;

export const ZVoteCallbackRow = z.object({
  id: z.number().int(),
  receivedAt: iso(),
  site: z.string().nullable(),
  ip: z.string().nullable(),
  accepted: z.boolean(),
  reason: z.string().nullable().describe("Why a callback did not count"),
});
export type TVoteCallbackRow = z.infer<typeof ZVoteCallbackRow>;

export const ZStaffTicketRow = z.object({ id: z.number().int(), title: z.string(), type: z.string(), closed: z.boolean(), createdAt: iso(), updatedAt: iso() });
export type TStaffTicketRow = z.infer<typeof ZStaffTicketRow>;

export const ZStaffPostRow = z.object({
  id: z.number().int(),
  threadId: z.number().int(),
  threadTitle: z.string(),
  createdAt: iso(),
  hidden: z.boolean(),
  href: z.string().describe("Site path of the post in its thread"),
});
export type TStaffPostRow = z.infer<typeof ZStaffPostRow>;

// ── operations ──

const TAG = "Staff";
const notFound = { description: "No such player", schema: ZErrorBody };
const outOfReach = {
  description: "The account is out of this member of staff's reach (a rank at or above theirs; for actions, also their own)",
  schema: ZErrorBody,
};
const readResponses = <T extends z.ZodType>(item: T, what: string) => ({ 200: { description: what, schema: zPaged(item) }, 403: outOfReach, 404: notFound });
const readsPlayer = { in: "path-player", reach: "read" } as const;
const actsOnPlayer = { in: "path-player", reach: "act" } as const;

export const searchPlayersOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/players",
  summary: "Find players by username prefix, email or id (moderator)",
  description: "An email matches, and is shown, only for accounts below the searcher's rank (and their own).",
  tag: TAG,
  auth: "moderator",
  query: ZPlayerSearchQuery,
  responses: { 200: { description: `Matching accounts, ${PLAYERS_PAGE_SIZE} a page`, schema: zPaged(ZStaffPlayerRow) } },
});

export const getPlayerOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/players/{id}",
  summary: "One player: profile, privilege, donator rank, ban, 2FA and sessions (moderator)",
  tag: TAG,
  auth: "moderator",
  params: ZPlayerParams,
  staffTarget: readsPlayer,
  responses: { 200: { description: "The player", schema: ZStaffPlayer }, 403: outOfReach, 404: notFound },
});

const recordsOp = <A extends "moderator" | "administrator", T extends z.ZodType>(segment: string, auth: A, item: T, summary: string) =>
  defineOperation({
    method: "GET",
    path: `/api/v1/staff/players/{id}/${segment}`,
    summary,
    tag: TAG,
    auth,
    params: ZPlayerParams,
    staffTarget: readsPlayer,
    query: ZPageQuery,
    responses: readResponses(item, `${PLAYER_RECORDS_PAGE_SIZE} a page, newest first`),
  });

export const listPlayerLedgerOp = recordsOp("ledger", "moderator", ZLedgerRow, "A player's credit ledger, with the balance after each entry (moderator)");
export const listPlayerPurchasesOp = recordsOp(
  "purchases",
  "administrator",
  ZPurchaseRow,
  "A player's credit purchases with their provider events (administrator)",
);
export const listPlayerOrdersOp = recordsOp("orders", "moderator", ZOrderRow, "A player's store orders (moderator)");
export const listPlayerDeliveriesOp = recordsOp("deliveries", "moderator", ZDeliveryRow, "A player's game deliveries and their state (moderator)");
export const listPlayerVotesOp = recordsOp("votes", "moderator", ZVoteRow, "A player's counted votes (moderator)");
export const listPlayerVoteCallbacksOp = recordsOp(
  "vote-callbacks",
  "moderator",
  ZVoteCallbackRow,
  "Vote-site callbacks that named the player, counted or not (moderator)",
);
export const listPlayerTicketsOp = recordsOp("tickets", "moderator", ZStaffTicketRow, "A player's support tickets (moderator)");
export const listPlayerPostsOp = recordsOp("posts", "moderator", ZStaffPostRow, "A player's forum posts, hidden ones included (moderator)");
export const listPlayerProgressOp = recordsOp(
  "progress",
  "moderator",
  ZProgressRow,
  "A player's progress history: each hour (or merged day) in which the game's pushes changed a metric, with resets (moderator)",
);

const actionResponses = {
  200: { description: "The player's state afterwards", schema: ZPlayerStatus },
  403: outOfReach,
  404: notFound,
  409: { description: "Nothing to do (e.g. not banned), or not allowed in this state", schema: ZErrorBody },
};

export const banPlayerOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/players/{id}/ban",
  summary: "Ban a player for good or until a time; their sessions end at once (moderator: players only)",
  description:
    "The staff rule: nobody acts on their own account or on a rank at or above their own (moderators ban players; administrators players and moderators; owners everyone below owner). A temporary ban ends by itself at `until`.",
  tag: TAG,
  auth: "moderator",
  params: ZPlayerParams,
  staffTarget: actsOnPlayer,
  body: ZBanInput,
  responses: actionResponses,
});

export const unbanPlayerOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/players/{id}/unban",
  summary: "Lift a player's ban (moderator: players only)",
  tag: TAG,
  auth: "moderator",
  params: ZPlayerParams,
  staffTarget: actsOnPlayer,
  body: ZReasonInput,
  responses: actionResponses,
});

export const endPlayerSessionsOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/players/{id}/end-sessions",
  summary: "Sign a player out everywhere: every browser session and API login (moderator: players only)",
  tag: TAG,
  auth: "moderator",
  params: ZPlayerParams,
  staffTarget: actsOnPlayer,
  body: ZReasonInput,
  responses: { ...actionResponses, 200: { description: "How many were ended", schema: ZEndSessionsResult } },
});

export const SHARED_ADDRESS_PERIODS = [7, 30, 90] as const;
export const SHARED_ADDRESS_PERIOD_MESSAGE = "Choose a period of 7, 30 or 90 days.";
export const ZSharedAddressesInput = z.object({
  days: z
    .union([z.literal(7), z.literal(30), z.literal(90)], { error: SHARED_ADDRESS_PERIOD_MESSAGE })
    .default(30)
    .describe("How many days back to look: 7, 30 (default) or 90"),
});
export const ZSharedAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  privilege: ZPrivilege,
  banned: z.boolean(),
  addresses: z.array(z.string()).describe("The addresses this account shared with the player in the period"),
  lastSeenAt: iso().describe("The latest use of one of those addresses by this account"),
});
export const ZSharedAddresses = z.object({
  days: z.number().int(),
  since: iso(),
  addresses: z.number().int().describe("How many distinct addresses the player's own sessions and API logins used in the period"),
  accounts: z
    .array(ZSharedAccount)
    .describe(
      "Other accounts whose sessions or API logins used one of them in the period, most addresses shared first; accounts out of your reach are left out",
    ),
});
export type TSharedAddresses = z.infer<typeof ZSharedAddresses>;

export const sharedAddressesOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/players/{id}/shared-addresses",
  summary: "Accounts that used the same addresses as a player over 7, 30 or 90 days (moderator; each look-up audited)",
  description:
    "Addresses come from browser sessions and API logins (the address each was made from) used in the period. A POST because each look-up writes an audit entry. Accounts at or above your rank are left out of the answer.",
  tag: TAG,
  auth: "moderator",
  params: ZPlayerParams,
  staffTarget: readsPlayer,
  body: ZSharedAddressesInput,
  responses: {
    200: { description: "The accounts sharing addresses", schema: ZSharedAddresses },
    400: { description: "Field errors", schema: ZErrorBody },
    403: outOfReach,
    404: notFound,
  },
});

export const resetPlayerTwoFactorOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/players/{id}/reset-2fa",
  summary: "Turn off a player's two-factor authentication and email them (administrator)",
  tag: TAG,
  auth: "administrator",
  params: ZPlayerParams,
  staffTarget: actsOnPlayer,
  body: ZReasonInput,
  responses: actionResponses,
});

export const setPlayerPrivilegeOp = defineOperation({
  method: "PUT",
  path: "/api/v1/staff/players/{id}/privilege",
  summary: "Change who is staff (owner, of anyone but themselves); the last owner cannot be demoted",
  tag: TAG,
  auth: "owner",
  params: ZPlayerParams,
  staffTarget: { in: "path-player", reach: "privilege" },
  body: ZPrivilegeInput,
  responses: actionResponses,
});

/** The Players area's operations, and the audit log's (lib/schemas/staff-audit.ts). */
export const staffPlayerOperations = [
  searchPlayersOp,
  getPlayerOp,
  listPlayerLedgerOp,
  listPlayerPurchasesOp,
  listPlayerOrdersOp,
  listPlayerDeliveriesOp,
  listPlayerVotesOp,
  listPlayerVoteCallbacksOp,
  listPlayerTicketsOp,
  listPlayerPostsOp,
  listPlayerProgressOp,
  banPlayerOp,
  unbanPlayerOp,
  endPlayerSessionsOp,
  sharedAddressesOp,
  resetPlayerTwoFactorOp,
  setPlayerPrivilegeOp,
  ...staffAuditOperations,
];
