import "server-only";
import type { MemberRankName } from "@/lib/ranks";
import type { Tx } from "../../db";

/** The voting account, locked: whether it is banned and its rank (which sizes the reward). */
export type VoterRow = { bannedAt: Date | null; memberRank: MemberRankName };

/** Locks the account until the transaction ends, serialising its callbacks; null when it is gone. */
export async function lockVoter(tx: Tx, userId: number): Promise<VoterRow | null> {
  const [user] = await tx.$queryRaw<VoterRow[]>`
        SELECT "bannedAt", "memberRank"::text AS "memberRank" FROM users WHERE id = ${userId} FOR UPDATE`;
  return user ?? null;
}
