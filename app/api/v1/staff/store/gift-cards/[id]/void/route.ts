// POST /api/v1/staff/store/gift-cards/{id}/void — void an unused gift card, with a reason (administrator)
import { staffVoidGiftCardOp } from "@/lib/schemas/gift-cards";
import { route } from "@/lib/server/http/route";
import { voidGiftCard } from "@/lib/server/giftcards/staff-gift-cards";

export const POST = route(staffVoidGiftCardOp, {
  handler: async ({ params, body, actor, ip }) => voidGiftCard(params.id, body.reason, { actorId: actor.userId, ip }),
});
