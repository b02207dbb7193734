import "server-only";
import type { PunishmentEventType, PunishmentKind } from "@/lib/generated/prisma/client";
import { announce, topic } from "../changes/announce";
import type { Tx, UserRow } from "../db";
import { markLaddersDirty } from "../hiscores/mark-ladders-dirty";
import { enqueue } from "../jobs/enqueue";
import { revokeAllSessions } from "../sessions/browser-sessions";

// The one writer of an account's ban and mute state. "Banned" has one meaning: the punishments
// table holds every ban; the users row's bannedAt/bannedUntil/banReason are a copy of the one
// open (not lifted) BAN or ADDRESS_BAN punishment, written here in the same transaction as that
// punishment, so the many checks that read the columns (lib/bans.ts) and the punishment history
// cannot disagree. A partial unique index allows one open ban and one open mute per player: a new
// one lifts the old one first ("replaced"). Every change also queues its event for the game
// (docs/game-integration.md, "Punishments").

/** Who gave or lifted a punishment: a member of staff, or a label for tools (cli, system, dispute-policy). */
export type PunishmentActor = { actorId: number } | { actorLabel: string };

const givenBy = (by: PunishmentActor) =>
  "actorId" in by ? { createdById: by.actorId, createdByLabel: null } : { createdById: null, createdByLabel: by.actorLabel };
const liftedBy = (by: PunishmentActor) =>
  "actorId" in by ? { liftedById: by.actorId, liftedByLabel: null } : { liftedById: null, liftedByLabel: by.actorLabel };

export const BAN_KINDS: readonly PunishmentKind[] = ["BAN", "ADDRESS_BAN"];

/** The job that ends a temporary ban; one per account (a new ban moves it). */
export const liftBanJobKey = (userId: number) => `lift-ban:${userId}`;
/** The job that ends a temporary mute; one per account. */
export const liftMuteJobKey = (userId: number) => `lift-mute:${userId}`;

/** Queues what the game hears of a punishment; once per punishment and type. */
export async function queuePunishmentEvent(tx: Tx, punishmentId: number, type: PunishmentEventType): Promise<void> {
  await tx.punishmentEvent.createMany({ data: [{ punishmentId, type }], skipDuplicates: true });
}

/**
 * After a change to who shows on the hiscores (a ban, its end, a privilege change): the
 * player's ladders are recorded as changed for the refresh, and the player's page and those
 * ladders' pages are announced at once. `forums` too when the change shows in posts.
 */
export async function announceVisibility(tx: Tx, user: Pick<UserRow, "id" | "username">, opts: { forums?: boolean } = {}): Promise<void> {
  const ladders = await markLaddersDirty(tx, user.id);
  await announce(tx, [topic.player(user.username), ...ladders.map(topic.ladder), ...(opts.forums ? [topic.forums] : [])]);
}

export type OpenPunishment = { id: number; kind: PunishmentKind; endsAt: Date | null };

/** The player's open ban (BAN or ADDRESS_BAN), or null. Call under the account's row lock. */
export async function openBanOf(tx: Tx, userId: number): Promise<OpenPunishment | null> {
  return tx.punishment.findFirst({ where: { userId, liftedAt: null, kind: { in: [...BAN_KINDS] } }, select: { id: true, kind: true, endsAt: true } });
}

/** The player's open mute, or null. Call under the account's row lock. */
export async function openMuteOf(tx: Tx, userId: number): Promise<OpenPunishment | null> {
  return tx.punishment.findFirst({ where: { userId, liftedAt: null, kind: "MUTE" }, select: { id: true, kind: true, endsAt: true } });
}

export type EndHow = { expired: true } | { expired?: false; by: PunishmentActor; reason: string };

