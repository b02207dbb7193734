import "server-only";
import type { TForumCategory } from "@/lib/schemas/forums";
import { db } from "../db";
import type { Actor } from "../sessions/authenticate-request";
import { canSeeHidden, FORUM_INCLUDE, toForumDto } from "./forum-dto";

// GET /api/v1/forums (and /forums/categories), and the /forums page: every category with its
// forums in display order. Counters are kept exact by the writes, so this is two indexed reads.
// Categories and forums hidden by staff are left out, except for staff (marked hidden).

export async function listForumCategories(actor: Pick<Actor, "isStaff"> | null = null): Promise<TForumCategory[]> {
  const shown = canSeeHidden(actor) ? {} : { hidden: false };
  const categories = await db.forumCategory.findMany({
    where: shown,
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    include: { forums: { where: shown, orderBy: [{ sortOrder: "asc" }, { id: "asc" }], include: FORUM_INCLUDE } },
  });
  return categories.map((c) => ({ id: c.id, name: c.name, hidden: c.hidden, forums: c.forums.map(toForumDto) }));
}
