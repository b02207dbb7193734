// GET /api/v1/forums/categories — the same list as GET /api/v1/forums
import { forumCategoriesOp } from "@/lib/schemas/forums";
import { listForumCategories } from "@/lib/server/forums/list-categories";
import { route } from "@/lib/server/http/route";

export const GET = route(forumCategoriesOp, { handler: ({ actor }) => listForumCategories(actor) });
