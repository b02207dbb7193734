import "server-only";
import { type BanFields, isBanned } from "@/lib/bans";
import type { Privilege } from "@/lib/generated/prisma/client";
import { PRIVILEGE_LADDER, type StaffReach, staffRefusal } from "@/lib/privileges";
import { usernameKey } from "@/lib/usernames";
import { recordAudit } from "../audit/record-audit";
import { db, type Tx, type UserRow } from "../db";
import { AppError } from "../errors";
import { advisoryXactLock, lockRowById } from "../sql/locks";
import { lockAccountByKey } from "./sql/account-locks";
import { announceVisibility, endBan, liftBanJobKey, type PunishmentActor, recordPunishment } from "../punishments/ban-record";
import { type DbClient, inTransaction } from "./db-client";

// Account actions of the operator's CLI (npm run admin), the demo seed and the staff console.
// Each one locks the account's row, checks, changes it and writes one audit entry
// `{ reason, before, after }` in the same transaction.

export const PRIVILEGES: readonly Privilege[] = PRIVILEGE_LADDER;

/**
 * Who acts: a member of staff (their id and privilege, which the rank rule checks) or a label
 * for the operator's tools ("cli", "seed", "system"). A bare string is a label.
 */
export type ActionActor = { actorId: number; privilege: Privilege; ip?: string | null } | { actorLabel: string };
type By = ActionActor | string;
/** A username (the CLI) or an account id (the staff console). */
export type AccountRef = string | { id: number };

const actorOf = (by: By): ActionActor => (typeof by === "string" ? { actorLabel: by } : by);
const auditActor = (a: ActionActor) => ("actorId" in a ? { actorId: a.actorId, ip: a.ip ?? null } : { actorLabel: a.actorLabel });
/** Who a punishment row names. */
export const punishmentActor = (a: ActionActor): PunishmentActor => ("actorId" in a ? { actorId: a.actorId } : { actorLabel: a.actorLabel });

const RANK_NAME: Record<Privilege, string> = { PLAYER: "a player", MODERATOR: "a moderator", ADMINISTRATOR: "an administrator", OWNER: "an owner" };

/**
 * 403 when the staff rule (lib/privileges.ts staffRefusal) refuses `reach` on this account; the
 * operator's tools (CLI, seed, system jobs) may act on anyone. `what` completes "may … <account>".
 */
export function assertStaffReach(by: ActionActor, target: Pick<UserRow, "id" | "privilege">, reach: StaffReach, what: string): void {
  if (!("actorId" in by)) return;
  const refusal = staffRefusal({ id: by.actorId, privilege: by.privilege }, target, reach);
  if (!refusal) return;
  if (refusal === "self")
    throw new AppError("FORBIDDEN", {
      userMessage:
        reach === "privilege" ? "You cannot change your own privilege: another owner must." : `You cannot ${what} your own account through the staff console.`,
    });
  const who = RANK_NAME[target.privilege];
  if (reach === "privilege") throw new AppError("FORBIDDEN", { userMessage: "Only an owner may change who is staff." });
  if (target.privilege === "OWNER" && reach === "read") throw new AppError("FORBIDDEN", { userMessage: "An owner's record is theirs alone to read." });
  if (target.privilege === "OWNER")
    throw new AppError("FORBIDDEN", { userMessage: `Nobody may ${what} an owner: another owner may only change their privilege.` });
  throw new AppError("FORBIDDEN", { userMessage: `Only a rank above ${target.privilege.toLowerCase()} may ${what} ${who}.` });
}

/** Reads the account and locks its row until the transaction ends, so the checks and the change see one state. */
export async function lockAccount(tx: Tx, ref: AccountRef): Promise<UserRow> {
  const id = typeof ref === "string" ? await lockAccountByKey(tx, usernameKey(ref)) : (await lockRowById(tx, "user", ref.id)) ? ref.id : null;
  if (!id) throw new AppError("NOT_FOUND", { userMessage: typeof ref === "string" ? `No account named "${ref}".` : "No such player." });
  return tx.user.findUniqueOrThrow({ where: { id } });
}

/** A ban as the audit log shows it before and after a change (as stored: an ended ban not yet lifted still shows). */
export function banState(u: BanFields) {
  return { banned: u.bannedAt !== null, bannedUntil: u.bannedUntil?.toISOString() ?? null, banReason: u.banReason ?? null };
}

export { liftBanJobKey };

