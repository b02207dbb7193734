// GET /api/v1/store/products/all?search= — every product for sale
import { route } from "@/lib/server/http/route";
import { listAllProducts } from "@/lib/server/store/list-catalogue";
import { storeProductsAllOp } from "@/lib/schemas/store";

export const GET = route(storeProductsAllOp, { handler: ({ query }) => listAllProducts(query.search) });
