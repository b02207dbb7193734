import { z } from "zod";
import { SALE_TIERS } from "../store/sale";
import { defineOperation, ZErrorBody, ZLegacyErrorBody, ZPageQuery, zPaged } from "./api";
import { zId } from "./ids";
import { USERNAME_MAX, USERNAME_PATTERN } from "../usernames";

// Contracts of the store API (docs/product.md §3, §7; docs/payments.md): the catalogue, the credit
// balance, buying a product with credits and the caller's credit purchases.

export const STORE_PAGE_SIZE = 12;
export const SEARCH_MAX = 100;

export const PURCHASE_SUCCESS = "Product successfully purchased - you may now talk to the donation manager at home to claim your purchase(s).";
export const PRODUCT_UNAVAILABLE = "This product does not exist or is no longer for sale.";
export const IDEMPOTENCY_KEY_REUSED = "This purchase request was already used to buy another product; reload the store and try again.";
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const IDEMPOTENCY_KEY_MAX = 100;

/** `?search=`: a name filter, ignored when blank. */
const zSearch = z
  .string()
  .trim()
  .max(SEARCH_MAX, `Search at most ${SEARCH_MAX} characters.`)
  .optional()
  .transform((s) => s || undefined)
  .describe("Only products whose name contains this text, ignoring case");

export const ZStoreCategory = z.object({ id: z.number().int(), name: z.string() });
export type TStoreCategory = z.infer<typeof ZStoreCategory>;

export const ZStoreProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  image_href: z.string(),
  category: z.number().int().describe("Category id"),
  ironman: z.boolean().describe("Whether Ironman accounts may claim it"),
  description: z.string(),
  price: z.number().int().describe("List price in store credits"),
  sale_price: z.number().int().nullable().describe("Price in credits while on sale (computed from the tier), else null"),
  sale: z
    .enum(SALE_TIERS)
    .nullable()
    .describe(
      "Sale tier of the sale in force: HIGH from 50% off, MEDIUM from 25%, LOW below (the product's own tier: LOW 10%, MEDIUM 25%, HIGH 50%); null without a sale",
    ),
  sale_percent: z.number().int().nullable().describe("Percent off of the sale in force (the badge's X% OFF), else null"),
  sale_ends_at: z.string().nullable().describe("ISO 8601 end of the scheduled sale in force; null without one or for a product's own tier, which does not end"),
});
export type TStoreProduct = z.infer<typeof ZStoreProduct>;

export const ZCreditPackage = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  bonusCredits: z.number().int(),
  price: z.number().describe("US dollars"),
  imageUrl: z.string(),
  amount: z.number().int().describe("Same as credits (the payment modals' name)"),
  bonus_amount: z.number().int().describe("Same as bonusCredits (the payment modals' name)"),
  gift_card: z.boolean().describe("Sold as a gift card: the buyer gets a code worth credits + bonus, not credits on their balance"),
});
export type TCreditPackage = z.infer<typeof ZCreditPackage>;

export const ZCreditPurchaseRow = z.object({
  id: z.number().int(),
  status: z.enum(["PENDING", "PAID", "FAILED", "CANCELED", "REFUNDED", "DISPUTED"]),
  time: z.string().describe("ISO 8601, when the purchase was made"),
  creditPackage: z.object({ credits: z.number().int(), bonusCredits: z.number().int(), price: z.number().describe("US dollars paid") }),
  method: z.enum(["stripe", "paypal", "coinbase", "ingame", "manual"]),
  deliverInGame: z.boolean().describe("Bought through ::store: the credits are handed over in game instead of added to the website balance"),
});
export type TCreditPurchaseRow = z.infer<typeof ZCreditPurchaseRow>;

export const ZPurchaseSummary = z.object({
  totalSpent: z.number().describe("US dollars paid in total (refunds subtracted)"),
  storeCredits: z.number().int().describe("Available credits"),
  redeemedCredits: z.number().int().describe("Credits spent in the store (refunded orders subtracted)"),
});
export type TPurchaseSummary = z.infer<typeof ZPurchaseSummary>;

