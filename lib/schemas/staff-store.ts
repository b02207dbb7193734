import { z } from "zod";
import { defineOperation, documentWith, REQUIRED, ZErrorBody, zPatch } from "./api";
import { MAX_ID, zId } from "./ids";

// Contracts of the staff catalogue editor and manual credit grants. Our own
// API (docs/product.md has no staff store), camelCase like the Prisma fields; administrator only.

const SALE_TIERS = ["LOW", "MEDIUM", "HIGH"] as const;
export const MAX_CREDITS = 10_000_000;
export const MAX_PRICE_CENTS = 1_000_000;
export const MAX_GRANT = 1_000_000;

const text = (label: string, max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `${label} is at most ${max} characters.`);

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? REQUIRED : message) })
    .int(message)
    .min(min, message)
    .max(max, message);

const IMAGE_MESSAGE = "Enter an http(s) address or a path on this site starting with /.";
/** An image address: absolute http(s), or a site-relative path ("/images/x.png", never "//host"). */
export function isImageHref(v: string): boolean {
  if (/^\/(?![/\\])/.test(v)) return !/[\s\\]/.test(v);
  try {
    const u = new URL(v);
    return (u.protocol === "https:" || u.protocol === "http:") && !!u.hostname;
  } catch {
    return false;
  }
}
/**
 * The document's pattern for it: a part of what isImageHref accepts (a plain host name, path and
 * query), since a pattern cannot say "what the URL parser reads" (tests/unit/openapi-rules.test.ts).
 */
const PATH_CHARS = "A-Za-z0-9._~!$&'()*+,;=:@%";
export const IMAGE_HREF_PATTERN =
  `^(?:/(?:[${PATH_CHARS}-][${PATH_CHARS}/-]*)?` +
  `|https?://(?:[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\\.)*[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*(?::[0-9]{1,4})?(?:/[${PATH_CHARS}/-]*)?(?:\\?[${PATH_CHARS}/?-]*)?)$`;
const ZImageHref = documentWith(
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(500, "Image addresses are at most 500 characters.").refine(isImageHref, IMAGE_MESSAGE),
  { pattern: IMAGE_HREF_PATTERN },
).describe("Image: an http(s) URL or a path on this site starting with /");

const ZSortOrder = wholeNumber("Sort order must be a whole number from -100000 to 100000.", -100_000, 100_000).describe("Lower comes first");

// ── categories ──
const categoryFields = {
  name: text("Name", 64).describe("Category name"),
  sortOrder: ZSortOrder,
  hidden: z.boolean({ error: "Hidden must be true or false." }).describe("Hidden categories are not listed in the public store"),
};
export const ZCategoryInput = z.object({ ...categoryFields, sortOrder: categoryFields.sortOrder.default(0), hidden: categoryFields.hidden.default(false) });
export const ZCategoryPatch = zPatch(z.object(categoryFields));
export const ZStaffCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  sortOrder: z.number().int(),
  hidden: z.boolean(),
  productCount: z.number().int(),
});
export type TStaffCategory = z.infer<typeof ZStaffCategory>;

