// Purchase history wording (docs/product.md §2, §4). Pure.

/** docs/product.md §4: a PAID purchase is claimed, anything else pending. */
export function purchaseState(status: string): "claimed" | "pending" {
  return status === "PAID" ? "claimed" : "pending";
}

/** "1,000 x (+150 Bonus) Credit Package"; the bonus part only when there is one. */
export function purchaseProduct(pkg: { credits: number; bonusCredits: number }): string {
  const bonus = pkg.bonusCredits > 0 ? ` (+${pkg.bonusCredits.toLocaleString("en-US")} Bonus)` : "";
  return `${pkg.credits.toLocaleString("en-US")} x${bonus} Credit Package`;
}

/** Marks a purchase made through ::store, whose credits went to the game. */
export const DELIVERED_IN_GAME = "Delivered in game";
