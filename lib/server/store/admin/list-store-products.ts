import "server-only";
import type { TStaffProduct } from "@/lib/schemas/staff-store";
import { db } from "../../db";
import { toStaffProduct } from "./staff-dtos";

/** Every product, inactive ones and those of hidden categories included, grouped by category. */
export async function listStoreProducts(): Promise<TStaffProduct[]> {
  const rows = await db.storeProduct.findMany({
    orderBy: [{ category: { sortOrder: "asc" } }, { categoryId: "asc" }, { sortOrder: "asc" }, { id: "asc" }],
    include: { category: { select: { name: true } } },
  });
  return rows.map(toStaffProduct);
}
