import "server-only";
import type { TForumCategory } from "@/lib/schemas/forums";
import { db } from "../db";
import { FORUM_INCLUDE, toForumDto } from "./forum-dto";

// GET /api/v1/forums (and /forums/categories), and the /forums page: every category with its
// forums in display order. Counters are kept exact by the writes, so this is two indexed reads.

export async function listForumCategories(): Promise<TForumCategory[]> {
  const categories = await db.forumCategory.findMany({
    orderBy: [{ sortOrder: "asc" }, { id: "asc" }],
    include: { forums: { orderBy: [{ sortOrder: "asc" }, { id: "asc" }], include: FORUM_INCLUDE } },
  });
  return categories.map((c) => ({ id: c.id, name: c.name, forums: c.forums.map(toForumDto) }));
}
