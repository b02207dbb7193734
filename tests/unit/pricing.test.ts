import { describe, expect, it } from "vitest";
import {
  applyDiscount,
  bestSale,
  COUPON_ERRORS,
  couponCovers,
  couponRefusal,
  FLOOR,
  MIN_CHARGE_CENTS,
  minimumNotMet,
  normalizeCouponCode,
  NOT_STACKABLE,
  percentOff,
  priceBreakdown,
  STEP_ORDER,
  type CouponTarget,
  type CouponTerms,
  type SaleRule,
} from "@/lib/store/pricing";
import { salePercent, tierFor, tierSale } from "@/lib/store/sale";

const sale = (id: number, kind: "PERCENT" | "FIXED", value: number, endsAt: Date | null = new Date("2027-01-01T00:00:00Z")): SaleRule => ({
  id,
  name: `S${id}`,
  kind,
  value,
  endsAt,
});

describe("applyDiscount", () => {
  it("takes a percentage off, rounding the price to the nearest unit with halves up", () => {
    expect(applyDiscount(1000, "PERCENT", 25, 1)).toBe(750);
    expect(applyDiscount(450, "PERCENT", 25, 1)).toBe(338); // 337.5
    expect(applyDiscount(99, "PERCENT", 50, 1)).toBe(50); // 49.5
    expect(applyDiscount(13, "PERCENT", 25, 1)).toBe(10); // 9.75
    expect(applyDiscount(101, "PERCENT", 15, 1)).toBe(86); // 85.85
    expect(applyDiscount(101, "PERCENT", 5, 1)).toBe(96); // 95.95
    expect(applyDiscount(1001, "PERCENT", 1, 1)).toBe(991); // 990.99
  });
  it("takes a fixed amount off", () => {
    expect(applyDiscount(1000, "FIXED", 250, 1)).toBe(750);
    expect(applyDiscount(1000, "FIXED", 999, 1)).toBe(1);
  });
  it("never goes below the floor, nor above the price, and leaves a price under the floor as it is", () => {
    expect(applyDiscount(1000, "FIXED", 1000, 1)).toBe(1);
    expect(applyDiscount(1000, "FIXED", 5000, 1)).toBe(1);
    expect(applyDiscount(1000, "PERCENT", 100, 1)).toBe(1);
    expect(applyDiscount(1000, "PERCENT", 100, 50)).toBe(50);
    expect(applyDiscount(1000, "FIXED", 951, 50)).toBe(50);
    expect(applyDiscount(1000, "FIXED", 950, 50)).toBe(50);
    expect(applyDiscount(1000, "FIXED", 949, 50)).toBe(51);
    expect(applyDiscount(30, "PERCENT", 50, 50)).toBe(30);
    expect(applyDiscount(1, "PERCENT", 50, 1)).toBe(1);
    expect(applyDiscount(0, "PERCENT", 50, 1)).toBe(0);
    expect(applyDiscount(100, "FIXED", 0, 1)).toBe(100);
  });
  it("stays an integer for every price and percentage", () => {
    for (let price = 1; price <= 300; price += 7)
      for (let pct = 1; pct <= 100; pct += 3) {
        const p = applyDiscount(price, "PERCENT", pct, 1);
        expect(Number.isInteger(p)).toBe(true);
        expect(p).toBeGreaterThanOrEqual(1);
        expect(p).toBeLessThanOrEqual(price);
        expect(Math.abs(p - (price * (100 - pct)) / 100)).toBeLessThanOrEqual(Math.max(0.5, 1 - (price * (100 - pct)) / 100));
      }
  });
  it("has the documented floors", () => {
    expect(FLOOR).toEqual({ credits: 1, cents: 50 });
    expect(MIN_CHARGE_CENTS).toBe(50);
  });
});

describe("percentOff", () => {
  it("rounds down to a whole percent, and is 0 when the price is not lowered", () => {
    expect(percentOff(1000, 750)).toBe(25);
    expect(percentOff(450, 338)).toBe(24);
    expect(percentOff(3, 2)).toBe(33);
    expect(percentOff(1000, 1000)).toBe(0);
    expect(percentOff(1000, 1200)).toBe(0);
    expect(percentOff(0, 0)).toBe(0);
  });
});

