// GET /api/v1/forums — the forum index: categories with their forums
import { forumsIndexOp } from "@/lib/schemas/forums";
import { listForumCategories } from "@/lib/server/forums/list-categories";
import { route } from "@/lib/server/http/route";

export const GET = route(forumsIndexOp, { handler: ({ actor }) => listForumCategories(actor) });
