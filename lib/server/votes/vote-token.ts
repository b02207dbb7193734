import "server-only";
import { db } from "../db";
import { AppError } from "../errors";
import { randomToken } from "../security/tokens";

// A player's vote incentive token: carried in the vote links, echoed back by the listing site,
// resolved here to the account. Unguessable (144 random bits), so nobody can vote for others.

/** Longest token we ever issue or look up (users.voteToken is VARCHAR(32)). */
const MAX_TOKEN_LENGTH = 32;

/** The player's token, created on first use. Concurrent first calls agree on one token. */
export async function ensureVoteToken(userId: number): Promise<string> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { voteToken: true } });
  if (!user) throw new AppError("NOT_FOUND");
  if (user.voteToken) return user.voteToken;
  // Set only where still empty: of two racing requests one writes, both read back the winner.
  await db.user.updateMany({ where: { id: userId, voteToken: null }, data: { voteToken: randomToken(18) } });
  const after = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { voteToken: true } });
  return after.voteToken!;
}

/** The account a token belongs to, or null for an unknown or malformed token. */
export async function userIdForVoteToken(token: string | null): Promise<number | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const user = await db.user.findUnique({ where: { voteToken: token }, select: { id: true } });
  return user?.id ?? null;
}
