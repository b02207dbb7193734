import "server-only";
import type { PaymentMethodName } from "../env";
import { coinbaseAdapter } from "./coinbase";
import { paypalAdapter } from "./paypal";
import { stripeAdapter } from "./stripe";
import type { PaymentAdapter } from "./types";

export const ADAPTERS: Record<PaymentMethodName, PaymentAdapter> = { stripe: stripeAdapter, paypal: paypalAdapter, coinbase: coinbaseAdapter };
