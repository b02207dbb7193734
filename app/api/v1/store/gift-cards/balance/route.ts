// GET /api/v1/store/gift-cards/balance?code= — what a gift card is worth, its state and expiry
import { giftCardBalanceOp } from "@/lib/schemas/gift-cards";
import { route } from "@/lib/server/http/route";
import { checkGiftCard } from "@/lib/server/giftcards/redeem-gift-card";

export const GET = route(giftCardBalanceOp, {
  // A lookup by a secret: per client address, like the other guessable lookups (confirm, reset).
  rateLimit: [{ name: "gift-card-ip", limit: 30, windowSec: 15 * 60 }],
  handler: async ({ query }) => checkGiftCard(query.code),
});
