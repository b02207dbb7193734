// JSON shapes of the store and payments API as agreed between the issue-7 helpers (BRIEF7.md
// "The contract"), for the browser side. Types only: the server's zod schemas in lib/schemas
// are the source of truth once merged; these must stay assignable from them.
import type { SaleTier } from "@/lib/store/sale";

export const API = {
  categories: "/api/v1/store/category",
  products: (category: number) => `/api/v1/store/products/${category}/`,
  balance: "/api/v1/store/credits/amount",
  purchase: "/api/v1/store/purchase",
  packages: "/api/v1/store/credits/products",
  creditPurchase: "/api/v1/store/credits/purchase",
  paypalCapture: "/api/v1/store/credits/paypal/capture",
  testCheckout: "/api/v1/store/credits/test-checkout",
  paymentConfig: "/api/v1/store/credits/config",
  purchases: "/api/v1/store/purchases",
  purchasesSummary: "/api/v1/store/purchases/summary",
} as const;

/** Store products page size (contract). */
export const PRODUCTS_PAGE_SIZE = 12;

export type StoreCategory = { id: number; name: string };

export type StoreProduct = {
  id: number;
  name: string;
  image_href: string;
  /** Category id. */
  category: number;
  /** Whether Ironman accounts may claim it. */
  ironman: boolean;
  description: string;
  /** Price in credits without a sale. */
  price: number;
  /** The price in force while a sale runs (computed by the server from the tier), else null. */
  sale_price: number | null;
  sale?: SaleTier | null;
};

export type Paged<T> = { results: T[]; previous: string | null; next: string | null };

export type PurchaseSuccess = { success: string; credits: number };

export type CreditPackage = {
  id: number;
  credits: number;
  bonusCredits: number;
  /** US dollars. */
  price: number;
  imageUrl: string;
  /** The same as credits / bonusCredits: the payment modals' names (spec §3). */
  amount: number;
  bonus_amount: number;
};

export type PaymentMethod = "stripe" | "paypal" | "coinbase";

export type PaymentConfig = {
  stripe_publishable_key: string | null;
  paypal_client_id: string | null;
  test_checkout: boolean;
  methods: PaymentMethod[];
};

/** 201 of POST /store/credits/purchase: one of the provider fields, always purchase_id and test_checkout. */
export type CreditCheckout = {
  purchase_id: number;
  test_checkout: boolean;
  client_secret?: string;
  order_id?: string;
  hosted_url?: string;
};

export type CreditPurchaseRow = {
  id: number;
  status: string;
  /** ISO date-time. */
  time: string;
  creditPackage: { credits: number; bonusCredits: number; price: number };
  method: string;
};

export type PurchasesSummary = { totalSpent: number; storeCredits: number; redeemedCredits: number };