// ── products ──
const productFields = {
  name: text("Name", 100).describe("Product name"),
  imageHref: ZImageHref,
  price: wholeNumber(`Price must be a whole number of credits from 1 to ${MAX_CREDITS.toLocaleString("en-US")}.`, 1, MAX_CREDITS).describe(
    "Price in store credits",
  ),
  sale: z.enum(SALE_TIERS, { error: "Sale must be LOW, MEDIUM, HIGH or none." }).nullable().describe("Sale tier (LOW 10%, MEDIUM 25%, HIGH 50%) or null"),
  ironman: z.boolean({ error: "Ironman must be true or false." }).describe("Whether Ironman accounts may claim it"),
  giftable: z.boolean({ error: "Giftable must be true or false." }).describe("Whether players may buy it as a gift for another player"),
  description: text("Description", 2000),
  categoryId: zId({ description: "Category id (GET /api/v1/staff/store/categories)" }),
  gameItemId: zId({ description: "Game item id handed over in-game" }),
  quantity: wholeNumber("Quantity must be a whole number from 1 to 2147483647.", 1, MAX_ID),
  active: z.boolean({ error: "Active must be true or false." }).describe("Inactive products are hidden from the store"),
  sortOrder: ZSortOrder,
};
export const ZProductInput = z.object({
  ...productFields,
  sale: productFields.sale.default(null),
  ironman: productFields.ironman.default(true),
  giftable: productFields.giftable.default(true),
  quantity: productFields.quantity.default(1),
  active: productFields.active.default(true),
  sortOrder: productFields.sortOrder.default(0),
});
export const ZProductPatch = zPatch(z.object(productFields));
export const ZStaffProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  imageHref: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  ironman: z.boolean(),
  giftable: z.boolean(),
  description: z.string(),
  price: z.number().int(),
  sale: z.enum(SALE_TIERS).nullable(),
  gameItemId: z.number().int(),
  quantity: z.number().int(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type TStaffProduct = z.infer<typeof ZStaffProduct>;

// ── credit packages ──
const packageFields = {
  credits: wholeNumber(`Credits must be a whole number from 1 to ${MAX_CREDITS.toLocaleString("en-US")}.`, 1, MAX_CREDITS),
  bonusCredits: wholeNumber(`Bonus credits must be a whole number from 0 to ${MAX_CREDITS.toLocaleString("en-US")}.`, 0, MAX_CREDITS),
  priceCents: wholeNumber(`Price must be a whole number of US cents from 1 to ${MAX_PRICE_CENTS.toLocaleString("en-US")}.`, 1, MAX_PRICE_CENTS).describe(
    "Price in US cents",
  ),
  imageUrl: ZImageHref,
  active: z.boolean({ error: "Active must be true or false." }).describe("Inactive packages are not offered"),
  sortOrder: ZSortOrder,
  giftCard: z.boolean({ error: "Gift card must be true or false." }).describe("Sold as a gift card: paying issues the buyer a card worth credits + bonus"),
};
export const ZPackageInput = z.object({
  ...packageFields,
  bonusCredits: packageFields.bonusCredits.default(0),
  active: packageFields.active.default(true),
  sortOrder: packageFields.sortOrder.default(0),
  giftCard: packageFields.giftCard.default(false),
});
export const ZPackagePatch = zPatch(z.object(packageFields));
export const ZStaffPackage = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  bonusCredits: z.number().int(),
  priceCents: z.number().int(),
  imageUrl: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  giftCard: z.boolean(),
});
export type TStaffPackage = z.infer<typeof ZStaffPackage>;

