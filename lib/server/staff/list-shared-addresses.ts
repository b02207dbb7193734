import "server-only";
import { isBanned } from "@/lib/bans";
import { staffRefusal } from "@/lib/privileges";
import type { TSharedAddresses } from "@/lib/schemas/staff-players";
import { assertStaffReach } from "../accounts/admin-actions";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { AppError } from "../errors";
import type { StaffContext } from "./player-dto";
import { sharedAddressRows } from "./sql/shared-addresses";

// POST /api/v1/staff/players/{id}/shared-addresses {days}: the accounts that used the player's
// addresses (sessions and API logins) in the last 7, 30 or 90 days. Addresses are part of the
// private record, so the staff rule applies to the player looked up and to every account found:
// one the viewer may not read is left out. Each look-up is audited (who looked, at whom, how far
// back, how much was found), in one transaction with nothing else.

const DAY_MS = 24 * 60 * 60 * 1000;

export async function listSharedAddresses(id: number, days: 7 | 30 | 90, ctx: StaffContext, now = new Date()): Promise<TSharedAddresses> {
  const player = await db.user.findUnique({ where: { id }, select: { id: true, privilege: true } });
  if (!player) throw new AppError("NOT_FOUND", { userMessage: "No such player." });
  assertStaffReach(ctx, player, "read", "look up the addresses of");

  const since = new Date(now.getTime() - days * DAY_MS);
  const rows = await sharedAddressRows(player.id, since);
  const own = new Set(rows.filter((r) => r.userId === player.id).map((r) => r.ip));
  const byUser = new Map<number, { addresses: string[]; lastSeenAt: Date }>();
  for (const r of rows) {
    if (r.userId === player.id) continue;
    const entry = byUser.get(r.userId) ?? { addresses: [], lastSeenAt: r.lastSeenAt };
    entry.addresses.push(r.ip);
    if (r.lastSeenAt > entry.lastSeenAt) entry.lastSeenAt = r.lastSeenAt;
    byUser.set(r.userId, entry);
  }
  const users = byUser.size
    ? await db.user.findMany({
        where: { id: { in: [...byUser.keys()] } },
        select: { id: true, username: true, privilege: true, bannedAt: true, bannedUntil: true },
      })
    : [];
  const viewer = { id: ctx.actorId, privilege: ctx.privilege };
  const accounts = users
    .filter((u) => staffRefusal(viewer, u, "read") === null)
    .map((u) => {
      const e = byUser.get(u.id)!;
      return {
        id: u.id,
        username: u.username,
        privilege: u.privilege,
        banned: isBanned(u, now),
        addresses: e.addresses,
        lastSeenAt: e.lastSeenAt.toISOString(),
      };
    })
    .sort((a, b) => b.addresses.length - a.addresses.length || b.lastSeenAt.localeCompare(a.lastSeenAt) || a.id - b.id);

  await recordAudit({
    action: "account.shared_addresses_viewed",
    actorId: ctx.actorId,
    ip: ctx.ip,
    targetType: "user",
    targetId: player.id,
    data: { reason: null, before: null, after: { days, addresses: own.size, accounts: accounts.length } },
  });
  return { days, since: since.toISOString(), addresses: own.size, accounts };
}
