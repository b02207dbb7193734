// POST /api/v1/store/price-preview — the price lines of a product or package, with an optional coupon
import { pricePreviewOp } from "@/lib/schemas/store";
import { route } from "@/lib/server/http/route";
import { pricePreview } from "@/lib/server/store/price-preview";

export const POST = route(pricePreviewOp, {
  rateLimit: [{ name: "price-preview-ip", limit: 120, windowSec: 60 }],
  handler: ({ body, actor }) => pricePreview(body, actor?.userId ?? null),
});
