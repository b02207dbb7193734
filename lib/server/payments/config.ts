import "server-only";
import { getEnv, type PaymentMethodName } from "../env";

// Which methods are offered and which of them run in the local test checkout (no keys, not
// production). A method offered in production always has its keys (env.ts refuses otherwise).

export function hasKeys(method: PaymentMethodName): boolean {
  const env = getEnv();
  if (method === "stripe") return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET);
  if (method === "paypal") return Boolean(env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET && env.PAYPAL_WEBHOOK_ID);
  return Boolean(env.COINBASE_COMMERCE_API_KEY && env.COINBASE_COMMERCE_WEBHOOK_SECRET);
}

export function testCheckoutAllowed(): boolean {
  const env = getEnv();
  return !env.isProduction && env.PAYMENT_TEST_CHECKOUT !== false;
}

/** True when this method completes through the local test checkout instead of the provider. */
export function isTestCheckout(method: PaymentMethodName): boolean {
  return !hasKeys(method) && testCheckoutAllowed();
}

/** Offered methods that can take a payment now (real keys, or the local test checkout). */
export function availableMethods(): PaymentMethodName[] {
  return getEnv().PAYMENT_METHODS.filter((m) => hasKeys(m) || testCheckoutAllowed());
}

export function publicConfig() {
  const env = getEnv();
  const methods = availableMethods();
  return {
    stripe_publishable_key: methods.includes("stripe") && hasKeys("stripe") ? env.STRIPE_PUBLISHABLE_KEY! : null,
    paypal_client_id: methods.includes("paypal") && hasKeys("paypal") ? env.PAYPAL_CLIENT_ID! : null,
    test_checkout: methods.some(isTestCheckout),
    methods,
  };
}
