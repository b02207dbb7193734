// GET /api/v1/store/products?category=1&category=2 — the products of several categories
import { z } from "zod";
import { parseOrThrow, route } from "@/lib/server/http/route";
import { listProductsInCategories } from "@/lib/server/store/list-catalogue";
import { zId } from "@/lib/schemas/ids";
import { MAX_CATEGORIES, storeProductsByCategoriesOp } from "@/lib/schemas/store";

// The wrapper's query object keeps one value per name; every repeat is checked here.
const ZEveryCategory = z.object({ category: z.array(zId()).max(MAX_CATEGORIES, `At most ${MAX_CATEGORIES} categories.`) });

export const GET = route(storeProductsByCategoriesOp, {
  handler: async ({ req }) => {
    const { category } = parseOrThrow(ZEveryCategory, { category: req.nextUrl.searchParams.getAll("category") });
    return listProductsInCategories([...new Set(category)]);
  },
});
