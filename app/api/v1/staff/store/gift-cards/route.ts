// GET /api/v1/staff/store/gift-cards — the latest gift cards; POST — issue one with a reason (administrator)
import { staffIssueGiftCardOp, staffListGiftCardsOp } from "@/lib/schemas/gift-cards";
import { json, route } from "@/lib/server/http/route";
import { issueGiftCard, listStaffGiftCards } from "@/lib/server/giftcards/staff-gift-cards";

export const GET = route(staffListGiftCardsOp, { handler: async () => ({ results: await listStaffGiftCards() }) });
export const POST = route(staffIssueGiftCardOp, {
  handler: async ({ body, actor, ip }) => json(await issueGiftCard(body, { actorId: actor.userId, ip }), 201),
});
