import "server-only";
import type { MemberRankName } from "@/lib/ranks";
import type { Tx } from "../../db";
import { BANNED_NOW } from "../../sql/bans";

/** The voting account, locked: whether a ban is in force now and its rank (which sizes the reward). */
export type VoterRow = { banned: boolean; memberRank: MemberRankName };

/** Locks the account until the transaction ends, serialising its callbacks; null when it is gone. */
export async function lockVoter(tx: Tx, userId: number): Promise<VoterRow | null> {
  const [user] = await tx.$queryRaw<VoterRow[]>`
        SELECT ${BANNED_NOW} AS banned, "memberRank"::text AS "memberRank" FROM users WHERE id = ${userId} FOR UPDATE`;
  return user ?? null;
}