describe("bestSale: the best price for the player among the sales in force", () => {
  it("picks the lowest price, comparing percentages with fixed amounts", () => {
    expect(bestSale(1000, [sale(1, "PERCENT", 10), sale(2, "FIXED", 300), sale(3, "PERCENT", 20)], "credits")?.id).toBe(2);
    expect(bestSale(1000, [sale(1, "PERCENT", 40), sale(2, "FIXED", 300)], "credits")?.id).toBe(1);
  });
  it("breaks a tie by the earliest end, then the lowest id; a sale that never ends loses a tie", () => {
    const early = sale(5, "PERCENT", 10, new Date("2026-12-20T00:00:00Z"));
    const late = sale(4, "FIXED", 100, new Date("2026-12-30T00:00:00Z"));
    expect(bestSale(1000, [late, early], "credits")?.id).toBe(5);
    expect(bestSale(1000, [sale(7, "PERCENT", 10), sale(6, "PERCENT", 10)], "credits")?.id).toBe(6);
    expect(bestSale(1000, [sale(6, "PERCENT", 10), sale(7, "PERCENT", 10)], "credits")?.id).toBe(6);
    expect(bestSale(1000, [tierSale("LOW")!, sale(9, "PERCENT", 10)], "credits")?.id).toBe(9);
    expect(bestSale(1000, [sale(9, "PERCENT", 10), tierSale("LOW")!], "credits")?.id).toBe(9);
    expect(bestSale(1000, [tierSale("LOW")!, sale(9, "PERCENT", 10, null)], "credits")?.id).toBe(0);
  });
  it("a worse price never wins, even ending first", () => {
    const best = sale(1, "PERCENT", 30, new Date("2026-12-30T00:00:00Z"));
    const worseEarlier = sale(2, "PERCENT", 10, new Date("2026-12-20T00:00:00Z"));
    expect(bestSale(1000, [best, worseEarlier], "credits")?.id).toBe(1);
    expect(bestSale(1000, [worseEarlier, best], "credits")?.id).toBe(1);
  });
  it("ignores a sale that does not lower the price (at the floor already)", () => {
    expect(bestSale(1, [sale(1, "PERCENT", 50)], "credits")).toBeNull();
    expect(bestSale(50, [sale(1, "PERCENT", 50)], "cents")).toBeNull();
    expect(bestSale(1000, [], "credits")).toBeNull();
  });
});

