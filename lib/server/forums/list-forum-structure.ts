import "server-only";
import type { TStaffForumCategory } from "@/lib/schemas/staff-forums";
import type { DbClient } from "../accounts/db-client";
import { db } from "../db";
import { STAFF_CATEGORY_INCLUDE, toStaffForumCategory } from "./forum-structure";

// GET /api/v1/staff/forums/categories and the /staff/forums page: every category with its
// forums in display order, hidden ones included, with the counts staff decide by.

export async function listForumStructure(client: DbClient = db): Promise<TStaffForumCategory[]> {
  const rows = await client.forumCategory.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }], include: STAFF_CATEGORY_INCLUDE });
  return rows.map(toStaffForumCategory);
}
