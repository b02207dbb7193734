// GET /api/v1/store/gift-cards — the gift cards the signed-in player bought
import { myGiftCardsOp } from "@/lib/schemas/gift-cards";
import { route } from "@/lib/server/http/route";
import { listMyGiftCards } from "@/lib/server/giftcards/redeem-gift-card";

export const GET = route(myGiftCardsOp, { handler: async ({ actor }) => ({ results: await listMyGiftCards(actor.userId) }) });
