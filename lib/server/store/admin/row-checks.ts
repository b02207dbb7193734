import "server-only";
import type { Tx } from "../../db";
import { AppError } from "../../errors";
import { lockRowById } from "../../sql/locks";

const TABLES = { category: "storeCategory", product: "storeProduct", package: "creditPackage" } as const;

/**
 * Locks the row for the rest of the transaction, so the audit's "before" is the row this edit
 * replaced even when two staff save at once; 404 when there is no such row.
 */
export async function lockRowOrThrow(tx: Tx, kind: keyof typeof TABLES, id: number): Promise<void> {
  if (!(await lockRowById(tx, TABLES[kind], id))) throw new AppError("NOT_FOUND", { userMessage: `No ${kind} with id ${id}.` });
}

/** 400 naming `categoryId` when the category does not exist. */
export async function assertCategoryExists(tx: Tx, categoryId: number): Promise<void> {
  const found = await tx.storeCategory.findUnique({ where: { id: categoryId }, select: { id: true } });
  if (!found) throw new AppError("VALIDATION", { fields: { categoryId: ["No category with this id."] }, userMessage: "Some fields are invalid." });
}
