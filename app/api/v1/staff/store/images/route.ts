// POST /api/v1/staff/store/images — upload a product image (administrator)
import { uploadStoreImageOp } from "@/lib/schemas/gift-cards";
import { json, route } from "@/lib/server/http/route";
import { uploadStoreImage } from "@/lib/server/images/store-images";

export const POST = route(uploadStoreImageOp, {
  handler: async ({ body, actor, ip }) => json(await uploadStoreImage(body.data, { actorId: actor.userId, ip }), 201),
});
