// Texts and small pure rules of the credit store (docs/product.md §2 Credit store, §5, §8).
import type { CreditPackage, PaymentMethod } from "@/components/store/contract";

export const NO_PACKAGE = "You must select a credit package in order to proceed with checkout.";
export const NO_METHOD = "You must select a payment method in order to proceed with checkout.";
export const REPORT_TO_STAFF = "Please report this to a staff member for help.";
export const CRYPTO_NOTICE =
  "Your crypto checkout has opened in a new window. Credits are added after the provider confirms the payment, which typically takes 5-10 minutes.";
export const TEST_CHECKOUT_LABEL = "Test checkout (local mode — no real payment)";

/** Provider names as the modals show them. */
export const METHOD_NAMES: Record<PaymentMethod, string> = { stripe: "Card (Stripe)", paypal: "PayPal", coinbase: "Cryptocurrency (Coinbase)" };
const PROVIDER: Record<PaymentMethod, string> = { stripe: "Stripe", paypal: "PayPal", coinbase: "Coinbase" };

/** docs/product.md §8: a payment modal without a package (the provider named in the text). */
export function checkoutTrouble(method: PaymentMethod): string {
  return `Sorry, but it looks like we ran into trouble while creating your ${PROVIDER[method]} checkout session`;
}

/** "$10.00 USD". */
export const usd = (dollars: number) => `$${dollars.toFixed(2)} USD`;

/** Where credits bought through ::store go instead of the website balance. */
export const IN_GAME_DELIVERY = "In game, by the NPC at home";

/**
 * The order lines of a payment modal: balance now, credits bought (with bonus), balance after.
 * Credits handed over in game (`inGame`) leave the website balance as it is.
 */
export function orderSummary(balance: number, pkg: Pick<CreditPackage, "amount" | "bonus_amount" | "price">, opts: { inGame?: boolean } = {}) {
  const newBalance = opts.inGame ? balance : balance + pkg.amount + pkg.bonus_amount;
  return { balance, amount: pkg.amount, bonus: pkg.bonus_amount, newBalance, total: usd(pkg.price) };
}

/** Which checks fail before a payment modal may open (docs/product.md §5). */
export function checkoutProblem(pkgId: number | null, method: PaymentMethod | null): string | null {
  if (pkgId === null) return NO_PACKAGE;
  if (method === null) return NO_METHOD;
  return null;
}
