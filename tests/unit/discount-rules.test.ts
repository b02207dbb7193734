import { describe, expect, it } from "vitest";
import { couponRuleIssues, saleRuleIssues, SALE_PERCENT_MAX, ZCouponInput, ZSaleInput } from "@/lib/schemas/staff-store";
import { ZCouponCodeInput, ZPurchaseInput } from "@/lib/schemas/store";

// The cross-field rules of staff sales and coupons (checked on the body and again on the merged row
// of an edit), and the optional coupon field of the purchase calls.

const start = new Date("2026-12-20T00:00:00Z");
const later = new Date("2026-12-21T00:00:00Z");
const paths = (issues: { path: string }[]) => issues.map((i) => i.path);

describe("saleRuleIssues", () => {
  it("accepts a valid sale", () => {
    expect(saleRuleIssues({ kind: "PERCENT", value: 99, scope: "STORE", productIds: [], categoryIds: [], startsAt: start, endsAt: later })).toEqual([]);
    expect(saleRuleIssues({ kind: "FIXED", value: 5000, scope: "PRODUCTS", productIds: [1], categoryIds: [], startsAt: start, endsAt: later })).toEqual([]);
    expect(saleRuleIssues({})).toEqual([]);
  });
  it("caps a percentage sale at 99 %, not a fixed one", () => {
    expect(SALE_PERCENT_MAX).toBe(99);
    expect(paths(saleRuleIssues({ kind: "PERCENT", value: 100 }))).toEqual(["value"]);
    expect(saleRuleIssues({ kind: "FIXED", value: 100 })).toEqual([]);
    expect(saleRuleIssues({ value: 100 })).toEqual([]);
  });
  it("needs a product or category for those scopes", () => {
    expect(saleRuleIssues({ scope: "PRODUCTS", productIds: [] })).toEqual([{ path: "productIds", message: "Choose at least one product." }]);
    expect(saleRuleIssues({ scope: "CATEGORIES", categoryIds: [] })).toEqual([{ path: "categoryIds", message: "Choose at least one category." }]);
    expect(saleRuleIssues({ scope: "STORE", productIds: [], categoryIds: [] })).toEqual([]);
    expect(saleRuleIssues({ scope: "PRODUCTS", categoryIds: [] })).toEqual([]);
    expect(saleRuleIssues({ scope: "CATEGORIES", productIds: [] })).toEqual([]);
    expect(saleRuleIssues({ scope: "CATEGORIES", categoryIds: [1] })).toEqual([]);
  });
  it("ends strictly after it starts", () => {
    expect(saleRuleIssues({ startsAt: start, endsAt: start })).toEqual([{ path: "endsAt", message: "The end must be after the start." }]);
    expect(paths(saleRuleIssues({ startsAt: later, endsAt: start }))).toEqual(["endsAt"]);
    expect(saleRuleIssues({ startsAt: start, endsAt: new Date(start.getTime() + 1) })).toEqual([]);
  });
  it("the create schema applies them and names the field", () => {
    const r = ZSaleInput.safeParse({
      name: "X",
      kind: "PERCENT",
      value: 100,
      scope: "PRODUCTS",
      startsAt: "2026-12-20T00:00:00Z",
      endsAt: "2026-12-19T00:00:00Z",
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0]).sort()).toEqual(["endsAt", "productIds", "value"]);
    const ok = ZSaleInput.safeParse({
      name: "X",
      kind: "PERCENT",
      value: 10,
      scope: "PRODUCTS",
      productIds: [3, 3],
      startsAt: "2026-12-20T00:00:00Z",
      endsAt: "2026-12-21T00:00:00+01:00",
    });
    expect(ok.success && ok.data.productIds).toEqual([3]);
  });
});

