import "server-only";
import type { TStaffPackage } from "@/lib/schemas/staff-store";
import { db } from "../../db";
import { toStaffPackage } from "./staff-dtos";

/** Every credit package, inactive ones included, in display order. */
export async function listCreditPackages(): Promise<TStaffPackage[]> {
  const rows = await db.creditPackage.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
  return rows.map(toStaffPackage);
}
