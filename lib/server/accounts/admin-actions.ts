import "server-only";
import type { Privilege } from "@/lib/generated/prisma/client";
import { usernameKey } from "@/lib/usernames";
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { markLaddersDirty } from "../hiscores/mark-ladders-dirty";
import { AppError } from "../errors";
import { revokeAllSessions } from "../sessions/browser-sessions";
import { type DbClient, inTransaction } from "./db-client";

// Operator actions (npm run admin, and the demo seed with its own client). Each one is written
// to the audit log with the change.

export const PRIVILEGES: readonly Privilege[] = ["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"];

async function findByName(username: string, client: DbClient) {
  const user = await client.user.findUnique({ where: { usernameKey: usernameKey(username) } });
  if (!user) throw new AppError("NOT_FOUND", { userMessage: `No account named "${username}".` });
  return user;
}

export async function setPrivilege(username: string, privilege: string, actorLabel = "cli", client: DbClient = db) {
  const p = privilege.toUpperCase() as Privilege;
  if (!PRIVILEGES.includes(p)) throw new AppError("VALIDATION", { userMessage: `Privilege must be one of ${PRIVILEGES.join(", ")}.` });
  const user = await findByName(username, client);
  await inTransaction(client, async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { privilege: p } });
    // Staff are hidden from the hiscores (DESIGN.md §5).
    await tx.hiscoreStat.updateMany({ where: { userId: user.id }, data: { hidden: p !== "PLAYER" || user.bannedAt !== null } });
    await markLaddersDirty(tx, user.id);
    await recordAudit({ action: "account.privilege_set", actorLabel, targetType: "user", targetId: user.id, data: { from: user.privilege, to: p } }, tx);
  });
  return { username: user.username, from: user.privilege, to: p };
}

export async function banUser(username: string, reason: string, actorLabel = "cli", client: DbClient = db) {
  if (!reason.trim()) throw new AppError("VALIDATION", { userMessage: "A ban needs a reason." });
  const user = await findByName(username, client);
  await inTransaction(client, async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { bannedAt: new Date(), banReason: reason.trim().slice(0, 500) } });
    await tx.hiscoreStat.updateMany({ where: { userId: user.id }, data: { hidden: true } });
    await markLaddersDirty(tx, user.id);
    // In the same transaction: a ban never stands while the player's sessions live on.
    await revokeAllSessions(user.id, "banned", undefined, tx);
    await recordAudit({ action: "account.banned", actorLabel, targetType: "user", targetId: user.id, data: { reason } }, tx);
  });
  return { username: user.username };
}

export async function unbanUser(username: string, reason: string, actorLabel = "cli", client: DbClient = db) {
  const user = await findByName(username, client);
  await inTransaction(client, async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { bannedAt: null, banReason: null } });
    await tx.hiscoreStat.updateMany({ where: { userId: user.id }, data: { hidden: user.privilege !== "PLAYER" } });
    await markLaddersDirty(tx, user.id);
    await recordAudit({ action: "account.unbanned", actorLabel, targetType: "user", targetId: user.id, data: { reason } }, tx);
  });
  return { username: user.username };
}
