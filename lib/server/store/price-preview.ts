import "server-only";
import type { z } from "zod";
import type { TPricePreview, ZPricePreviewInput } from "@/lib/schemas/store";
import { PRODUCT_UNAVAILABLE } from "@/lib/schemas/store";
import { db } from "../db";
import { AppError } from "../errors";
import { PACKAGE_NOT_FOUND } from "../payments/create-purchase";
import { activeSales, pricePackageFor, priceProductFor, type Priced } from "./pricing";

// POST /api/v1/store/price-preview: the lines the purchase would charge now, read without locks
// (the purchase runs the same pipeline again under the coupon's lock, so the preview is a promise
// only until something changes).

export async function pricePreview(input: z.output<typeof ZPricePreviewInput>, userId: number | null): Promise<TPricePreview> {
  const now = new Date();
  const opts = { userId, couponCode: input.coupon ?? null, lock: false, now };
  let priced: Priced;
  if (input.product_id !== undefined) {
    const product = await db.storeProduct.findFirst({ where: { id: input.product_id, active: true, category: { hidden: false } } });
    if (!product) throw new AppError("NOT_FOUND", { userMessage: PRODUCT_UNAVAILABLE, fields: { product_id: [PRODUCT_UNAVAILABLE] } });
    priced = await priceProductFor(db, product, await activeSales(db, now), opts);
  } else {
    const pkg = await db.creditPackage.findFirst({ where: { id: input.package_id!, active: true } });
    if (!pkg) throw new AppError("NOT_FOUND", { userMessage: PACKAGE_NOT_FOUND, fields: { package_id: [PACKAGE_NOT_FOUND] } });
    priced = await pricePackageFor(db, pkg, { ...opts, creatorCode: input.creator_code ?? null });
  }
  const { breakdown } = priced;
  return { unit: breakdown.unit, lines: breakdown.lines, total: breakdown.total, sale_ends_at: breakdown.sale?.endsAt?.toISOString() ?? null };
}
