// GET /api/v1/store/products/{category}?page=&search= — one category's products, 12 per page
import { paged } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { listProductsPage } from "@/lib/server/store/list-catalogue";
import { STORE_PAGE_SIZE, storeProductsPageOp } from "@/lib/schemas/store";

export const GET = route(storeProductsPageOp, {
  handler: async ({ req, params, query }) => {
    const { results, total } = await listProductsPage(params.category, query.page, query.search);
    return paged(req, { page: query.page, pageSize: STORE_PAGE_SIZE, total, results });
  },
});