/** Closes an open mute or ban row: lifted (event LIFTED), or ended by itself (by "system", event EXPIRED, dated at its end). */
async function closeRow(tx: Tx, open: OpenPunishment, how: EndHow): Promise<void> {
  const expired = how.expired === true;
  await tx.punishment.update({
    where: { id: open.id },
    data: expired
      ? { liftedAt: open.endsAt ?? new Date(), liftedById: null, liftedByLabel: "system", liftReason: "Its time was up." }
      : { liftedAt: new Date(), ...liftedBy(how.by), liftReason: how.reason.slice(0, 500) },
  });
  await queuePunishmentEvent(tx, open.id, expired ? "EXPIRED" : "LIFTED");
}

/**
 * Ends the account's ban: closes its open ban punishment, clears the ban columns and shows the
 * player on the hiscores again (unless they are staff). Columns set without a punishment (a
 * hand-edited row) are cleared too.
 */
export async function endBan(tx: Tx, user: Pick<UserRow, "id" | "username" | "privilege">, how: EndHow): Promise<void> {
  const open = await openBanOf(tx, user.id);
  if (open) await closeRow(tx, open, how);
  await tx.user.update({ where: { id: user.id }, data: { bannedAt: null, bannedUntil: null, banReason: null } });
  await tx.hiscoreStat.updateMany({ where: { userId: user.id }, data: { hidden: user.privilege !== "PLAYER" } });
  await announceVisibility(tx, user);
}

/** Ends the player's open mute (the caller found it under the account's row lock). */
export async function endMute(tx: Tx, open: OpenPunishment, how: EndHow): Promise<void> {
  await closeRow(tx, open, how);
}

export type NewPunishment = {
  kind: PunishmentKind;
  rule: string | null;
  step: number | null;
  message: string;
  note: string | null;
  address: string | null;
  endsAt: Date | null;
  by: PunishmentActor;
};

/**
 * Records a punishment (under the account's row lock, taken by the caller). A ban or address ban
 * replaces an open one, sets the account's ban columns, hides the player from the hiscores and
 * ends their sessions; a mute replaces an open mute. A temporary one queues the job that ends it.
 */
export async function recordPunishment(tx: Tx, user: Pick<UserRow, "id" | "username" | "privilege">, p: NewPunishment) {
  const isBan = BAN_KINDS.includes(p.kind);
  const replaced = isBan ? await openBanOf(tx, user.id) : p.kind === "MUTE" ? await openMuteOf(tx, user.id) : null;
  const now = new Date();
  if (replaced) {
    await tx.punishment.update({
      where: { id: replaced.id },
      data: { liftedAt: now, ...liftedBy(p.by), liftReason: "Replaced by a new punishment." },
    });
    await queuePunishmentEvent(tx, replaced.id, "LIFTED");
  }
  const created = await tx.punishment.create({
    data: {
      userId: user.id,
      kind: p.kind,
      rule: p.rule,
      step: p.step,
      message: p.message,
      note: p.note,
      address: p.address,
      endsAt: p.kind === "WARNING" ? null : p.endsAt,
      createdAt: now,
      ...givenBy(p.by),
    },
  });
  await queuePunishmentEvent(tx, created.id, "APPLIED");
  if (isBan) {
    await tx.user.update({ where: { id: user.id }, data: { bannedAt: now, bannedUntil: p.endsAt, banReason: p.message } });
    await tx.hiscoreStat.updateMany({ where: { userId: user.id }, data: { hidden: true } });
    await announceVisibility(tx, user);
    // In the same transaction: a ban never stands while the player's sessions live on.
    await revokeAllSessions(user.id, "banned", undefined, tx);
    if (p.endsAt) await enqueue("lift-ban", { userId: user.id }, { tx, runAt: p.endsAt, jobKey: liftBanJobKey(user.id) });
  } else if (p.kind === "MUTE" && p.endsAt) {
    await enqueue("lift-mute", { userId: user.id }, { tx, runAt: p.endsAt, jobKey: liftMuteJobKey(user.id) });
  }
  return { punishment: created, replaced };
}
