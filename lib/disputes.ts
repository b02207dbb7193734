// Payment disputes (chargebacks): what a player is told while one holds their store spending,
// and the chargeback rate staff see. Pure.

/** The refusal of a store purchase while a dispute of the player's is open, and the store's notice. */
export const DISPUTE_HOLD_MESSAGE =
  "Your store spending is on hold while a payment dispute on your account is open. It is released as soon as the dispute is decided; contact support if you have questions.";

/** Disputes opened (however they ended) per payment made, 0..1; null before any payment. */
export function chargebackRate(disputes: number, payments: number): number | null {
  return payments > 0 ? disputes / payments : null;
}

/** "12.5 %", or "none" before any payment. */
export function formatRate(rate: number | null): string {
  if (rate === null) return "no payments";
  return `${(Math.round(rate * 1000) / 10).toLocaleString("en-US")} %`;
}
