import "server-only";
import { isBanned } from "@/lib/bans";
import { db } from "../db";
import type { Actor } from "../sessions/authenticate-request";

// What staff see beside an appeal or recovery ticket: the account it was opened on, whether it
// is banned now and why, and its ban history from the audit log (newest first). Staff only.

export type BanHistoryEntry = { action: "banned" | "unbanned"; reason: string | null; at: string; by: string | null };
export type AppealAccount = {
  userId: number;
  username: string;
  banned: boolean;
  banReason: string | null;
  bannedUntil: string | null;
  twoFactor: boolean;
  history: BanHistoryEntry[];
};

const HISTORY = 10;

export async function findAppealAccount(actor: Pick<Actor, "isStaff">, ticketId: number): Promise<AppealAccount | null> {
  if (!actor.isStaff) return null;
  const ticket = await db.ticket.findFirst({
    where: { id: ticketId, type: { in: ["BAN_APPEAL", "ACCOUNT_RECOVERY"] } },
    select: { user: { select: { id: true, username: true, bannedAt: true, bannedUntil: true, banReason: true, totpEnabledAt: true } } },
  });
  if (!ticket) return null;
  const u = ticket.user;
  const rows = await db.auditLog.findMany({
    where: { targetType: "user", targetId: String(u.id), action: { in: ["account.banned", "account.unbanned"] } },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: HISTORY,
    select: { action: true, data: true, createdAt: true, actorLabel: true, actor: { select: { username: true } } },
  });
  return {
    userId: u.id,
    username: u.username,
    banned: isBanned(u),
    banReason: isBanned(u) ? (u.banReason ?? null) : null,
    bannedUntil: isBanned(u) ? (u.bannedUntil?.toISOString() ?? null) : null,
    twoFactor: u.totpEnabledAt !== null,
    history: rows.map((r) => {
      const data = (r.data ?? {}) as { reason?: unknown };
      return {
        action: r.action === "account.banned" ? "banned" : "unbanned",
        reason: typeof data.reason === "string" ? data.reason : null,
        at: r.createdAt.toISOString(),
        by: r.actor?.username ?? r.actorLabel ?? null,
      };
    }),
  };
}
