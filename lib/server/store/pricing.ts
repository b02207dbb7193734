import "server-only";
import type { Coupon, CreatorCode, StoreProduct, StoreSale } from "@/lib/generated/prisma/client";
import {
  COUPON_ERRORS,
  couponRefusal,
  normalizeCouponCode,
  priceBreakdown,
  type CouponTarget,
  type CreatorRule,
  type PriceBreakdown,
  type PriceLine,
  type SaleRule,
} from "@/lib/store/pricing";
import { tierSale } from "@/lib/store/sale";
import { db, Prisma, type Tx } from "../db";
import { countLiveRedemptions, lockCouponByCode } from "./sql/discounts";
import { AppError } from "../errors";

// The price pipeline's inputs from the database (docs/store.md): the sales in force, a product's
// candidates among them, a coupon and its live redemption counts. The purchase, the checkout and
// the preview all go through priceProductFor / pricePackageFor, so they charge what they show.

type Reader = Tx | typeof db;

/** Sales in force at `now` (startsAt ≤ now < endsAt). */
export function activeSales(reader: Reader, now: Date): Promise<StoreSale[]> {
  return reader.storeSale.findMany({ where: { startsAt: { lte: now }, endsAt: { gt: now } }, orderBy: { id: "asc" } });
}

export function saleCovers(sale: Pick<StoreSale, "scope" | "productIds" | "categoryIds">, p: { id: number; categoryId: number }): boolean {
  if (sale.scope === "STORE") return true;
  if (sale.scope === "PRODUCTS") return sale.productIds.includes(p.id);
  return sale.categoryIds.includes(p.categoryId);
}

const toRule = (s: StoreSale): SaleRule => ({ id: s.id, name: s.name, kind: s.kind, value: s.value, endsAt: s.endsAt });

/** A product's sale candidates: the scheduled sales covering it and its own fixed tier. */
export function salesForProduct(sales: readonly StoreSale[], p: Pick<StoreProduct, "id" | "categoryId" | "sale">): SaleRule[] {
  const rules = sales.filter((s) => saleCovers(s, p)).map(toRule);
  const tier = tierSale(p.sale);
  return tier ? [...rules, tier] : rules;
}

// ── coupons ──

/** Field name of coupon errors in every API answer. */
export const COUPON_FIELD = "coupon";

/** A 400 naming `coupon` (the legacy purchase answer adds `error` itself, docs/product.md §7). */
export const couponError = (message: string) => new AppError("VALIDATION", { userMessage: message, fields: { [COUPON_FIELD]: [message] } });

/** The coupon with this code (any case), locked FOR UPDATE when `lock` (purchases), or null. */
export async function findCoupon(reader: Reader, code: string, lock: boolean): Promise<Coupon | null> {
  const normalized = normalizeCouponCode(code);
  if (lock) {
    const id = await lockCouponByCode(reader, normalized);
    return id === null ? null : reader.coupon.findUnique({ where: { id } });
  }
  return reader.coupon.findUnique({ where: { code: normalized } });
}

/**
 * Live uses of a coupon: every store order that used it, and every checkout not FAILED, CANCELED or EXPIRED
 * (a checkout reserves its use; one that fails or is cancelled gives it back, whoever marks it so).
 */
export async function redemptionCounts(reader: Reader, couponId: number, userId: number | null): Promise<{ used: number; usedByPlayer: number }> {
  const row = await countLiveRedemptions(reader, couponId, userId);
  return { used: row.used, usedByPlayer: row.by_player };
}

export type Priced = { breakdown: PriceBreakdown; coupon: Coupon | null; creator: CreatorCode | null };

/**
 * Runs the pipeline for one item. With a coupon code: loads it (locked when `lock`), checks it
 * against this order and the live counts, and throws a 400 naming `coupon` when it cannot apply.
 */