describe("priceBreakdown", () => {
  it("with nothing to apply: the base and the total", () => {
    expect(priceBreakdown({ base: 500, unit: "credits" })).toEqual({
      lines: [
        { step: "base", label: "Price", amount: 500 },
        { step: "total", label: "Total", amount: 500 },
      ],
      total: 500,
      unit: "credits",
      sale: null,
      beforeCoupon: 500,
      couponDiscount: 0,
      creatorBonusCredits: 0,
    });
  });
  it("a creator code comes after the coupon: a creator_bonus line of bonus credits (rounded down), the price unchanged", () => {
    const b = priceBreakdown({
      base: 4999,
      unit: "cents",
      coupon: { code: "TEN", kind: "PERCENT", value: 10, stackable: false },
      creator: { code: "STREAMER", bonusPercent: 15, credits: 1001 },
    });
    expect(b.lines).toEqual([
      { step: "base", label: "Price", amount: 4999 },
      { step: "coupon", label: "Coupon TEN (10% off)", amount: -500 },
      { step: "creator_bonus", label: "Creator code STREAMER: +150 bonus credits", amount: 0, bonus_credits: 150 },
      { step: "total", label: "Total", amount: 4499 },
    ]);
    expect(b).toMatchObject({ total: 4499, creatorBonusCredits: 150 });
    expect(b.lines.slice(0, -1).reduce((a, l) => a + l.amount, 0)).toBe(b.total);
    expect(priceBreakdown({ base: 1000, unit: "cents", creator: { code: "ZERO", bonusPercent: 0, credits: 500 } }).lines[1]).toMatchObject({
      step: "creator_bonus",
      bonus_credits: 0,
    });
  });
  it("applies the sale, then the coupon on the sale price, each as its own line, in the fixed order", () => {
    const b = priceBreakdown({
      base: 1000,
      unit: "credits",
      sales: [sale(1, "PERCENT", 20)],
      coupon: { code: "TEN", kind: "PERCENT", value: 10, stackable: true },
    });
    expect(b.lines).toEqual([
      { step: "base", label: "Price", amount: 1000 },
      { step: "sale", label: "Sale: S1 (20% off)", amount: -200 },
      { step: "coupon", label: "Coupon TEN (10% off)", amount: -80 },
      { step: "total", label: "Total", amount: 720 },
    ]);
    expect(b.total).toBe(720);
    expect(b.beforeCoupon).toBe(800);
    expect(b.couponDiscount).toBe(80);
    expect(b.sale?.id).toBe(1);
    // Order matters: a fixed coupon then a percentage sale would give 1000-100=900 → 720, the other way 800-100=700.
    const fixed = priceBreakdown({
      base: 1000,
      unit: "credits",
      sales: [sale(1, "PERCENT", 20)],
      coupon: { code: "C", kind: "FIXED", value: 100, stackable: true },
    });
    expect(fixed.total).toBe(700);
    expect(fixed.lines.map((l) => l.step)).toEqual(["base", "sale", "coupon", "total"]);
    expect(fixed.lines.map((l) => l.label)).toEqual(["Price", "Sale: S1 (20% off)", "Coupon C", "Total"]);
  });
  it("lines add up to the total, and steps follow STEP_ORDER", () => {
    for (const base of [1, 2, 49, 50, 51, 99, 450, 1001]) {
      const b = priceBreakdown({ base, unit: "cents", sales: [sale(1, "PERCENT", 33)], coupon: { code: "X", kind: "FIXED", value: 37, stackable: true } });
      const [first, ...rest] = b.lines;
      expect(first!.amount + rest.slice(0, -1).reduce((s, l) => s + l.amount, 0)).toBe(b.total);
      expect(b.lines.at(-1)).toEqual({ step: "total", label: "Total", amount: b.total });
      const order = b.lines.map((l) => STEP_ORDER.indexOf(l.step));
      expect(order).toEqual([...order].sort((x, y) => x - y));
      expect(b.total).toBeGreaterThanOrEqual(Math.min(base, 50));
    }
    expect(STEP_ORDER).toEqual(["base", "sale", "coupon", "creator_bonus", "total"]);
  });
  it("floors at 1 credit and at 50 cents, and a step cut short by the floor shows what it really took", () => {
    const credits = priceBreakdown({
      base: 100,
      unit: "credits",
      sales: [sale(1, "FIXED", 90)],
      coupon: { code: "ALL", kind: "PERCENT", value: 100, stackable: true },
    });
    expect(credits.lines.map((l) => l.amount)).toEqual([100, -90, -9, 1]);
    expect(credits.total).toBe(1);
    const cents = priceBreakdown({ base: 999, unit: "cents", coupon: { code: "BIG", kind: "FIXED", value: 5000, stackable: false } });
    expect(cents.lines.map((l) => l.amount)).toEqual([999, -949, 50]);
    expect(cents.couponDiscount).toBe(949);
    const cheap = priceBreakdown({ base: 40, unit: "cents", coupon: { code: "BIG", kind: "FIXED", value: 10, stackable: false } });
    expect(cheap.total).toBe(40);
    expect(cheap.lines.map((l) => l.amount)).toEqual([40, 0, 40]);
  });
  it("refuses a non-stackable coupon over a sale, and takes it without a sale", () => {
    expect(() =>
      priceBreakdown({ base: 100, unit: "credits", sales: [sale(1, "PERCENT", 10)], coupon: { code: "N", kind: "PERCENT", value: 10, stackable: false } }),
    ).toThrow(NOT_STACKABLE);
    expect(priceBreakdown({ base: 100, unit: "credits", coupon: { code: "N", kind: "PERCENT", value: 10, stackable: false } }).total).toBe(90);
    // A sale that does not lower the price is no sale: the coupon applies.
    expect(
      priceBreakdown({ base: 1, unit: "credits", sales: [sale(1, "PERCENT", 10)], coupon: { code: "N", kind: "PERCENT", value: 10, stackable: false } }).total,
    ).toBe(1);
  });
  it("shows a fixed sale by its name only", () => {
    expect(priceBreakdown({ base: 500, unit: "credits", sales: [sale(3, "FIXED", 120)] }).lines[1]).toEqual({ step: "sale", label: "Sale: S3", amount: -120 });
  });
});

