import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { randomToken } from "../security/tokens";

/**
 * The player's incentive token for vote links, created on first use and stable afterwards.
 * Unguessable (18 random bytes): a listing site echoes it back, and it alone names the account
 * a callback credits. Two concurrent first calls agree: only a null token is ever set.
 */
export async function ensureVoteToken(userId: number): Promise<string> {
  await db.user.updateMany({ where: { id: userId, voteToken: null }, data: { voteToken: randomToken(18) } });
  const user = await db.user.findUnique({ where: { id: userId }, select: { voteToken: true } });
  if (!user?.voteToken) throw new AppError("NOT_FOUND");
  return user.voteToken;
}
