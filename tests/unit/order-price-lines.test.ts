import { describe, expect, it } from "vitest";
import { discountsFromPriceLines } from "@/lib/orders/price-lines";

// The discount lines of the order history and receipts (docs/store.md "Discount lines on orders"),
// read back from the price lines stored on an order.

describe("discountsFromPriceLines", () => {
  it("gives the base and every sale and coupon line as the positive amount it took off, in order", () => {
    const stored = [
      { step: "base", label: "Price", amount: 450 },
      { step: "sale", label: "Sale: Winter (25% off)", amount: -112 },
      { step: "coupon", label: "Coupon SAVE", amount: -38 },
      { step: "creator_bonus", label: "Creator bonus", amount: 0 },
      { step: "total", label: "Total", amount: 300 },
    ];
    expect(discountsFromPriceLines(stored)).toEqual({
      base: 450,
      discounts: [
        { label: "Sale: Winter (25% off)", amount: 112 },
        { label: "Coupon SAVE", amount: 38 },
      ],
    });
  });

  it("has no discounts and no base for an order stored without lines, and skips lines that are not lines", () => {
    expect(discountsFromPriceLines(null)).toEqual({ base: null, discounts: [] });
    expect(discountsFromPriceLines({ step: "base" })).toEqual({ base: null, discounts: [] });
    expect(
      discountsFromPriceLines([
        null,
        3,
        { step: "coupon", label: "X", amount: "5" },
        { step: "coupon", label: "Y", amount: 1.5 },
        { step: "base", label: "Price", amount: 10 },
      ]),
    ).toEqual({ base: 10, discounts: [] });
  });
});