// ── manual credit grants ──
const AMOUNT_MESSAGE = `Amount must be a whole number from -${MAX_GRANT.toLocaleString("en-US")} to ${MAX_GRANT.toLocaleString("en-US")}, not 0.`;
export const ZCreditGrantInput = z.object({
  username: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(12, "Usernames are at most 12 characters.").describe("The player's username"),
  amount: documentWith(
    wholeNumber(AMOUNT_MESSAGE, -MAX_GRANT, MAX_GRANT).refine((n) => n !== 0, AMOUNT_MESSAGE),
    { not: { const: 0 } },
  ).describe("Credits to add (positive) or remove (negative); a removal may leave the balance negative"),
  reason: z
    .string({ error: REQUIRED })
    .trim()
    .min(3, "Give a reason of at least 3 characters.")
    .max(500, "The reason is at most 500 characters.")
    .describe("Why, for the audit log (e.g. the ticket of an OSRS-gold purchase)"),
});
export const ZCreditGrantResult = z.object({
  username: z.string(),
  amount: z.number().int(),
  balance: z.number().int().describe("The player's balance afterwards"),
  applied: z.boolean().describe("false when this Idempotency-Key was already applied"),
});
export type TCreditGrantResult = z.infer<typeof ZCreditGrantResult>;
/** Optional header: the same key twice applies the grant once. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;

// ── scheduled sales (docs/store.md) ──
const TIME_MESSAGE = "Enter a date and time (ISO 8601 with its offset, e.g. 2026-12-14T18:00:00Z).";
const zTime = (what: string) =>
  z.iso
    .datetime({ offset: true, error: TIME_MESSAGE })
    .transform((v) => new Date(v))
    .refine((d) => d.getUTCFullYear() >= 2000 && d.getUTCFullYear() < 10_000, TIME_MESSAGE)
    .describe(`${what} (ISO 8601 with offset)`);
export const MAX_LIST_IDS = 200;
const zIdList = (what: string) =>
  z
    .array(zId({ description: `${what} id` }), { error: `${what} ids must be a list of ids.` })
    .max(MAX_LIST_IDS, `At most ${MAX_LIST_IDS} ids.`)
    .transform((ids) => [...new Set(ids)])
    .describe(`${what} ids`);
const ZDiscountKind = z
  .enum(["PERCENT", "FIXED"], { error: "Kind must be PERCENT or FIXED." })
  .describe("PERCENT: value is percent off; FIXED: value is an amount off");
const ZDiscountValue = wholeNumber(`Value must be a whole number from 1 to ${MAX_CREDITS.toLocaleString("en-US")}.`, 1, MAX_CREDITS).describe(
  "Percent off (1–99 for a sale, 1–100 for a coupon) or an amount off (credits, or US cents for credit packages)",
);
export const SALE_PERCENT_MAX = 99;
const saleFields = {
  name: text("Name", 64).describe("Shown to players on the price line"),
  kind: ZDiscountKind,
  value: ZDiscountValue,
  scope: z.enum(["STORE", "CATEGORIES", "PRODUCTS"], { error: "Scope must be STORE, CATEGORIES or PRODUCTS." }).describe("What the sale covers"),
  productIds: zIdList("Product"),
  categoryIds: zIdList("Category"),
  startsAt: zTime("In force from"),
  endsAt: zTime("In force until (exclusive)"),
};
type SaleShape = { kind?: "PERCENT" | "FIXED"; value?: number; scope?: string; productIds?: number[]; categoryIds?: number[]; startsAt?: Date; endsAt?: Date };
/** Rules across fields, for a full sale (create) or the merged row (edit, checked again server-side). */
export function saleRuleIssues(v: SaleShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (v.kind === "PERCENT" && v.value !== undefined && v.value > SALE_PERCENT_MAX)
    issues.push({ path: "value", message: `A percentage sale takes 1 to ${SALE_PERCENT_MAX} percent off.` });
  if (v.scope === "PRODUCTS" && v.productIds !== undefined && v.productIds.length === 0)
    issues.push({ path: "productIds", message: "Choose at least one product." });
  if (v.scope === "CATEGORIES" && v.categoryIds !== undefined && v.categoryIds.length === 0)
    issues.push({ path: "categoryIds", message: "Choose at least one category." });
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) issues.push({ path: "endsAt", message: "The end must be after the start." });
  return issues;
}
const withRules = (rules: (v: never) => { path: string; message: string }[]) => (v: unknown, ctx: z.RefinementCtx) => {
  for (const i of rules(v as never)) ctx.addIssue({ code: "custom", path: [i.path], message: i.message });
};
export const ZSaleInput = z
  .object({ ...saleFields, productIds: saleFields.productIds.default([]), categoryIds: saleFields.categoryIds.default([]) })
  .superRefine(withRules(saleRuleIssues));
export const ZSalePatch = zPatch(z.object(saleFields)).superRefine(withRules(saleRuleIssues));
export const ZPriceWarning = z.object({
  productId: z.number().int(),
  name: z.string(),
  priceChangedAt: z.string().describe("ISO 8601: the list price changed then, less than 30 days ago"),
});
export const ZStaffSale = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(["PERCENT", "FIXED"]),
  value: z.number().int(),
  scope: z.enum(["STORE", "CATEGORIES", "PRODUCTS"]),
  productIds: z.array(z.number().int()),
  categoryIds: z.array(z.number().int()),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(["scheduled", "active", "ended"]),
});
export type TStaffSale = z.infer<typeof ZStaffSale>;
export const ZStaffSaleResult = ZStaffSale.extend({
  warnings: z
    .array(ZPriceWarning)
    .describe("Products in the sale whose list price changed in the last 30 days (fair-pricing rule): a warning, the sale is saved"),
});
export type TStaffSaleResult = z.infer<typeof ZStaffSaleResult>;