describe("couponRuleIssues", () => {
  const ok = { kind: "PERCENT" as const, value: 100, scope: "BASKET", productIds: [], categoryIds: [], packageIds: [], storeItems: true, creditPackages: true };
  it("accepts a valid coupon, 100 % included", () => {
    expect(couponRuleIssues(ok)).toEqual([]);
    expect(couponRuleIssues({})).toEqual([]);
  });
  it("caps a percentage at 100", () => {
    expect(paths(couponRuleIssues({ ...ok, value: 101 }))).toEqual(["value"]);
    expect(couponRuleIssues({ ...ok, kind: "FIXED", value: 101, creditPackages: false })).toEqual([]);
  });
  it("is for store items, packages or both; a fixed amount for one of them only", () => {
    expect(paths(couponRuleIssues({ ...ok, storeItems: false, creditPackages: false }))).toEqual(["storeItems"]);
    expect(couponRuleIssues({ ...ok, storeItems: false })).toEqual([]);
    expect(paths(couponRuleIssues({ ...ok, kind: "FIXED", value: 5 }))).toEqual(["creditPackages"]);
    expect(couponRuleIssues({ ...ok, kind: "FIXED", value: 5, storeItems: false })).toEqual([]);
    expect(couponRuleIssues({ ...ok, kind: "FIXED", value: 5, creditPackages: false })).toEqual([]);
  });
  it("needs a target for a product or category scope; a package alone is a product target", () => {
    expect(paths(couponRuleIssues({ ...ok, scope: "PRODUCTS" }))).toEqual(["productIds"]);
    expect(couponRuleIssues({ ...ok, scope: "PRODUCTS", packageIds: [2] })).toEqual([]);
    expect(couponRuleIssues({ ...ok, scope: "PRODUCTS", productIds: [2] })).toEqual([]);
    expect(paths(couponRuleIssues({ ...ok, scope: "CATEGORIES" }))).toEqual(["categoryIds"]);
    expect(couponRuleIssues({ ...ok, scope: "CATEGORIES", categoryIds: [1] })).toEqual([]);
    // An edit's patch may leave the lists out: nothing to check then (the merged row is checked again).
    expect(couponRuleIssues({ scope: "PRODUCTS" })).toEqual([]);
    expect(couponRuleIssues({ scope: "CATEGORIES" })).toEqual([]);
  });
  it("expires strictly after it starts; either alone is fine", () => {
    expect(paths(couponRuleIssues({ ...ok, startsAt: start, expiresAt: start }))).toEqual(["expiresAt"]);
    expect(couponRuleIssues({ ...ok, startsAt: start, expiresAt: later })).toEqual([]);
    expect(couponRuleIssues({ ...ok, startsAt: null, expiresAt: start })).toEqual([]);
    expect(couponRuleIssues({ ...ok, startsAt: later, expiresAt: null })).toEqual([]);
  });
  it("the create schema stores codes upper case and fills the defaults", () => {
    const r = ZCouponInput.parse({ code: " summer_25 ", kind: "PERCENT", value: 25, scope: "BASKET" });
    expect(r).toMatchObject({
      code: "SUMMER_25",
      storeItems: true,
      creditPackages: false,
      stackable: false,
      active: true,
      maxRedemptions: null,
      username: null,
    });
    expect(ZCouponInput.safeParse({ code: "ab", kind: "PERCENT", value: 25, scope: "BASKET" }).success).toBe(false);
  });
});

describe("the purchase calls' coupon field", () => {
  it("blank or null is no coupon; a code is trimmed; anything else is refused naming coupon", () => {
    expect(ZCouponCodeInput.parse(undefined)).toBeUndefined();
    expect(ZCouponCodeInput.parse(null)).toBeUndefined();
    expect(ZCouponCodeInput.parse("   ")).toBeUndefined();
    expect(ZCouponCodeInput.parse(" save10 ")).toBe("save10");
    expect(ZPurchaseInput.parse({ id: 3 })).toEqual({ id: 3 });
    for (const bad of ["no spaces", "x".repeat(33), 12, "ü"]) {
      const r = ZPurchaseInput.safeParse({ id: 3, coupon: bad });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.path).toEqual(["coupon"]);
    }
    expect(ZPurchaseInput.parse({ id: 3, coupon: "x".repeat(32) }).coupon).toHaveLength(32);
    expect(ZPurchaseInput.safeParse({ id: 3, coupon: 12 }).error!.issues[0]!.message).toBe("A coupon code is 1 to 32 letters, digits, - or _.");
  });
});
