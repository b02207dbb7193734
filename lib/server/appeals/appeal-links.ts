import "server-only";
import { APPEAL_LINK_DAYS } from "@/lib/schemas/appeals";
import type { Tx } from "../db";
import { siteLink } from "../mail/send-mail";
import type { TicketMailLink } from "../mail/templates";
import { randomToken, sha256 } from "../security/tokens";

// The links that open an appeal ticket without a session (docs/support-desk.md, "Appeals"). The
// first is mailed when the request is sent; every later mail about the ticket (a staff reply, a
// close) carries a fresh one, written in the transaction that queues that mail, so the newest mail
// always opens the ticket even for a player who cannot sign in. Earlier links keep working until
// they expire.

export const APPEAL_PATH = "/appeal/ticket";

/** A new link to appeal ticket `ticketId`, valid APPEAL_LINK_DAYS from `now`: its address (the token is stored only hashed). */
export async function issueAppealLink(tx: Tx, ticketId: number, now = new Date()): Promise<string> {
  const token = randomToken();
  await tx.ticketAppeal.create({ data: { ticketId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + APPEAL_LINK_DAYS * 86_400_000) } });
  return siteLink(APPEAL_PATH, { token });
}

/** Where a mail about ticket `ticketId` sends its player: a fresh appeal link for a ticket opened from /appeal, else the ticket page. */
export async function playerTicketLink(tx: Tx, ticketId: number): Promise<TicketMailLink> {
  const fromAppeal = await tx.ticketAppeal.findFirst({ where: { ticketId }, select: { id: true } });
  return fromAppeal ? { url: await issueAppealLink(tx, ticketId), appeal: true } : { url: siteLink(`/ticket/${ticketId}`), appeal: false };
}
