// The price pipeline (docs/store.md): one pure function for the store (credits) and the credit
// package checkout (US cents), so what the preview shows, what the purchase charges and what the
// payment provider is asked for are the same number. No I/O, no server imports.
//
// Order of application, fixed: base price → sale → coupon → creator bonus. Each step that changes
// the price is one line; the player sees every line (the creator bonus is a line of bonus credits
// with the price unchanged).
// Integers only. A percentage step rounds the price after it to the nearest whole unit, halves up
// (so the discount rounds halves down: 450 at 25 % off is 338, as the old sale tiers did); a fixed
// step subtracts its amount. No step takes the price below the floor (1 credit, or MIN_CHARGE_CENTS),
// or the base price when that is already lower; a step the floor cuts short shows what it really took.

export type PriceUnit = "credits" | "cents";
export type DiscountKind = "PERCENT" | "FIXED";
export type PriceStep = "base" | "sale" | "coupon" | "creator_bonus" | "total";

/** The order of the steps, as the player is shown them. */
export const STEP_ORDER: readonly PriceStep[] = ["base", "sale", "coupon", "creator_bonus", "total"];

/** `bonus_credits`: only on the creator_bonus line (its amount is 0: the price does not change). */
export type PriceLine = { step: PriceStep; label: string; amount: number; bonus_credits?: number };

export type SaleRule = { id: number; name: string; kind: DiscountKind; value: number; endsAt: Date | null };
export type CouponRule = { code: string; kind: DiscountKind; value: number; stackable: boolean };
/** A creator code already checked for this checkout (active, not the buyer's own); `credits` are the package's. */
export type CreatorRule = { code: string; bonusPercent: number; credits: number };

/** Smallest card charge (Stripe's minimum for USD is 50 cents); credits never go below 1. */
export const MIN_CHARGE_CENTS = 50;
export const FLOOR: Record<PriceUnit, number> = { credits: 1, cents: MIN_CHARGE_CENTS };

/** The price after one discount, floored. `value` is a percent (1–100) or an amount in the unit. */
export function applyDiscount(price: number, kind: DiscountKind, value: number, floor: number): number {
  const after = kind === "PERCENT" ? Math.round((price * (100 - value)) / 100) : price - value;
  return Math.min(price, Math.max(Math.min(floor, price), after));
}

/** Percent off a price rounded down to a whole percent (the badge's "X% OFF"). */
export function percentOff(base: number, price: number): number {
  if (base <= 0 || price >= base) return 0;
  return Math.floor(((base - price) * 100) / base);
}

export const saleLineLabel = (sale: SaleRule) => (sale.kind === "PERCENT" ? `Sale: ${sale.name} (${sale.value}% off)` : `Sale: ${sale.name}`);
export const couponLineLabel = (c: CouponRule) => (c.kind === "PERCENT" ? `Coupon ${c.code} (${c.value}% off)` : `Coupon ${c.code}`);

/**
 * The best sale for the player among those in force: the lowest price wins; on a tie the one
 * ending first (its countdown is the true one), then the lowest id. Null when none lowers the price.
 */
export function bestSale(base: number, sales: readonly SaleRule[], unit: PriceUnit): SaleRule | null {
  let best: { sale: SaleRule; price: number } | null = null;
  for (const sale of sales) {
    const price = applyDiscount(base, sale.kind, sale.value, FLOOR[unit]);
    if (price >= base) continue;
    if (!best || price < best.price || (price === best.price && earlier(sale, best.sale))) best = { sale, price };
  }
  return best?.sale ?? null;
}

function earlier(a: SaleRule, b: SaleRule): boolean {
  const ae = a.endsAt?.getTime() ?? Infinity;
  const be = b.endsAt?.getTime() ?? Infinity;
  return ae !== be ? ae < be : a.id < b.id;
}

export type PriceInput = {
  base: number;
  unit: PriceUnit;
  /** Sales in force for this item; the best one applies (bestSale). */
  sales?: readonly SaleRule[];
  /** A coupon already checked for this order (scope, dates, limits); see couponRefusal for stacking. */
  coupon?: CouponRule | null;
  /** A creator code (credit packages only): bonus credits, the price unchanged. */
  creator?: CreatorRule | null;
};

export type PriceBreakdown = {
  lines: PriceLine[];
  total: number;
  unit: PriceUnit;
  sale: SaleRule | null;
  /** The price before the coupon step: what a coupon's minimum order is compared with. */
  beforeCoupon: number;
  couponDiscount: number;
  /** Bonus credits the creator code adds (0 without one). */
  creatorBonusCredits: number;
};

/** Thrown when the coupon cannot apply to a price with a sale in force. */
export const NOT_STACKABLE = "This coupon cannot be combined with a sale.";

/** Runs the pipeline. Throws only on a non-stackable coupon over a sale (callers check first with couponRefusal). */
export function priceBreakdown(input: PriceInput): PriceBreakdown {
  const { base, unit } = input;
  const floor = FLOOR[unit];
  const lines: PriceLine[] = [{ step: "base", label: "Price", amount: base }];
  let price = base;

  const sale = bestSale(base, input.sales ?? [], unit);
  if (sale) {
    const after = applyDiscount(price, sale.kind, sale.value, floor);
    lines.push({ step: "sale", label: saleLineLabel(sale), amount: after - price });
    price = after;
  }

  const beforeCoupon = price;
  let couponDiscount = 0;
  const coupon = input.coupon;
  if (coupon) {
    if (sale && !coupon.stackable) throw new Error(NOT_STACKABLE);
    const after = applyDiscount(price, coupon.kind, coupon.value, floor);
    couponDiscount = price - after;
    lines.push({ step: "coupon", label: couponLineLabel(coupon), amount: after - price });
    price = after;
  }

  const creatorBonusCredits = creatorBonusStep(input.creator ?? null, lines);

  lines.push({ step: "total", label: "Total", amount: price });
  return { lines, total: price, unit, sale, beforeCoupon, couponDiscount, creatorBonusCredits };
}

