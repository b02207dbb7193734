// The GET requests that may write to the database or set a cookie, and what exactly each may
// do. This is the one list: tests/smoke/get-routes.test.mjs allows these writes and nothing
// else, and checks that docs/accounts.md ("GET requests change nothing", table "Exceptions")
// has a row for each, naming the same route and tables.
//
// route:      "GET <path>" as the file tree gives it, dynamic segments in braces ("{id}");
//             "GET *" is every GET route and page.
// callers:    who the exception is for; when absent, every caller. The test calls each GET as
//             "guest" (no credentials), "player" and "staff" (session cookies), "store" (a
//             ::store-link session) and, for route handlers, "game" (a game server's API key).
// writes:     table → operation → true (any columns) or the only columns an UPDATE may change.
//             Tables outside `public` are named with their schema (graphile_worker.…).
// cookie:     true if the answer may carry Set-Cookie. No GET needs that today.
// occasional: true if it writes only in some states (once per server process, or when a cache
//             is stale), so the test does not insist on seeing it in its run.
// why:        the reason, in a few words (the doc says more).

/** @type {Array<{ route: string, callers?: string[], writes?: Record<string, Record<string, true | string[]>>, cookie?: boolean, occasional?: boolean, why: string }>} */
export const GET_EXCEPTIONS = [
  {
    route: "GET *",
    callers: ["player", "staff", "store"],
    writes: { sessions: { UPDATE: ["lastSeenAt", "idleExpiresAt"] } },
    why: "a session's last-seen time and idle expiry move forward, at most once a minute",
  },
  {
    route: "GET /api/v1/game/deliveries",
    callers: ["game"],
    writes: { game_api_keys: { UPDATE: ["lastUsedAt"] } },
    why: "the game key's last-used time, at most once a minute",
  },
  {
    route: "GET /api/v1/game/server-events",
    callers: ["game"],
    writes: { game_api_keys: { UPDATE: ["lastUsedAt"] } },
    why: "the game key's last-used time, at most once a minute",
  },
  {
    route: "GET /api/v1/forums/search",
    writes: { rate_limit_buckets: { INSERT: true, UPDATE: true } },
    why: "per-address rate limit counter",
  },
  {
    route: "GET /api/v1/users/search",
    writes: { rate_limit_buckets: { INSERT: true, UPDATE: true } },
    why: "per-player rate limit counter on the editor's @ lookup",
  },
  {
    route: "GET /api/v1/captcha/challenge",
    writes: { rate_limit_buckets: { INSERT: true, UPDATE: true } },
    why: "per-address rate limit counter",
  },
  {
    route: "GET /api/v1/store/gift-cards/balance",
    writes: { rate_limit_buckets: { INSERT: true, UPDATE: true } },
    why: "per-address rate limit counter on lookups by a gift card's code",
  },
  {
    route: "GET /api/v1/forums/images/{id}",
    writes: {
      rate_limit_buckets: { INSERT: true, UPDATE: true },
      forum_images: { UPDATE: ["body", "type", "fetchedAt", "failCount", "lastError", "lastStatus", "retryAt"] },
    },
    why: "the image proxy keeps its copy of an outside image, and the host's failures",
  },
  {
    route: "GET /api/v1/users/confirm",
    writes: {
      rate_limit_buckets: { INSERT: true, UPDATE: true },
      email_tokens: { UPDATE: ["usedAt"] },
      users: { UPDATE: ["isActive", "emailVerifiedAt", "updatedAt"] },
      audit_log: { INSERT: true },
    },
    why: "the emailed confirmation link activates the account and spends its token",
  },
  {
    route: "GET /api/v1/vote/callback/{site}",
    writes: {
      rate_limit_buckets: { INSERT: true, UPDATE: true },
      vote_sites: { INSERT: true },
      vote_callbacks: { INSERT: true },
      votes: { INSERT: true },
      users: { UPDATE: ["totalVotes", "updatedAt"] },
      game_deliveries: { INSERT: true },
      notifications: { INSERT: true },
      notification_keys: { INSERT: true },
      vote_streaks: { INSERT: true, UPDATE: ["current", "longest", "startDay", "lastDay", "updatedAt"] },
      vote_streak_rewards: { INSERT: true },
    },
    why: "a listing site reports a vote with a GET: stored, counted, rewarded, the streak kept, and the player's bell told",
  },
  {
    route: "GET /api/v1/vote/countdown",
    callers: ["player", "staff"],
    occasional: true,
    writes: { vote_sites: { INSERT: true } },
    why: "the preset listing sites without a row get one, once per process",
  },
  {
    route: "GET /api/v1/staff/votes/sites",
    callers: ["staff"],
    occasional: true,
    writes: { vote_sites: { INSERT: true } },
    why: "the preset listing sites without a row get one, once per process",
  },
  {
    route: "GET /staff/votes/sites",
    callers: ["staff"],
    occasional: true,
    writes: { vote_sites: { INSERT: true } },
    why: "the preset listing sites without a row get one, once per process",
  },
  {
    route: "GET /api/v1/vote/standing",
    callers: ["player", "staff"],
    occasional: true,
    writes: { vote_sites: { INSERT: true, UPDATE: ["name", "sortOrder"] } },
    why: "the configured listing sites are mirrored into vote_sites once per process",
  },
  {
    route: "GET /vote/go/{site}",
    callers: ["player", "staff"],
    writes: {
      vote_link_opens: { INSERT: true },
      users: { UPDATE: ["voteToken", "updatedAt"] },
      vote_sites: { INSERT: true },
    },
    why: "the open of a listing site's vote link is recorded (for the staff fraud signals) before the redirect",
  },
  {
    route: "GET /staff/votes/callbacks",
    callers: ["staff"],
    occasional: true,
    writes: { vote_sites: { INSERT: true, UPDATE: ["name", "sortOrder"] } },
    why: "the configured listing sites are mirrored into vote_sites once per process",
  },
  {
    route: "GET /api/v1/staff/votes/callbacks",
    callers: ["staff"],
    occasional: true,
    writes: { vote_sites: { INSERT: true, UPDATE: ["name", "sortOrder"] } },
    why: "the configured listing sites are mirrored into vote_sites once per process",
  },
  {
    route: "GET /api/v1/vote/metrics",
    occasional: true,
    writes: { cached_values: { INSERT: true, UPDATE: ["value", "refreshedAt"] } },
    why: "vote statistics recomputed and cached when the cache is missing or stale",
  },
  {
    route: "GET /staff",
    callers: ["staff"],
    occasional: true,
    writes: { cached_values: { INSERT: true, UPDATE: ["value", "refreshedAt"] } },
    why: "the staff dashboard's figures computed and cached when the cache is over a minute old",
  },
  {
    route: "GET /api/v1/staff/dashboard",
    callers: ["staff"],
    occasional: true,
    writes: { cached_values: { INSERT: true, UPDATE: ["value", "refreshedAt"] } },
    why: "the staff dashboard's figures computed and cached when the cache is over a minute old",
  },
  {
    route: "GET /api/v1/2fa/status",
    callers: ["player", "staff"],
    writes: { users: { UPDATE: ["totpSecretEnc", "updatedAt"] } },
    why: "the pending two-factor secret is created once, when first shown",
  },
  {
    route: "GET /api/v1/vote/links",
    callers: ["player", "staff"],
    // The walk's earlier /vote/go/{site} may already have made the token and the rows.
    occasional: true,
    writes: { users: { UPDATE: ["voteToken", "updatedAt"] }, vote_sites: { INSERT: true } },
    why: "the player's vote token is created once, on the first call (the vote page's first visit); the preset listing sites without a row get one, once per process",
  },
];
