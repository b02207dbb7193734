// The words of a receipt shared by the receipt email and the receipt page (docs/payments.md "Receipts").

export const METHOD_NAMES: Record<string, string> = {
  stripe: "card (Stripe)",
  paypal: "PayPal",
  coinbase: "cryptocurrency (Coinbase)",
  ingame: "the in-game store",
  manual: "a payment recorded by staff",
  credits: "store credits",
};

/** "$50.00" for US cents, "400 credits" for credits. */
export function receiptAmount(currency: "USD" | "CREDITS", amount: number): string {
  return currency === "USD" ? `$${(amount / 100).toFixed(2)}` : `${amount.toLocaleString("en-US")} credits`;
}