export async function setPrivilege(ref: AccountRef, privilege: string, by: By = "cli", client: DbClient = db, opts: { reason?: string } = {}) {
  const p = privilege.toUpperCase() as Privilege;
  if (!PRIVILEGES.includes(p))
    throw new AppError("VALIDATION", {
      userMessage: `Privilege must be one of ${PRIVILEGES.join(", ")}.`,
      fields: { privilege: [`Must be one of ${PRIVILEGES.join(", ")}.`] },
    });
  const actor = actorOf(by);
  const label = "actorLabel" in actor ? actor.actorLabel : "staff";
  const reason = opts.reason?.trim().slice(0, 500) || (label === "cli" ? "set with npm run admin" : `set by ${label}`);
  return inTransaction(client, async (tx) => {
    // All changes to who is staff wait on this lock, so the last-owner count cannot race.
    await advisoryXactLock(tx, "privilege");
    const user = await lockAccount(tx, ref);
    // The actor's privilege as it is now, under the lock: an owner demoted a moment ago by another
    // owner no longer changes anyone's (their request was authenticated before that).
    const now =
      "actorId" in actor
        ? { ...actor, privilege: (await tx.user.findUnique({ where: { id: actor.actorId }, select: { privilege: true } }))?.privilege ?? "PLAYER" }
        : actor;
    assertStaffReach(now, user, "privilege", "change the privilege of");
    const from = user.privilege;
    if (from === p) return { user, from, to: p, changed: false };
    if (from === "OWNER") {
      // Counted under the lock: two demotions at once cannot both see "another owner is left".
      const owners = await tx.user.count({ where: { privilege: "OWNER" } });
      if (owners <= 1) throw new AppError("CONFLICT", { userMessage: `${user.username} is the last owner: make another account owner first.` });
    }
    const updated = await tx.user.update({ where: { id: user.id }, data: { privilege: p } });
    // Staff are hidden from the hiscores (docs/hiscores.md).
    await tx.hiscoreStat.updateMany({ where: { userId: user.id }, data: { hidden: p !== "PLAYER" || isBanned(user) } });
    // Posts show the author's rank.
    await announceVisibility(tx, user, { forums: true });
    await recordAudit(
      {
        action: "account.privilege_set",
        ...auditActor(actor),
        targetType: "user",
        targetId: user.id,
        data: { reason, before: { privilege: from }, after: { privilege: p } },
      },
      tx,
    );
    return { user: updated, from, to: p, changed: true };
  });
}

/**
 * Bans an account, for good or until `until`: a punishment of kind BAN under no rule ("other"),
 * whose message is the reason (lib/server/punishments/ban-record.ts keeps the account's ban
 * columns with it). Its sessions and API logins end in the same transaction; a temporary ban
 * queues the job that lifts it at its end.
 */
export async function banUser(ref: AccountRef, reason: string, by: By = "cli", client: DbClient = db, opts: { until?: Date | null } = {}) {
  const why = reason.trim().slice(0, 500);
  if (!why) throw new AppError("VALIDATION", { userMessage: "A ban needs a reason.", fields: { reason: ["A ban needs a reason."] } });
  const until = opts.until ?? null;
  if (until && until.getTime() <= Date.now())
    throw new AppError("VALIDATION", { userMessage: "The end of a ban must be in the future.", fields: { until: ["Must be in the future."] } });
  const actor = actorOf(by);
  return inTransaction(client, async (tx) => {
    const user = await lockAccount(tx, ref);
    assertStaffReach(actor, user, "act", "ban");
    await recordPunishment(tx, user, {
      kind: "BAN",
      rule: null,
      step: null,
      message: why,
      note: null,
      address: null,
      endsAt: until,
      by: punishmentActor(actor),
    });
    const updated = await tx.user.findUniqueOrThrow({ where: { id: user.id } });
    await recordAudit(
      {
        action: "account.banned",
        ...auditActor(actor),
        targetType: "user",
        targetId: user.id,
        data: { reason: why, before: banState(user), after: banState(updated) },
      },
      tx,
    );
    return { user: updated };
  });
}

/** Ends a ban before its time (or a permanent one). A lift-ban job still queued then finds nothing to do. */
export async function unbanUser(ref: AccountRef, reason: string, by: By = "cli", client: DbClient = db) {
  const why = reason.trim().slice(0, 500);
  if (!why) throw new AppError("VALIDATION", { userMessage: "An unban needs a reason.", fields: { reason: ["An unban needs a reason."] } });
  const actor = actorOf(by);
  return inTransaction(client, async (tx) => {
    const user = await lockAccount(tx, ref);
    assertStaffReach(actor, user, "act", "unban");
    if (user.bannedAt === null) throw new AppError("CONFLICT", { userMessage: `${user.username} is not banned.` });
    await endBan(tx, user, { by: punishmentActor(actor), reason: why });
    const updated = await tx.user.findUniqueOrThrow({ where: { id: user.id } });
    await recordAudit(
      {
        action: "account.unbanned",
        ...auditActor(actor),
        targetType: "user",
        targetId: user.id,
        data: { reason: why, before: banState(user), after: banState(updated) },
      },
      tx,
    );
    return { user: updated };
  });
}