// ── coupons (docs/store.md) ──
export const COUPON_CODE_RE = /^[A-Za-z0-9_-]{3,32}$/;
const optionalCount = (label: string) =>
  wholeNumber(`${label} must be a whole number from 1 to 1,000,000, or null for no limit.`, 1, 1_000_000).nullable().describe(`${label}; null for none`);
const optionalAmount = (label: string) =>
  wholeNumber(`${label} must be a whole number from 1 to ${MAX_CREDITS.toLocaleString("en-US")}, or null for none.`, 1, MAX_CREDITS).nullable();
const couponFields = {
  code: z
    .string({ error: REQUIRED })
    .trim()
    .regex(COUPON_CODE_RE, "A code is 3 to 32 letters, digits, - or _.")
    .transform((c) => c.toUpperCase())
    .describe("Case-insensitive; stored upper case"),
  kind: ZDiscountKind,
  value: ZDiscountValue,
  scope: z.enum(["BASKET", "PRODUCTS", "CATEGORIES"], { error: "Scope must be BASKET, PRODUCTS or CATEGORIES." }).describe("BASKET: any order it is for"),
  productIds: zIdList("Product"),
  categoryIds: zIdList("Category"),
  packageIds: zIdList("Credit package"),
  storeItems: z.boolean({ error: "Store items must be true or false." }).describe("Usable on store items (credits)"),
  creditPackages: z.boolean({ error: "Credit packages must be true or false." }).describe("Usable on credit packages (money)"),
  startsAt: zTime("Valid from").nullable(),
  expiresAt: zTime("Valid until (exclusive)").nullable(),
  maxRedemptions: optionalCount("Total uses"),
  perPlayerLimit: optionalCount("Uses per player"),
  minOrderCredits: optionalAmount("Minimum order in credits").describe("Minimum store order (credits, after the sale); null for none"),
  minOrderCents: optionalAmount("Minimum order in cents").describe("Minimum credit package price (US cents); null for none"),
  username: z
    .string({ error: "Username must be text or null." })
    .trim()
    .min(1, REQUIRED)
    .max(12, "Usernames are at most 12 characters.")
    .nullable()
    .describe("Only this player may use it; null for anyone"),
  stackable: z.boolean({ error: "Stackable must be true or false." }).describe("Also applies over a sale; otherwise refused for items on sale"),
  active: z.boolean({ error: "Active must be true or false." }).describe("Disabled coupons are refused as unknown"),
};
type CouponShape = {
  kind?: "PERCENT" | "FIXED";
  value?: number;
  scope?: string;
  productIds?: number[];
  categoryIds?: number[];
  packageIds?: number[];
  storeItems?: boolean;
  creditPackages?: boolean;
  startsAt?: Date | null;
  expiresAt?: Date | null;
};
export function couponRuleIssues(v: CouponShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (v.kind === "PERCENT" && v.value !== undefined && v.value > 100)
    issues.push({ path: "value", message: "A percentage coupon takes 1 to 100 percent off." });
  if (v.storeItems === false && v.creditPackages === false)
    issues.push({ path: "storeItems", message: "A coupon is for store items, credit packages or both." });
  if (v.kind === "FIXED" && v.storeItems && v.creditPackages)
    issues.push({ path: "creditPackages", message: "A fixed amount is in credits or in cents: choose store items or credit packages, not both." });
  if (v.scope === "PRODUCTS" && v.productIds?.length === 0 && v.packageIds?.length === 0)
    issues.push({ path: "productIds", message: "Choose at least one product or credit package." });
  if (v.scope === "CATEGORIES" && v.categoryIds?.length === 0) issues.push({ path: "categoryIds", message: "Choose at least one category." });
  if (v.startsAt && v.expiresAt && v.expiresAt <= v.startsAt) issues.push({ path: "expiresAt", message: "The expiry must be after the start." });
  return issues;
}
export const ZCouponInput = z
  .object({
    ...couponFields,
    productIds: couponFields.productIds.default([]),
    categoryIds: couponFields.categoryIds.default([]),
    packageIds: couponFields.packageIds.default([]),
    storeItems: couponFields.storeItems.default(true),
    creditPackages: couponFields.creditPackages.default(false),
    startsAt: couponFields.startsAt.default(null),
    expiresAt: couponFields.expiresAt.default(null),
    maxRedemptions: couponFields.maxRedemptions.default(null),
    perPlayerLimit: couponFields.perPlayerLimit.default(null),
    minOrderCredits: couponFields.minOrderCredits.default(null),
    minOrderCents: couponFields.minOrderCents.default(null),
    username: couponFields.username.default(null),
    stackable: couponFields.stackable.default(false),
    active: couponFields.active.default(true),
  })
  .superRefine(withRules(couponRuleIssues));
