// The store and payments answers as the browser names them. The calls go through the generated
// endpoints (lib/client/endpoints.ts), typed by their operations.
import type { z } from "zod";
import type { PAYMENT_METHODS, ZPaymentsConfig } from "@/lib/schemas/payments";
import type { TCreditPackage, TStoreProduct } from "@/lib/schemas/store";

// The JSON shapes come from the server's zod schemas (types only: no zod in the bundle), so
// a change to an API answer breaks the type check of the page that reads it.
export type StoreProduct = TStoreProduct;
export type CreditPackage = TCreditPackage;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentConfig = z.infer<typeof ZPaymentsConfig>;
/** 201 of POST /store/credits/purchase: one of the provider fields, always purchase_id and test_checkout. */
export type CreditCheckout = { purchase_id: number; test_checkout: boolean; client_secret?: string; order_id?: string; hosted_url?: string };