async function priceWith(
  reader: Reader,
  base: { base: number; unit: "credits" | "cents"; sales: SaleRule[]; creator?: CreatorRule | null },
  target: (beforeCoupon: number, onSale: boolean) => CouponTarget,
  opts: { userId: number | null; couponCode: string | null | undefined; lock: boolean; now: Date },
): Promise<Priced> {
  const withoutCoupon = priceBreakdown(base);
  if (!opts.couponCode) return { breakdown: withoutCoupon, coupon: null, creator: null };
  const coupon = await findCoupon(reader, opts.couponCode, opts.lock);
  const counts = coupon ? await redemptionCounts(reader, coupon.id, opts.userId) : { used: 0, usedByPlayer: 0 };
  const refusal = couponRefusal(coupon, target(withoutCoupon.beforeCoupon, withoutCoupon.sale !== null), { now: opts.now, userId: opts.userId, ...counts });
  if (refusal || !coupon) throw couponError(refusal ?? COUPON_ERRORS.unknown);
  const breakdown = priceBreakdown({ ...base, coupon: { code: coupon.code, kind: coupon.kind, value: coupon.value, stackable: coupon.stackable } });
  return { breakdown, coupon, creator: null };
}

export function priceProductFor(
  reader: Reader,
  product: Pick<StoreProduct, "id" | "categoryId" | "price" | "sale">,
  sales: readonly StoreSale[],
  opts: { userId: number | null; couponCode: string | null | undefined; lock: boolean; now: Date },
): Promise<Priced> {
  return priceWith(
    reader,
    { base: product.price, unit: "credits", sales: salesForProduct(sales, product) },
    (beforeCoupon, onSale) => ({ kind: "product", productId: product.id, categoryId: product.categoryId, beforeCoupon, onSale }),
    opts,
  );
}

/** Credit packages have no sales: base price, then coupon, then the creator code's bonus. */
export async function pricePackageFor(
  reader: Reader,
  pkg: { id: number; priceCents: number; credits: number },
  opts: { userId: number | null; couponCode: string | null | undefined; creatorCode?: string | null | undefined; lock: boolean; now: Date },
): Promise<Priced> {
  const creator = opts.creatorCode ? await checkedCreatorCode(reader, opts.creatorCode, opts.userId) : null;
  const priced = await priceWith(
    reader,
    { base: pkg.priceCents, unit: "cents", sales: [], creator: creator && { code: creator.code, bonusPercent: creator.bonusPercent, credits: pkg.credits } },
    (beforeCoupon, onSale) => ({ kind: "package", packageId: pkg.id, beforeCoupon, onSale }),
    opts,
  );
  return { ...priced, creator };
}

// ── creator codes (docs/store.md, "Creator codes") ──

/** Field name of creator code errors in every API answer. */
export const CREATOR_CODE_FIELD = "creator_code";
export const CREATOR_CODE_ERRORS = {
  unknown: "No creator code with this code.",
  paused: "This creator code is paused.",
  own: "You cannot use your own creator code.",
  signIn: "Sign in to use a creator code.",
  notForItems: "Creator codes are for credit packages only.",
} as const;
export const creatorCodeError = (message: string) => new AppError("VALIDATION", { userMessage: message, fields: { [CREATOR_CODE_FIELD]: [message] } });

/** The creator code with this code (any case), or a 400 naming `creator_code`: unknown, paused, or the buyer's own. */
export async function checkedCreatorCode(reader: Reader, code: string, userId: number | null): Promise<CreatorCode> {
  const row = await reader.creatorCode.findUnique({ where: { code: normalizeCouponCode(code) } });
  if (!row) throw creatorCodeError(CREATOR_CODE_ERRORS.unknown);
  if (!row.active) throw creatorCodeError(CREATOR_CODE_ERRORS.paused);
  if (userId === null) throw creatorCodeError(CREATOR_CODE_ERRORS.signIn);
  if (row.userId === userId) throw creatorCodeError(CREATOR_CODE_ERRORS.own);
  return row;
}

/** Records the use in the caller's transaction (the order's or the checkout's). */
export async function recordRedemption(
  tx: Tx,
  r: { couponId: number; userId: number; discount: number; storeOrderId?: number; creditPurchaseId?: number },
): Promise<void> {
  await tx.couponRedemption.create({
    data: {
      couponId: r.couponId,
      userId: r.userId,
      discount: r.discount,
      storeOrderId: r.storeOrderId ?? null,
      creditPurchaseId: r.creditPurchaseId ?? null,
    },
  });
}

/** The lines as stored on an order or a checkout (JSON). */
export const linesJson = (lines: PriceLine[]): Prisma.InputJsonValue =>
  lines.map((l) => ({ step: l.step, label: l.label, amount: l.amount, ...(l.bonus_credits === undefined ? {} : { bonus_credits: l.bonus_credits }) }));
