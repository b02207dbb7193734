import "server-only";
import type { TStaffCategory } from "@/lib/schemas/staff-store";
import { db } from "../../db";
import { toStaffCategory } from "./staff-dtos";

/** Every category, hidden ones included, in store order. */
export async function listStoreCategories(): Promise<TStaffCategory[]> {
  const rows = await db.storeCategory.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }], include: { _count: { select: { products: true } } } });
  return rows.map(toStaffCategory);
}
