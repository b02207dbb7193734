// POST /api/v1/store/gift-cards/redeem — redeem a gift card into the signed-in player's balance
import { redeemGiftCardOp } from "@/lib/schemas/gift-cards";
import { route } from "@/lib/server/http/route";
import { redeemGiftCard } from "@/lib/server/giftcards/redeem-gift-card";

export const POST = route(redeemGiftCardOp, {
  // Codes carry 80 random bits, so guessing is hopeless; the limits keep it that way and stop floods.
  rateLimit: [
    { name: "gift-card-ip", limit: 30, windowSec: 15 * 60 },
    { name: "gift-card-redeem", limit: 10, windowSec: 15 * 60, key: ({ actor }) => String(actor.userId) },
  ],
  handler: async ({ body, actor }) => redeemGiftCard(actor.userId, body.code),
});
