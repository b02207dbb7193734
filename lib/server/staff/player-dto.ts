import "server-only";
import { isBanned } from "@/lib/bans";
import { staffRefusal } from "@/lib/privileges";
import type { Privilege } from "@/lib/generated/prisma/client";
import type { UserRow } from "../db";
import type { TPlayerStatus, TStaffPlayerRow } from "@/lib/schemas/staff-players";
import { db } from "../db";
import { AppError } from "../errors";
import { assertStaffReach } from "../accounts/admin-actions";

// What the staff console shows of an account. Never the password hash, the 2FA secret or tokens.

export type StaffContext = { actorId: number; privilege: Privilege; ip: string | null };

const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;

/** A search row; the email only where the viewer may read the account's record. */
export function toPlayerRow(u: UserRow, viewer: StaffViewer): TStaffPlayerRow {
  return {
    id: u.id,
    username: u.username,
    email: staffRefusal({ id: viewer.actorId, privilege: viewer.privilege }, u, "read") ? null : u.email,
    privilege: u.privilege,
    memberRank: u.memberRank,
    banned: isBanned(u),
    bannedUntil: isBanned(u) ? isoOrNull(u.bannedUntil) : null,
    joinDate: u.joinDate.toISOString(),
  };
}

export function toPlayerStatus(u: UserRow): TPlayerStatus {
  const banned = isBanned(u);
  return {
    id: u.id,
    username: u.username,
    privilege: u.privilege,
    banned,
    bannedAt: banned ? isoOrNull(u.bannedAt) : null,
    bannedUntil: banned ? isoOrNull(u.bannedUntil) : null,
    banReason: banned ? u.banReason : null,
    twoFactor: u.totpEnabledAt !== null,
  };
}

/** Who reads a player's record: the member of staff's id and privilege (the staff rule's actor). */
export type StaffViewer = Pick<StaffContext, "actorId" | "privilege">;

/**
 * The account's id, or 404 when there is none, or 403 when its private record is out of the
 * viewer's reach (lib/privileges.ts). Every read of a player's record starts here.
 */
export async function findPlayerIdOrThrow(id: number, viewer: StaffViewer): Promise<number> {
  const user = await db.user.findUnique({ where: { id }, select: { id: true, privilege: true } });
  if (!user) throw new AppError("NOT_FOUND", { userMessage: "No such player." });
  assertStaffReach(viewer, user, "read", "read the record of");
  return user.id;
}

/** Which page of a player's records, and how many rows a page. */
export type RecordPage = { page: number; pageSize: number };
/** One page of rows and the number of rows over all pages. */
export type Listed<T> = { results: T[]; total: number };