describe("the contract's tier from the sale in force", () => {
  it("maps a product's own tier back to itself and other percentages to the nearest tier below (LOW under 25)", () => {
    expect(tierFor(10)).toBe("LOW");
    expect(tierFor(1)).toBe("LOW");
    expect(tierFor(24)).toBe("LOW");
    expect(tierFor(25)).toBe("MEDIUM");
    expect(tierFor(49)).toBe("MEDIUM");
    expect(tierFor(50)).toBe("HIGH");
    expect(tierFor(90)).toBe("HIGH");
    for (const t of ["LOW", "MEDIUM", "HIGH"] as const) {
      const rule = tierSale(t)!;
      expect(tierFor(salePercent(rule, 450, applyDiscount(450, "PERCENT", rule.value, 1)))).toBe(t);
    }
    expect(tierSale(null)).toBeNull();
    expect(tierSale("LOW")).toEqual({ id: 0, name: "10% off", kind: "PERCENT", value: 10, endsAt: null });
    // A percentage sale shows its own percent even where rounding moved the price (99 at 50 % off is 50, 49.5 % off).
    expect(salePercent(tierSale("HIGH")!, 99, 50)).toBe(50);
    expect(tierFor(salePercent(tierSale("HIGH")!, 99, 50))).toBe("HIGH");
  });
  it("a fixed sale's percent is rounded from the prices, at least 1", () => {
    expect(salePercent(sale(1, "FIXED", 250), 1000, 750)).toBe(25);
    expect(salePercent(sale(1, "FIXED", 1), 1000, 999)).toBe(1);
    expect(salePercent(sale(1, "FIXED", 5), 1000, 995)).toBe(1);
    expect(salePercent(sale(1, "FIXED", 6), 1000, 994)).toBe(1);
    expect(salePercent(sale(1, "FIXED", 15), 1000, 985)).toBe(2);
    expect(salePercent(sale(1, "PERCENT", 15), 1000, 850)).toBe(15);
  });
});

const terms = (over: Partial<CouponTerms> = {}): CouponTerms => ({
  code: "SAVE",
  kind: "PERCENT",
  value: 10,
  scope: "BASKET",
  productIds: [],
  categoryIds: [],
  packageIds: [],
  storeItems: true,
  creditPackages: false,
  startsAt: null,
  expiresAt: null,
  maxRedemptions: null,
  perPlayerLimit: null,
  minOrderCredits: null,
  minOrderCents: null,
  userId: null,
  stackable: false,
  active: true,
  ...over,
});
const product = (over: Partial<Extract<CouponTarget, { kind: "product" }>> = {}): CouponTarget => ({
  kind: "product",
  productId: 5,
  categoryId: 2,
  beforeCoupon: 500,
  onSale: false,
  ...over,
});
const pkg = (over: Partial<Extract<CouponTarget, { kind: "package" }>> = {}): CouponTarget => ({
  kind: "package",
  packageId: 3,
  beforeCoupon: 1000,
  onSale: false,
  ...over,
});
const now = new Date("2026-12-15T12:00:00Z");
const ctx = (over: Partial<{ userId: number | null; used: number; usedByPlayer: number }> = {}) => ({ now, userId: 7, used: 0, usedByPlayer: 0, ...over });

