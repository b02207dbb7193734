import "server-only";
import { displayRank } from "@/lib/ranks";
import type { TSessionDto } from "@/lib/schemas/accounts";
import type { TStaffPlayer } from "@/lib/schemas/staff-players";
import { db } from "../db";
import { AppError } from "../errors";
import { describeDevice } from "../sessions/list-sessions";
import { type StaffViewer, toPlayerStatus } from "./player-dto";
import { assertStaffReach } from "../accounts/admin-actions";

/**
 * A player as the staff console shows them: profile, privilege, donator rank, ban, 2FA and live
 * sessions; 403 when the record is out of the viewer's reach (lib/privileges.ts).
 */
export async function getPlayer(id: number, viewer: StaffViewer): Promise<TStaffPlayer> {
  const now = new Date();
  const user = await db.user.findUnique({ where: { id } });
  if (!user) throw new AppError("NOT_FOUND", { userMessage: "No such player." });
  assertStaffReach(viewer, user, "read", "read the record of");
  const [sessions, families] = await Promise.all([
    db.session.findMany({
      where: { userId: id, revokedAt: null, idleExpiresAt: { gt: now }, absoluteExpiresAt: { gt: now } },
      orderBy: { lastSeenAt: "desc" },
      take: 100,
    }),
    db.refreshTokenFamily.findMany({ where: { userId: id, revokedAt: null, expiresAt: { gt: now } }, orderBy: { lastUsedAt: "desc" }, take: 100 }),
  ]);
  const live: TSessionDto[] = [
    ...sessions.map((s) => ({
      id: s.id,
      kind: "browser" as const,
      device: `${describeDevice(s.userAgent)}${s.scope === "STORE" ? " (::store link)" : ""}`,
      ip: s.ip,
      created: s.createdAt.toISOString(),
      last_seen: s.lastSeenAt.toISOString(),
      current: false,
    })),
    ...families.map((f) => ({
      id: f.id,
      kind: "api" as const,
      device: describeDevice(f.userAgent),
      ip: f.ip,
      created: f.createdAt.toISOString(),
      last_seen: f.lastUsedAt.toISOString(),
      current: false,
    })),
  ];
  return {
    ...toPlayerStatus(user),
    email: user.email,
    emailConfirmed: user.isActive,
    memberRank: user.memberRank,
    rank: displayRank(user.privilege, user.memberRank),
    totalSpentCents: user.totalSpentCents,
    storeCredits: user.storeCredits,
    totalVotes: user.totalVotes,
    threadCount: user.threadCount,
    postCount: user.postCount,
    joinDate: user.joinDate.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    sessions: live,
  };
}

/**
 * What anyone may know of an account (its name and privilege are public on the forums and
 * hiscores): the staff page's header for an account whose private record is out of reach.
 */
export async function getPlayerCard(id: number): Promise<{ id: number; username: string; privilege: TStaffPlayer["privilege"]; rank: string }> {
  const user = await db.user.findUnique({ where: { id }, select: { id: true, username: true, privilege: true, memberRank: true } });
  if (!user) throw new AppError("NOT_FOUND", { userMessage: "No such player." });
  return { id: user.id, username: user.username, privilege: user.privilege, rank: displayRank(user.privilege, user.memberRank) };
}
