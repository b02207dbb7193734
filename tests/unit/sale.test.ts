import { describe, expect, it } from "vitest";
import { priceInForce, SALE_PERCENT, SALE_TIERS, saleLabel, salePrice } from "@/lib/store/sale";

describe("store sale tiers", () => {
  it("has the discounts of docs/product.md §9: LOW 10%, MEDIUM 25%, HIGH 50%", () => {
    expect(SALE_PERCENT).toEqual({ LOW: 10, MEDIUM: 25, HIGH: 50 });
    expect(salePrice(1000, "LOW")).toBe(900);
    expect(salePrice(1000, "MEDIUM")).toBe(750);
    expect(salePrice(1000, "HIGH")).toBe(500);
  });

  it("has no sale price without a tier, and then the list price is in force", () => {
    expect(salePrice(1000, null)).toBeNull();
    expect(salePrice(1000, undefined)).toBeNull();
    expect(priceInForce(1000, null)).toBe(1000);
    expect(priceInForce(1000, "HIGH")).toBe(500);
  });

  it("rounds to the nearest whole credit, halves up", () => {
    expect(salePrice(450, "MEDIUM")).toBe(338); // 337.5
    expect(salePrice(99, "HIGH")).toBe(50); // 49.5
    expect(salePrice(13, "MEDIUM")).toBe(10); // 9.75
    expect(salePrice(11, "LOW")).toBe(10); // 9.9
    expect(salePrice(2501, "HIGH")).toBe(1251); // 1250.5
  });

  it("never makes a paid product free, nor dearer than its list price", () => {
    expect(salePrice(1, "HIGH")).toBe(1);
    expect(salePrice(1, "LOW")).toBe(1);
    expect(salePrice(2, "HIGH")).toBe(1);
    expect(salePrice(0, "HIGH")).toBe(0);
    for (let price = 1; price <= 500; price++) {
      for (const tier of ["LOW", "MEDIUM", "HIGH"] as const) {
        const p = salePrice(price, tier);
        expect(p).toBeGreaterThanOrEqual(1);
        expect(p).toBeLessThanOrEqual(price);
        expect(Number.isInteger(p)).toBe(true);
      }
    }
  });

  it("labels the badge 'X% OFF'", () => {
    expect(saleLabel("LOW")).toBe("10% OFF");
    expect(saleLabel("MEDIUM")).toBe("25% OFF");
    expect(saleLabel("HIGH")).toBe("50% OFF");
    expect(saleLabel(null)).toBe("");
  });

  it("has the three tiers, and the API schema's enum lists every tier the discount table has", () => {
    expect([...SALE_TIERS].sort()).toEqual(["HIGH", "LOW", "MEDIUM"]);
    expect([...SALE_TIERS].sort()).toEqual(Object.keys(SALE_PERCENT).sort());
  });
});