export const ZCouponPatch = zPatch(z.object(couponFields)).superRefine(withRules(couponRuleIssues));
export const ZStaffCoupon = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(["PERCENT", "FIXED"]),
  value: z.number().int(),
  scope: z.enum(["BASKET", "PRODUCTS", "CATEGORIES"]),
  productIds: z.array(z.number().int()),
  categoryIds: z.array(z.number().int()),
  packageIds: z.array(z.number().int()),
  storeItems: z.boolean(),
  creditPackages: z.boolean(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  perPlayerLimit: z.number().int().nullable(),
  minOrderCredits: z.number().int().nullable(),
  minOrderCents: z.number().int().nullable(),
  username: z.string().nullable(),
  stackable: z.boolean(),
  active: z.boolean(),
  uses: z.number().int().describe("Live uses: store orders, and checkouts not failed or cancelled"),
});
export type TStaffCoupon = z.infer<typeof ZStaffCoupon>;

// ── operations ──
const TAG = "Staff store";
const ZIdParams = z.object({ id: zId({ description: "Id from the matching list" }) });
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };
const notFound = { 404: { description: "No such item", schema: ZErrorBody } };

export const listCategoriesOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/store/categories",
  summary: "Every store category, hidden ones included",
  tag: TAG,
  auth: "administrator",
  responses: { 200: { description: "Categories", schema: z.object({ results: z.array(ZStaffCategory) }) } },
});
export const createCategoryOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/categories",
  summary: "Create a store category",
  tag: TAG,
  auth: "administrator",
  body: ZCategoryInput,
  responses: { 201: { description: "Created", schema: ZStaffCategory }, ...errors },
});
export const updateCategoryOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/store/categories/{id}",
  summary: "Edit, hide or show a store category",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZCategoryPatch,
  responses: { 200: { description: "Updated", schema: ZStaffCategory }, ...errors, ...notFound },
});
export const listProductsOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/store/products",
  summary: "Every store product, inactive ones included",
  tag: TAG,
  auth: "administrator",
  responses: { 200: { description: "Products", schema: z.object({ results: z.array(ZStaffProduct) }) } },
});
export const createProductOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/products",
  summary: "Create a store product",
  tag: TAG,
  auth: "administrator",
  body: ZProductInput,
  responses: { 201: { description: "Created", schema: ZStaffProduct }, ...errors },
});
export const updateProductOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/store/products/{id}",
  summary: "Edit, hide or show a store product",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZProductPatch,
  responses: { 200: { description: "Updated", schema: ZStaffProduct }, ...errors, ...notFound },
});
export const listPackagesOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/store/packages",
  summary: "Every credit package, inactive ones included",
  tag: TAG,
  auth: "administrator",
  responses: { 200: { description: "Packages", schema: z.object({ results: z.array(ZStaffPackage) }) } },
});
export const createPackageOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/packages",
  summary: "Create a credit package",
  tag: TAG,
  auth: "administrator",
  body: ZPackageInput,
  responses: { 201: { description: "Created", schema: ZStaffPackage }, ...errors },
});
export const updatePackageOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/store/packages/{id}",
  summary: "Edit, hide or show a credit package",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZPackagePatch,
  responses: { 200: { description: "Updated", schema: ZStaffPackage }, ...errors, ...notFound },
});
export const grantCreditsOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/credits",
  summary: "Grant or remove a player's credits, with a reason",
  tag: TAG,
  auth: "administrator",
  body: ZCreditGrantInput,
  description:
    "Manual adjustment (e.g. OSRS gold bought through a ticket). A removal is applied even past zero, so fraud can be corrected; a negative balance freezes spending. Send an `Idempotency-Key` header (8–100 of A–Z a–z 0–9 . _ : -) to make a retry apply once; a key reused for a different grant is a 409. A balance holds at most 2,147,483,647 credits (the database column's range): a grant that would pass it, or a removal that would take it below -2,147,483,648, is a 409 and changes nothing.",
  staffTarget: { in: "body-username", reach: "act" },
  responses: {
    200: { description: "Applied, or already applied under this key", schema: ZCreditGrantResult },
    ...errors,
    403: { description: "The account is out of this member of staff's reach (their own, or a rank at or above theirs)", schema: ZErrorBody },
    409: {
      description: "Idempotency-Key reused for a different grant, or the balance would pass 2,147,483,647 (or drop below -2,147,483,648) credits",
      schema: ZErrorBody,
    },
  },
});

