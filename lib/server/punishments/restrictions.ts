import "server-only";
import ipaddr from "ipaddr.js";
import { muteMessage } from "@/lib/punishments";
import type { TTicketType } from "@/lib/schemas/tickets";
import { db, type Tx } from "../db";
import { AppError } from "../errors";

// What a punishment refuses, asked where the player acts: a mute refuses forum threads and
// posts and ticket replies (not on an appeal ticket); an address ban refuses registrations and
// logins from its address. A punishment whose end has passed refuses nothing, even before its
// lift job has run.

/** An address as stored and compared: IPv4-mapped IPv6 as its IPv4, IPv6 in its short form; null when it is no address. */
export function normalizeAddress(address: string): string | null {
  try {
    return ipaddr.process(address.trim()).toString();
  } catch {
    return null;
  }
}

/** The mute in force on the player now, or null. */
export async function activeMuteOf(userId: number, client: Tx = db, now: Date = new Date()) {
  return client.punishment.findFirst({
    where: { userId, kind: "MUTE", liftedAt: null, OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
    select: { id: true, endsAt: true, message: true },
  });
}

/**
 * The ticket types a muted player may still reply on: a mute appeal, and the two opened from
 * /appeal without signing in (a ban appeal, and account recovery for a player locked out).
 */
const APPEAL_TICKET_TYPES: ReadonlySet<TTicketType> = new Set(["MUTE_APPEAL", "BAN_APPEAL", "ACCOUNT_RECOVERY"]);
export const isAppealTicketType = (type: TTicketType): boolean => APPEAL_TICKET_TYPES.has(type);

/** 403 naming the mute and its end while the player is muted. */
export async function assertNotMuted(userId: number, client: Tx = db): Promise<void> {
  const mute = await activeMuteOf(userId, client);
  if (mute) throw new AppError("FORBIDDEN", { userMessage: muteMessage(mute) });
}

export const ADDRESS_BANNED_MESSAGE = "Registrations and logins from your network address are refused: it has been banned.";

/** The address ban in force on `address` now, or null (an address that does not parse matches none). */
export async function activeAddressBan(address: string | null | undefined, now: Date = new Date()) {
  const normal = address ? normalizeAddress(address) : null;
  if (!normal) return null;
  return db.punishment.findFirst({
    where: { kind: "ADDRESS_BAN", address: normal, liftedAt: null, OR: [{ endsAt: null }, { endsAt: { gt: now } }] },
    select: { id: true },
  });
}

/** 403 when registrations and logins from `address` are refused. */
export async function assertAddressNotBanned(address: string | null | undefined): Promise<void> {
  if (await activeAddressBan(address)) throw new AppError("FORBIDDEN", { userMessage: ADDRESS_BANNED_MESSAGE });
}
