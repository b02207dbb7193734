import { describe, expect, it } from "vitest";
import { NO_METHOD, NO_PACKAGE, checkoutProblem, checkoutTrouble, orderSummary, usd } from "@/components/credits/checkout-text";
import { purchaseProduct, purchaseState } from "@/components/credits/purchase-rows";
import {
  INITIAL_CATEGORY,
  ROUTE_DEFAULT_CATEGORY,
  buyCreditsLabel,
  effectiveCategory,
  productsArgs,
  type StoreQuery,
  readStoreQuery,
  storeQueryString,
  withCategory,
  withSearch,
} from "@/components/store/store-query";
import { endpointUrl } from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import { formatLongDate } from "@/lib/format/dates";

const q = (s: string) => readStoreQuery(new URLSearchParams(s));

describe("store query (docs/product.md §2 Store, §9 defaults)", () => {
  it("loads category 3 on a plain /store and reads category, page and search", () => {
    expect(ROUTE_DEFAULT_CATEGORY).toBe(3);
    expect(q("")).toEqual({ category: 3, page: 1, search: "" });
    expect(q("category=5&page=2&search=%20claws%20")).toEqual({ category: 5, page: 2, search: "claws" });
  });

  it("treats a malformed category or page as the default", () => {
    expect(q("category=abc&page=-1")).toEqual({ category: 3, page: 1, search: "" });
    expect(q("category=0&page=1e3")).toEqual({ category: 3, page: 1, search: "" });
  });

  it("falls back to the initial selection (1), then the first category, when the requested one does not exist", () => {
    expect(INITIAL_CATEGORY).toBe(1);
    expect(effectiveCategory(3, [1, 2, 3])).toBe(3);
    expect(effectiveCategory(3, [1, 2])).toBe(1);
    expect(effectiveCategory(9, [4, 7])).toBe(4);
    expect(effectiveCategory(3, [])).toBeNull();
  });

  it("resets to page 1 on a category change or a new search, and writes it into the query", () => {
    const onPage3 = q("category=2&page=3&search=hat");
    expect(storeQueryString(withCategory(onPage3, 4))).toBe("?category=4&search=hat");
    expect(storeQueryString(withSearch(onPage3, "bow"))).toBe("?category=2&search=bow");
    expect(storeQueryString(onPage3)).toBe("?category=2&page=3&search=hat");
  });

  it("asks the products endpoint for the category, the page and the search", () => {
    const url = (q: StoreQuery) => {
      const { params, query } = productsArgs(q);
      return endpointUrl(endpoints.storeProductsPage.path, params, query);
    };
    expect(url({ category: 2, page: 1, search: "" })).toBe("/api/v1/store/products/2?page=1");
    expect(url({ category: 2, page: 3, search: "party hat" })).toBe("/api/v1/store/products/2?page=3&search=party+hat");
  });

  it("labels the balance link 'Buy Credits' at 0 and 'Buy more Credits' otherwise", () => {
    expect(buyCreditsLabel(0)).toBe("Buy Credits");
    expect(buyCreditsLabel(-20)).toBe("Buy Credits");
    expect(buyCreditsLabel(1)).toBe("Buy more Credits");
  });
});

describe("credit checkout (docs/product.md §2, §5, §8)", () => {
  it("asks for a package first, then a payment method", () => {
    expect(checkoutProblem(null, null)).toBe(NO_PACKAGE);
    expect(checkoutProblem(null, "paypal")).toBe(NO_PACKAGE);
    expect(checkoutProblem(4, null)).toBe(NO_METHOD);
    expect(checkoutProblem(4, "stripe")).toBeNull();
    expect(NO_PACKAGE).toBe("You must select a credit package in order to proceed with checkout.");
    expect(NO_METHOD).toBe("You must select a payment method in order to proceed with checkout.");
  });

  it("sums the order with its bonus into the new balance, total in USD", () => {
    expect(orderSummary(120, { amount: 500, bonus_amount: 50, price: 50 })).toEqual({
      balance: 120,
      amount: 500,
      bonus: 50,
      newBalance: 670,
      total: "$50.00 USD",
    });
    // Handed over in game (::store): the website balance does not change.
    expect(orderSummary(120, { amount: 500, bonus_amount: 50, price: 50 }, { inGame: true })).toMatchObject({ newBalance: 120, amount: 500, bonus: 50 });
    expect(usd(9.5)).toBe("$9.50 USD");
  });

  it("names the provider in the no-package text", () => {
    expect(checkoutTrouble("paypal")).toBe("Sorry, but it looks like we ran into trouble while creating your PayPal checkout session");
    expect(checkoutTrouble("coinbase")).toMatch(/your Coinbase checkout session$/);
  });
});

describe("purchase history rows (docs/product.md §2, §4)", () => {
  it("reads 'N x', the optional '(+B Bonus)' and 'Credit Package'", () => {
    expect(purchaseProduct({ credits: 1000, bonusCredits: 150 })).toBe("1,000 x (+150 Bonus) Credit Package");
    expect(purchaseProduct({ credits: 100, bonusCredits: 0 })).toBe("100 x Credit Package");
  });

  it("styles PAID as claimed and everything else as pending", () => {
    expect(purchaseState("PAID")).toBe("claimed");
    for (const s of ["PENDING", "REFUNDED", "FAILED", "paid"]) expect(purchaseState(s)).toBe("pending");
  });

  it("writes a long US date in the reader's zone", () => {
    expect(formatLongDate("2024-03-07T23:30:00Z")).toBe("March 7, 2024");
    expect(formatLongDate("2024-03-07T23:30:00Z", "Asia/Tokyo")).toBe("March 8, 2024");
    expect(formatLongDate("2024-03-07T23:30:00Z", "Not/AZone")).toBe("March 7, 2024");
    expect(formatLongDate("nope")).toBe("");
  });
});