export const COUPON_CODE_MAX = 32;
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;
const COUPON_CODE_MESSAGE = `A coupon code is 1 to ${COUPON_CODE_MAX} letters, digits, - or _.`;
/** An optional coupon code: blank or null means none; any case (codes are case-insensitive). */
export const ZCouponCodeInput = z.preprocess(
  (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : typeof v === "string" ? v.trim() : v),
  z.string({ error: COUPON_CODE_MESSAGE }).regex(COUPON_CODE_PATTERN, COUPON_CODE_MESSAGE).optional(),
);
const CREATOR_CODE_MESSAGE = `A creator code is 1 to ${COUPON_CODE_MAX} letters, digits, - or _.`;
/** An optional creator code: blank or null means none; any case. */
export const ZCreatorCodeInput = z.preprocess(
  (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : typeof v === "string" ? v.trim() : v),
  z.string({ error: CREATOR_CODE_MESSAGE }).regex(COUPON_CODE_PATTERN, CREATOR_CODE_MESSAGE).optional(),
);
const zCoupon = () => ZCouponCodeInput.describe("Coupon code (any case); refused with a 400 naming `coupon` when it does not apply");

/** Gifting (docs/store.md "Gifting"): the refusals of `gift_to`, each a 400 naming the field. */
export const GIFT_TO_FIELD = "gift_to";
export const GIFT_ERRORS = {
  format: `A recipient is a username of 1 to ${USERNAME_MAX} letters, digits, spaces, - or _.`,
  unknown: "There is no player with that username.",
  self: "You cannot send a gift to yourself; leave the recipient empty to buy it for your own account.",
  banned: "That player cannot receive gifts right now.",
  notGiftable: "This product cannot be bought as a gift.",
} as const;
/** An optional recipient's username (any case); blank or null means the buyer's own purchase. */
export const ZGiftToInput = z.preprocess(
  (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : typeof v === "string" ? v.trim() : v),
  z.string({ error: GIFT_ERRORS.format }).regex(USERNAME_PATTERN, GIFT_ERRORS.format).optional(),
);

export const ZPurchaseInput = z.object({
  id: zId({ description: "Store product id" }),
  coupon: zCoupon(),
  gift_to: ZGiftToInput.describe(
    "Buy it as a gift for this player (username, any case): the buyer pays and the item is delivered to the recipient's account. Refused with a 400 naming `gift_to` for an unknown or banned player, yourself, or a product that cannot be gifted",
  ),
});
export const ZPurchaseResult = z.object({ success: z.string(), credits: z.number().int().describe("Balance after the purchase") });
export type TPurchaseResult = z.infer<typeof ZPurchaseResult>;

export const ZPriceLine = z.object({
  step: z.enum(["base", "sale", "coupon", "creator_bonus", "total"]).describe("Applied in this order: base, sale, coupon, creator bonus; total last"),
  label: z.string(),
  amount: z.number().int().describe("base and total: the price; other steps: the change (negative for a discount; 0 for creator_bonus)"),
  bonus_credits: z.number().int().optional().describe("creator_bonus only: the bonus credits the creator code adds to the package"),
});
export type TPriceLine = z.infer<typeof ZPriceLine>;
export const ZPricePreviewInput = z
  .object({
    product_id: zId({ description: "Store product id (credits); send this or package_id" }).optional(),
    package_id: zId({ description: "Credit package id (US cents); send this or product_id" }).optional(),
    coupon: zCoupon(),
    creator_code: ZCreatorCodeInput.describe(
      "Creator code (any case; credit packages only): adds its creator_bonus line; refused with a 400 naming `creator_code`",
    ),
  })
  .superRefine((v, ctx) => {
    if ((v.product_id === undefined) === (v.package_id === undefined))
      ctx.addIssue({ code: "custom", path: ["product_id"], message: "Send product_id or package_id (one of them)." });
    if (v.creator_code !== undefined && v.product_id !== undefined)
      ctx.addIssue({ code: "custom", path: ["creator_code"], message: "Creator codes are for credit packages only." });
  });
export const ZPricePreview = z.object({
  unit: z.enum(["credits", "cents"]).describe("credits for a store product, US cents for a credit package"),
  lines: z.array(ZPriceLine),
  total: z.number().int().describe("What the purchase will charge, if nothing changes first"),
  sale_ends_at: z.string().nullable().describe("ISO 8601 end of the sale applied, if it ends"),
});
export type TPricePreview = z.infer<typeof ZPricePreview>;

const TAG = "Store";

export const storeCategoriesOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/category",
  summary: "Store categories",
  tag: TAG,
  auth: "optional",
  responses: { 200: { description: "Categories in display order", schema: z.array(ZStoreCategory) } },
});