export const listSalesOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/store/sales",
  summary: "Every scheduled sale, newest first",
  tag: TAG,
  auth: "administrator",
  responses: { 200: { description: "Sales", schema: z.object({ results: z.array(ZStaffSale) }) } },
});
export const createSaleOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/sales",
  summary: "Schedule a sale",
  description:
    "Sales may overlap: a product in several sales in force is sold at the lowest price among them (and its own tier). The answer warns about products whose list price changed in the last 30 days.",
  tag: TAG,
  auth: "administrator",
  body: ZSaleInput,
  responses: { 201: { description: "Created", schema: ZStaffSaleResult }, ...errors },
});
export const updateSaleOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/store/sales/{id}",
  summary: "Edit a sale (end it early by moving endsAt)",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZSalePatch,
  responses: { 200: { description: "Updated", schema: ZStaffSaleResult }, ...errors, ...notFound },
});
export const deleteSaleOp = defineOperation({
  method: "DELETE",
  path: "/api/v1/staff/store/sales/{id}",
  summary: "Delete a sale (orders keep their price lines)",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  responses: { 200: { description: "Deleted", schema: z.object({ deleted: z.literal(true) }) }, ...notFound },
});
export const listCouponsOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/store/coupons",
  summary: "Every coupon with its live uses, newest first",
  tag: TAG,
  auth: "administrator",
  responses: { 200: { description: "Coupons", schema: z.object({ results: z.array(ZStaffCoupon) }) } },
});
export const createCouponOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/coupons",
  summary: "Create a coupon",
  tag: TAG,
  auth: "administrator",
  body: ZCouponInput,
  responses: { 201: { description: "Created", schema: ZStaffCoupon }, ...errors },
});
export const updateCouponOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/store/coupons/{id}",
  summary: "Edit or disable a coupon (coupons are never deleted: their uses stay counted)",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZCouponPatch,
  responses: { 200: { description: "Updated", schema: ZStaffCoupon }, ...errors, ...notFound },
});

export const staffStoreOperations = [
  listSalesOp,
  createSaleOp,
  updateSaleOp,
  deleteSaleOp,
  listCouponsOp,
  createCouponOp,
  updateCouponOp,
  listCategoriesOp,
  createCategoryOp,
  updateCategoryOp,
  listProductsOp,
  createProductOp,
  updateProductOp,
  listPackagesOp,
  createPackageOp,
  updatePackageOp,
  grantCreditsOp,
];
