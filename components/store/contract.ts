// The store and payments API as the browser uses it: paths, and the answers' types.
import type { z } from "zod";
import type { PAYMENT_METHODS, ZPaymentsConfig } from "@/lib/schemas/payments";
import type { TCreditPackage, TCreditPurchaseRow, TPurchaseResult, TPurchaseSummary, TStoreCategory, TStoreProduct } from "@/lib/schemas/store";
import * as endpoints from "@/lib/client/endpoints";
import { endpointUrl } from "@/lib/client/api";

// From the generated endpoints (lib/client/endpoints.ts): an endpoint changes in one place.
export const API = {
  categories: endpoints.storeCategories.path,
  // The spelling of docs/product.md §7, with its trailing slash (the server answers it directly).
  products: (category: number) => `${endpointUrl(endpoints.storeProductsPage.path, { category })}/`,
  balance: endpoints.creditBalance.path,
  purchase: endpoints.purchaseProduct.path,
  packages: endpoints.creditPackages.path,
  creditPurchase: endpoints.creditPurchase.path,
  paypalCapture: endpoints.paypalCapture.path,
  testCheckout: endpoints.testCheckout.path,
  paymentConfig: endpoints.paymentsConfig.path,
  purchases: endpoints.listPurchases.path,
  purchasesSummary: endpoints.purchaseSummary.path,
} as const;


// The JSON shapes come from the server's zod schemas (types only: no zod in the bundle), so
// a change to an API answer breaks the type check of the page that reads it.
export type StoreCategory = TStoreCategory;
export type StoreProduct = TStoreProduct;
export type Paged<T> = { results: T[]; previous: string | null; next: string | null };
export type PurchaseSuccess = TPurchaseResult;
export type CreditPackage = TCreditPackage;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentConfig = z.infer<typeof ZPaymentsConfig>;
/** 201 of POST /store/credits/purchase: one of the provider fields, always purchase_id and test_checkout. */
export type CreditCheckout = { purchase_id: number; test_checkout: boolean; client_secret?: string; order_id?: string; hosted_url?: string };
export type CreditPurchaseRow = TCreditPurchaseRow;
export type PurchasesSummary = TPurchaseSummary;