describe("couponRefusal", () => {
  it("accepts a valid coupon", () => {
    expect(couponRefusal(terms(), product(), ctx())).toBeNull();
  });
  it("refuses unknown and disabled coupons alike", () => {
    expect(couponRefusal(null, product(), ctx())).toBe(COUPON_ERRORS.unknown);
    expect(couponRefusal(terms({ active: false }), product(), ctx())).toBe(COUPON_ERRORS.unknown);
  });
  it("needs a signed-in player, and the named one when it is for one player", () => {
    expect(couponRefusal(terms(), product(), ctx({ userId: null }))).toBe(COUPON_ERRORS.signIn);
    expect(couponRefusal(terms({ userId: 8 }), product(), ctx())).toBe(COUPON_ERRORS.notForPlayer);
    expect(couponRefusal(terms({ userId: 7 }), product(), ctx())).toBeNull();
  });
  it("is valid from its start (inclusive) until its expiry (exclusive)", () => {
    expect(couponRefusal(terms({ startsAt: new Date(now.getTime() + 1) }), product(), ctx())).toBe(COUPON_ERRORS.notStarted);
    expect(couponRefusal(terms({ startsAt: now }), product(), ctx())).toBeNull();
    expect(couponRefusal(terms({ expiresAt: now }), product(), ctx())).toBe(COUPON_ERRORS.expired);
    expect(couponRefusal(terms({ expiresAt: new Date(now.getTime() + 1) }), product(), ctx())).toBeNull();
  });
  it("applies only within its scope", () => {
    expect(couponRefusal(terms({ scope: "PRODUCTS", productIds: [5] }), product(), ctx())).toBeNull();
    expect(couponRefusal(terms({ scope: "PRODUCTS", productIds: [6] }), product(), ctx())).toBe(COUPON_ERRORS.notForProduct);
    expect(couponRefusal(terms({ scope: "CATEGORIES", categoryIds: [2] }), product(), ctx())).toBeNull();
    expect(couponRefusal(terms({ scope: "CATEGORIES", categoryIds: [3] }), product(), ctx())).toBe(COUPON_ERRORS.notForProduct);
    expect(couponRefusal(terms(), pkg(), ctx())).toBe(COUPON_ERRORS.notForProduct);
    expect(couponRefusal(terms({ creditPackages: true }), pkg(), ctx())).toBeNull();
    expect(couponRefusal(terms({ storeItems: false, creditPackages: true }), product(), ctx())).toBe(COUPON_ERRORS.notForProduct);
  });
  it("refuses a non-stackable coupon for an item on sale, a stackable one is fine", () => {
    expect(couponRefusal(terms(), product({ onSale: true }), ctx())).toBe(COUPON_ERRORS.notStackable);
    expect(couponRefusal(terms({ stackable: true }), product({ onSale: true }), ctx())).toBeNull();
  });
  it("checks the minimum order against the price before the coupon, in the order's unit", () => {
    expect(couponRefusal(terms({ minOrderCredits: 501 }), product(), ctx())).toBe(minimumNotMet(501, "credits"));
    expect(couponRefusal(terms({ minOrderCredits: 500 }), product(), ctx())).toBeNull();
    expect(couponRefusal(terms({ creditPackages: true, minOrderCents: 1001 }), pkg(), ctx())).toBe("This coupon needs an order of at least $10.01.");
    expect(couponRefusal(terms({ creditPackages: true, minOrderCents: 1000 }), pkg(), ctx())).toBeNull();
    expect(couponRefusal(terms({ minOrderCents: 100_000 }), product(), ctx())).toBeNull();
    expect(minimumNotMet(1500, "credits")).toBe("This coupon needs an order of at least 1,500 credits.");
  });
  it("holds the total and per-player limits: the last use allowed, then refused", () => {
    expect(couponRefusal(terms({ maxRedemptions: 3 }), product(), ctx({ used: 2 }))).toBeNull();
    expect(couponRefusal(terms({ maxRedemptions: 3 }), product(), ctx({ used: 3 }))).toBe(COUPON_ERRORS.limitReached);
    expect(couponRefusal(terms({ perPlayerLimit: 1 }), product(), ctx({ used: 9, usedByPlayer: 0 }))).toBeNull();
    expect(couponRefusal(terms({ perPlayerLimit: 1 }), product(), ctx({ used: 9, usedByPlayer: 1 }))).toBe(COUPON_ERRORS.playerLimitReached);
  });
});

describe("couponCovers and codes", () => {
  it("a category coupon never covers a credit package; a product coupon covers listed packages", () => {
    expect(couponCovers(terms({ creditPackages: true, scope: "CATEGORIES", categoryIds: [3] }), pkg())).toBe(false);
    expect(couponCovers(terms({ creditPackages: true, scope: "CATEGORIES", categoryIds: [3], packageIds: [3] }), pkg())).toBe(false);
    expect(couponCovers(terms({ creditPackages: true, scope: "PRODUCTS", packageIds: [3] }), pkg())).toBe(true);
    expect(couponCovers(terms({ creditPackages: true, scope: "PRODUCTS", packageIds: [4], productIds: [3] }), pkg())).toBe(false);
  });
  it("codes are case-insensitive and trimmed", () => {
    expect(normalizeCouponCode("  summer-25 ")).toBe("SUMMER-25");
  });
});
