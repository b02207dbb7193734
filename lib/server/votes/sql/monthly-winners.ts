import "server-only";
import type { Tx } from "../../db";
import { Prisma } from "../../db";

// vote_monthly_winners: one row per month and place, one place per player and month.

export type MonthlyPlace = { place: number; userId: number; votes: number; reachedAt: Date };

/**
 * Inserts the month's places in one statement; answers the rows this call inserted. A place (or a
 * player) already recorded for the month is left as it is, so a second run, even one running at
 * the same moment, inserts nothing (it waits on the first's unique keys, then skips them).
 */
export async function claimMonthlyPlaces(tx: Tx, month: string, rows: readonly MonthlyPlace[]): Promise<MonthlyPlace[]> {
  if (rows.length === 0) return [];
  const values = rows.map((r) => Prisma.sql`(${month}, ${r.place}, ${r.userId}, ${r.votes}, ${r.reachedAt})`);
  const inserted = await tx.$queryRaw<{ place: number }[]>`
    INSERT INTO vote_monthly_winners (month, place, "userId", votes, "reachedAt") VALUES ${Prisma.join(values)}
    ON CONFLICT DO NOTHING RETURNING place`;
  const places = new Set(inserted.map((r) => r.place));
  return rows.filter((r) => places.has(r.place));
}

export async function setMonthlyWinnerDelivery(tx: Tx, month: string, place: number, deliveryId: number): Promise<void> {
  await tx.$executeRaw`UPDATE vote_monthly_winners SET "deliveryId" = ${deliveryId} WHERE month = ${month} AND place = ${place}`;
}
