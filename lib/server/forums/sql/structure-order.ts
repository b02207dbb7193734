import "server-only";
import { Prisma, type Tx } from "../../db";

// Reordering the forum structure: the rows read under their locks, then renumbered 0, 1, 2… in
// the order given, in one statement.

/** A category or forum and its place. */
export type SortOrderRow = { id: number; sortOrder: number };

/** Locks every category row in id order; their ids and places. */
export function lockAllCategories(tx: Tx): Promise<SortOrderRow[]> {
  return tx.$queryRaw<SortOrderRow[]>`SELECT id, "sortOrder" FROM forum_categories ORDER BY id FOR UPDATE`;
}

/** Numbers the categories 0, 1, 2… in the order of `ids` (at least one). */
export async function setCategoryOrder(tx: Tx, ids: readonly number[]): Promise<void> {
  await tx.$executeRaw`
      UPDATE forum_categories c SET "sortOrder" = o.n - 1
      FROM unnest(ARRAY[${Prisma.join(ids)}]::int[]) WITH ORDINALITY AS o(id, n)
      WHERE c.id = o.id`;
}

/** Locks the forum rows of one category in id order; their ids and places. */
export function lockForumsOfCategory(tx: Tx, categoryId: number): Promise<SortOrderRow[]> {
  return tx.$queryRaw<SortOrderRow[]>`SELECT id, "sortOrder" FROM forums WHERE "categoryId" = ${categoryId} ORDER BY id FOR UPDATE`;
}

/** Numbers the category's forums 0, 1, 2… in the order of `ids` (at least one); forums of other categories are left alone. */
export async function setForumOrder(tx: Tx, categoryId: number, ids: readonly number[]): Promise<void> {
  await tx.$executeRaw`
      UPDATE forums f SET "sortOrder" = o.n - 1
      FROM unnest(ARRAY[${Prisma.join(ids)}]::int[]) WITH ORDINALITY AS o(id, n)
      WHERE f.id = o.id AND f."categoryId" = ${categoryId}`;
}
