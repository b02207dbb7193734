import "server-only";
import type { UserRow } from "../db";
import { displayRank } from "@/lib/ranks";
import type { TUserDto } from "@/lib/schemas/accounts";

/** The profile as the API shows it (docs/product.md §3 User). No hashes, secrets or tokens. */
export function toUserDto(u: UserRow): TUserDto {
  return {
    id: u.id,
    name: u.username,
    email: u.email,
    privilege: u.privilege,
    memberRank: u.memberRank,
    rank: displayRank(u.privilege, u.memberRank),
    joinDate: u.joinDate.toISOString(),
    totalVotes: u.totalVotes,
    totalSpent: u.totalSpentCents / 100,
    storeCredits: u.storeCredits,
    is_staff: u.privilege !== "PLAYER",
    thread_count: u.threadCount,
    post_count: u.postCount,
    join_date: u.joinDate.toISOString(),
    two_factor: Boolean(u.totpEnabledAt),
    store_session: false,
  };
}
