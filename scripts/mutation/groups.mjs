// The module groups of `npm run test:mutation` (scripts/mutation.mjs): the code that decides
// money and access, each with the test files that exercise it. `mutate` lists a whole file, or
// { file, names }: only those top-level functions and constants (a name that is no declaration
// marks a block inside one, e.g. ".superRefine("). Keep the lists to the deciding code: messages,
// log lines and read-only views are left out.
//
// `integration: true` marks a group whose tests use PostgreSQL (the vitest globalSetup starts an
// embedded server per Stryker worker unless TEST_DATABASE_URL is set).

export const GROUPS = [
  {
    name: "address",
    title: "Address classification: public/private IP rules, client address and loopback",
    mutate: ["lib/ip-address.ts", "lib/server/security/client-address.ts"],
    tests: [
      "tests/unit/client-address.test.ts",
      "tests/unit/image-proxy-address.test.ts",
      "tests/unit/image-url.test.ts",
      "tests/unit/address-mutation.test.ts",
    ],
  },
  {
    name: "sanitizer",
    title: "Forum/news HTML sanitiser and the image-URL rule",
    mutate: [
      { file: "lib/server/forums/sanitize.ts", names: ["ALIGN", "OPTIONS", "sanitizePostHtml", "cleanContent"] },
      { file: "lib/image-url.ts", names: ["SITE_IMAGE_PATHS", "PRIVATE_NAME", "isSiteImagePath", "hasControlCharacter", "hostOf", "judgeImageSource"] },
    ],
    tests: [
      "tests/unit/sanitize-html.test.ts",
      "tests/unit/image-url.test.ts",
      "tests/unit/image-proxy-address.test.ts",
      "tests/unit/sanitizer-mutation.test.ts",
    ],
  },
  {
    name: "env",
    title: "Production configuration rules",
    mutate: [{ file: "lib/server/env.ts", names: ["bool", "optionalString", ".superRefine(", "voteSiteEnvNames", "voteSiteChecks", "parseEnv"] }],
    tests: [
      "tests/unit/env-and-security.test.ts",
      "tests/unit/env-node-env.test.ts",
      "tests/unit/payments-settings.test.ts",
      "tests/unit/env-mutation.test.ts",
    ],
  },
  {
    name: "csrf",
    title: "CSRF / Origin check of state-changing API requests",
    mutate: [
      { file: "lib/server/http/auth.ts", names: ["hasSessionCookie", "assertSameOrigin"] },
      { file: "lib/server/http/route.ts", names: ["if (UNSAFE_METHODS.has(req.method)"] },
    ],
    tests: ["tests/unit/csrf-mutation.test.ts", "tests/integration/api-frame-security.test.ts"],
    integration: true,
  },
  {
    name: "staff",
    title: "Staff privilege checks",
    mutate: [
      { file: "lib/privileges.ts", names: ["PRIVILEGE_LADDER", "RANK", "atLeast", "ranksBelow", "staffRefusal"] },
      { file: "lib/server/http/auth.ts", names: ["MIN_PRIVILEGE", "resolveActor"] },
      { file: "lib/staff-areas.ts", names: ["staffAreasFor"] },
      { file: "lib/server/accounts/admin-actions.ts", names: ["assertStaffReach"] },
      { file: "lib/server/sessions/authenticate-request.ts", names: ["toActor"] },
    ],
    tests: ["tests/unit/staff-mutation.test.ts", "tests/integration/staff-privilege-edges.test.ts"],
    integration: true,
  },
  {
    name: "tokens",
    title: "Access tokens (JWT) and refresh-token rotation",
    mutate: [
      { file: "lib/server/sessions/access-token.ts", names: ["key", "issuer", "signAccessToken", "verifyAccessToken"] },
      { file: "lib/server/sessions/api-tokens.ts", names: ["issueTokenPair", "rotateRefreshToken"] },
      { file: "lib/server/sessions/authenticate-request.ts", names: ["actorFromAccessToken"] },
    ],
    tests: ["tests/integration/tokens-edges.test.ts"],
    integration: true,
  },
  {
    name: "two-factor",
    title: "Two-factor verification",
    mutate: [
      { file: "lib/server/accounts/two-factor.ts", names: ["normaliseRecovery", "activateTwoFactor", "consumeSecondFactor", "deactivateTwoFactor"] },
      { file: "lib/server/accounts/totp.ts", names: ["checkTotp"] },
    ],
    tests: ["tests/integration/two-factor-edges.test.ts"],
    integration: true,
  },
  {
    name: "captcha",
    title: "Captcha verification",
    mutate: [
      { file: "lib/server/captcha/verify-captcha.ts", names: ["verifyCaptcha", "verifyAltcha", "verifySiteverify"] },
      { file: "lib/server/captcha/captcha-config.ts", names: ["activeCaptchaProvider"] },
    ],
    tests: ["tests/integration/captcha-edges.test.ts"],
    integration: true,
  },
  {
    name: "votes",
    title: "Vote callbacks",
    mutate: [
      { file: "lib/server/votes/record-vote-callback.ts", names: ["recordVoteCallback", "answerVoteCallback", "judgeVoteCallback", "checkCaller"] },
      { file: "lib/server/votes/vote-token.ts", names: ["userIdForVoteToken"] },
      { file: "lib/server/votes/vote-sites.ts", names: ["activeVoteSite", "voteSiteSecretOf"] },
      { file: "lib/server/votes/active-sites.ts", names: ["listActiveVoteSites"] },
      { file: "lib/server/votes/manage-vote-sites.ts", names: ["createVoteSite", "updateVoteSite", "finish"] },
      "lib/server/votes/sql/voters.ts",
    ],
    // votes-mutation: quick cases of each decision on sites of its own (rows, checks, cooldown,
    // answer shape, staff writes); the slower route-level files (vote-sites, vote-goals) stay in
    // the integration suite.
    tests: ["tests/integration/votes-edges.test.ts", "tests/integration/votes-mutation.test.ts"],
    integration: true,
  },
  {
    name: "store",
    title: "Buying with credits (store purchase) and the credit ledger write",
    mutate: [
      { file: "lib/server/store/purchase-product.ts", names: ["KEY_PATTERN", "idempotencyKeyFrom", "purchaseProduct", "buyOnce", "replay"] },
      { file: "lib/server/credits/apply-credit-change.ts", names: ["applyCreditChange"] },
      "lib/server/store/sql/orders.ts",
      "lib/server/credits/sql/ledger.ts",
    ],
    // store-discounts: the coupon branch of buyOnce (its lock, the twin replay, the redemption).
    tests: ["tests/integration/store-edges.test.ts", "tests/integration/store-discounts.test.ts"],
    integration: true,
  },
  {
    name: "deliveries",
    title: "Game delivery lease and ack",
    mutate: [
      { file: "lib/server/game/claim-deliveries.ts", names: ["claimDeliveries"] },
      { file: "lib/server/game/ack-deliveries.ts", names: ["ackDeliveries"] },
      { file: "lib/server/game/release-expired-leases.ts", names: ["releaseExpiredLeases"] },
      { file: "lib/server/game/sql/delivery-leases.ts", names: ["leaseDeliveries", "markLeasedDelivered", "resetExpiredLeases"] },
    ],
    tests: ["tests/integration/deliveries-edges.test.ts"],
    integration: true,
  },
  {
    name: "payments",
    title: "Settling provider payments and claw-backs",
    mutate: [
      { file: "lib/server/payments/settle.ts", names: ["settleEvent", "lockPurchase", "applyEffect", "recomputeRank"] },
      { file: "lib/server/payments/in-game-credits.ts", names: ["queueCreditDelivery", "withdrawCreditDelivery", "restoreCreditDelivery"] },
      { file: "lib/server/payments/sql/webhook-events.ts", names: ["insertWebhookEvent"] },
      "lib/server/payments/sql/purchases.ts",
      "lib/server/payments/sql/credit-deliveries.ts",
    ],
    tests: ["tests/integration/payments-edges.test.ts"],
    integration: true,
  },
  {
    name: "giftcards",
    title: "Gift cards: codes, redemption once, staff issue and void, bought cards in settlement; image type sniffing",
    mutate: [
      "lib/gift-card-code.ts",
      { file: "lib/server/giftcards/redeem-gift-card.ts", names: ["redeemGiftCard", "checkGiftCard"] },
      { file: "lib/server/giftcards/settle-gift-card.ts", names: ["issueBoughtGiftCard", "reverseBoughtGiftCard"] },
      { file: "lib/server/giftcards/staff-gift-cards.ts", names: ["issueGiftCard", "voidGiftCard"] },
      { file: "lib/server/giftcards/gift-card-dto.ts", names: ["giftCardState"] },
      "lib/server/giftcards/sql/gift-cards.ts",
      { file: "lib/server/images/image-types.ts", names: ["sniffImageType"] },
    ],
    tests: ["tests/unit/gift-card-code.test.ts", "tests/integration/gift-cards.test.ts"],
    integration: true,
    threshold: 90,
  },
  {
    name: "discounts",
    title: "Store discounts: the price pipeline (sale, coupon, floor, rounding), the best-sale rule, coupon refusals and the staff rules for sales and coupons",
    mutate: [
      {
        file: "lib/store/pricing.ts",
        names: [
          "FLOOR",
          "applyDiscount",
          "percentOff",
          "bestSale",
          "earlier",
          "priceBreakdown",
          "couponRefusal",
          "couponCovers",
          "normalizeCouponCode",
          "minimumNotMet",
        ],
      },
      { file: "lib/store/sale.ts", names: ["salePrice", "priceInForce", "tierSale", "salePercent", "tierFor"] },
      { file: "lib/schemas/staff-store.ts", names: ["saleRuleIssues", "couponRuleIssues"] },
      { file: "lib/schemas/store.ts", names: ["COUPON_CODE_PATTERN", "ZCouponCodeInput"] },
    ],
    tests: ["tests/unit/pricing.test.ts", "tests/unit/sale.test.ts", "tests/unit/discount-rules.test.ts"],
    // 96.9 % when added; the survivors are equivalent (e.g. `<` vs `<=` between unequal ids).
    threshold: 90,
  },
];