/** Bonus credits of a creator code: the percent of the package's credits, rounded down. */
export const creatorBonusCredits = (credits: number, bonusPercent: number) => Math.floor((credits * bonusPercent) / 100);

export const creatorLineLabel = (code: string, bonus: number) => `Creator code ${code}: +${bonus.toLocaleString("en-US")} bonus credits`;

/**
 * The creator code's step, after the coupon: a `creator_bonus` line of bonus credits (amount 0: the
 * price does not change, so the lines still add up to the total). Returns the bonus credits.
 */
function creatorBonusStep(creator: CreatorRule | null, lines: PriceLine[]): number {
  if (!creator) return 0;
  const bonus = creatorBonusCredits(creator.credits, creator.bonusPercent);
  lines.push({ step: "creator_bonus", label: creatorLineLabel(creator.code, bonus), amount: 0, bonus_credits: bonus });
  return bonus;
}

// ── coupon eligibility (pure: the caller loads the coupon and the redemption counts) ──

export type CouponTerms = {
  code: string;
  kind: DiscountKind;
  value: number;
  scope: "BASKET" | "PRODUCTS" | "CATEGORIES";
  productIds: readonly number[];
  categoryIds: readonly number[];
  packageIds: readonly number[];
  storeItems: boolean;
  creditPackages: boolean;
  startsAt: Date | null;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  perPlayerLimit: number | null;
  minOrderCredits: number | null;
  minOrderCents: number | null;
  userId: number | null;
  stackable: boolean;
  active: boolean;
};

export type CouponTarget =
  | { kind: "product"; productId: number; categoryId: number; beforeCoupon: number; onSale: boolean }
  | { kind: "package"; packageId: number; beforeCoupon: number; onSale: boolean };

export const COUPON_ERRORS = {
  unknown: "No coupon with this code.",
  notStarted: "This coupon is not valid yet.",
  expired: "This coupon has expired.",
  limitReached: "This coupon has been used up.",
  playerLimitReached: "You have already used this coupon as many times as it allows.",
  notForProduct: "This coupon does not apply to this item.",
  notForPlayer: "This coupon is for another player.",
  signIn: "Sign in to use a coupon.",
  notStackable: NOT_STACKABLE,
} as const;

export const minimumNotMet = (min: number, unit: PriceUnit) =>
  `This coupon needs an order of at least ${unit === "credits" ? `${min.toLocaleString("en-US")} credits` : `$${(min / 100).toFixed(2)}`}.`;

/**
 * Why this coupon cannot be used for this order, or null when it can. Checked in this order:
 * unknown/disabled, player, dates, scope, stacking, minimum, total limit, per-player limit.
 * `used` and `usedByPlayer` are the live redemptions (counted under the coupon's row lock when buying).
 */
export function couponRefusal(
  c: CouponTerms | null,
  t: CouponTarget,
  ctx: { now: Date; userId: number | null; used: number; usedByPlayer: number },
): string | null {
  if (!c || !c.active) return COUPON_ERRORS.unknown;
  if (ctx.userId === null) return COUPON_ERRORS.signIn;
  if (c.userId !== null && c.userId !== ctx.userId) return COUPON_ERRORS.notForPlayer;
  if (c.startsAt && ctx.now < c.startsAt) return COUPON_ERRORS.notStarted;
  if (c.expiresAt && ctx.now >= c.expiresAt) return COUPON_ERRORS.expired;
  if (!couponCovers(c, t)) return COUPON_ERRORS.notForProduct;
  if (t.onSale && !c.stackable) return COUPON_ERRORS.notStackable;
  const min = t.kind === "product" ? c.minOrderCredits : c.minOrderCents;
  if (min !== null && t.beforeCoupon < min) return minimumNotMet(min, t.kind === "product" ? "credits" : "cents");
  if (c.maxRedemptions !== null && ctx.used >= c.maxRedemptions) return COUPON_ERRORS.limitReached;
  if (c.perPlayerLimit !== null && ctx.usedByPlayer >= c.perPlayerLimit) return COUPON_ERRORS.playerLimitReached;
  return null;
}

/** Whether the coupon's scope includes this item. */
export function couponCovers(
  c: Pick<CouponTerms, "scope" | "productIds" | "categoryIds" | "packageIds" | "storeItems" | "creditPackages">,
  t: CouponTarget,
): boolean {
  if (t.kind === "product") {
    if (!c.storeItems) return false;
    if (c.scope === "BASKET") return true;
    if (c.scope === "PRODUCTS") return c.productIds.includes(t.productId);
    return c.categoryIds.includes(t.categoryId);
  }
  if (!c.creditPackages) return false;
  if (c.scope === "BASKET") return true;
  // Packages have no category: a category coupon never covers one.
  return c.scope === "PRODUCTS" && c.packageIds.includes(t.packageId);
}

/** A coupon code as stored and looked up: trimmed, upper case (codes are case-insensitive). */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();