export const ZProductsPageParams = z.object({ category: zId({ description: "Category id" }) });
export const ZProductsPageQuery = ZPageQuery.extend({ search: zSearch });
export const storeProductsPageOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/products/{category}",
  summary: `Products of one category, ${STORE_PAGE_SIZE} per page`,
  description: "Also answers with a trailing slash (redirected), as the product contract writes it. An unknown category is an empty page.",
  tag: TAG,
  auth: "optional",
  params: ZProductsPageParams,
  query: ZProductsPageQuery,
  responses: { 200: { description: "A page of products", schema: zPaged(ZStoreProduct) } },
});

export const ZAllProductsQuery = z.object({ search: zSearch });
export const storeProductsAllOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/products/all",
  summary: "Every product for sale",
  tag: TAG,
  auth: "optional",
  query: ZAllProductsQuery,
  responses: { 200: { description: "Products", schema: z.array(ZStoreProduct) } },
});

export const MAX_CATEGORIES = 50;
export const ZProductsByCategoriesQuery = z.object({
  category: zId({ description: `Category id; repeat the parameter for several (at most ${MAX_CATEGORIES})` }),
});
export const storeProductsByCategoriesOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/products",
  summary: "Products of several categories: ?category=1&category=2",
  tag: TAG,
  auth: "optional",
  query: ZProductsByCategoriesQuery,
  responses: { 200: { description: "Products", schema: z.array(ZStoreProduct) } },
});

export const creditBalanceOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/credits/amount",
  summary: "Your store credit balance",
  tag: TAG,
  auth: "user",
  storeSession: true,
  responses: {
    200: {
      description: "Balance",
      schema: z.object({
        credits: z.number().int(),
        spending_hold: z.boolean().describe("True while a payment dispute on the account is open: store purchases are refused until it is decided"),
      }),
    },
  },
});

export const creditPackagesOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/credits/products",
  summary: "Credit packages for sale",
  tag: TAG,
  auth: "optional",
  responses: { 200: { description: "Packages in display order", schema: z.object({ packages: z.array(ZCreditPackage) }) } },
});

export const purchaseProductOp = defineOperation({
  method: "POST",
  path: "/api/v1/store/purchase",
  legacyErrorKey: true,
  summary: "Buy a product with store credits",
  description: `Charges the price in force (the sale applied on the server), queues the item for the game and answers the new balance. Send an \`${IDEMPOTENCY_KEY_HEADER}\` header (1–${IDEMPOTENCY_KEY_MAX} visible characters, e.g. a UUID per confirmed click): a repeat with the same key buys once and answers the first result. Without it every request is a new purchase.`,
  tag: TAG,
  auth: "user",
  storeSession: true,
  body: ZPurchaseInput,
  responses: {
    200: { description: "Bought", schema: ZPurchaseResult },
    400: {
      description: "Not enough credits, product not for sale, store spending on hold (an open payment dispute), or invalid input",
      schema: ZLegacyErrorBody,
    },
  },
});

export const pricePreviewOp = defineOperation({
  method: "POST",
  path: "/api/v1/store/price-preview",
  summary: "The price lines of a product or credit package, with an optional coupon",
  description:
    "Runs the same price pipeline as the purchase: base price, the best sale in force, then the coupon, then (credit packages) a creator code's bonus credits. A coupon that cannot apply is a 400 naming `coupon` (unknown code, not valid yet, expired, used up, minimum not met, not for this item, not combinable with a sale). Signed out, a coupon is refused (sign in to use one). A creator code that is unknown, paused or the player's own is a 400 naming `creator_code`.",
  tag: TAG,
  auth: "optional",
  rateLimited: true,
  body: ZPricePreviewInput,
  responses: {
    200: { description: "The price lines", schema: ZPricePreview },
    400: { description: "Invalid input or a coupon that does not apply", schema: ZErrorBody },
    404: { description: "No such product or package for sale", schema: ZErrorBody },
  },
});

export const listPurchasesOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/purchases",
  summary: "Your credit purchases, newest first",
  description: "Checkouts that failed or were cancelled before payment are left out.",
  tag: TAG,
  auth: "user",
  storeSession: true,
  responses: { 200: { description: "Purchases", schema: z.array(ZCreditPurchaseRow) } },
});

export const purchaseSummaryOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/purchases/summary",
  summary: "Totals for the purchase history cards",
  tag: TAG,
  auth: "user",
  storeSession: true,
  responses: { 200: { description: "Totals", schema: ZPurchaseSummary } },
});

export const storeOperations = [
  storeCategoriesOp,
  storeProductsPageOp,
  storeProductsAllOp,
  storeProductsByCategoriesOp,
  creditBalanceOp,
  creditPackagesOp,
  purchaseProductOp,
  pricePreviewOp,
  listPurchasesOp,
  purchaseSummaryOp,
];
