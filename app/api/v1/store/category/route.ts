// GET /api/v1/store/category — the store's categories
import { route } from "@/lib/server/http/route";
import { listCategories } from "@/lib/server/store/list-catalogue";
import { storeCategoriesOp } from "@/lib/schemas/store";

export const GET = route(storeCategoriesOp, { handler: () => listCategories() });
