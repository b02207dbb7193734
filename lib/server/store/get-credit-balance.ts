import "server-only";
import { db } from "../db";

/** The caller's store credits (may be negative after a charge-back, which freezes spending). */
export async function getCreditBalance(userId: number): Promise<{ credits: number }> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { storeCredits: true } });
  return { credits: user.storeCredits };
}
