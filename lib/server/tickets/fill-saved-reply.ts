import "server-only";
import { isBanned } from "@/lib/bans";
import type { Privilege } from "@/lib/generated/prisma/client";
import { EMPTY_FILL, fillPlaceholders, isPlaceholder, type Placeholder, placeholdersIn, PRIVATE_PLACEHOLDERS } from "@/lib/saved-replies";
import type { TFilledReply } from "@/lib/schemas/saved-replies";
import { OVERALL_ID } from "@/lib/skills";
import { assertStaffReach } from "../accounts/admin-actions";
import { db } from "../db";
import { listOrders } from "../store/list-orders";
import { ticketNotFound } from "./ticket-dto";
import { savedReplyNotFound } from "./saved-replies";

// GET /api/v1/staff/tickets/{id}/saved-replies/{reply}: a saved reply filled from one ticket's
// rows, for the reply box. Only the placeholders the reply uses are read. Those from the player's
// private record (total level, ban, orders) fall under the staff rule (lib/privileges.ts): filled
// only when the viewer may read the ticket owner's record, else the whole answer is a 403.

export type FillViewer = { actorId: number; privilege: Privilege; username: string };

export async function fillSavedReply(viewer: FillViewer, replyId: number, ticketId: number): Promise<TFilledReply> {
  const [reply, ticket] = await Promise.all([
    db.savedReply.findUnique({ where: { id: replyId } }),
    db.ticket.findUnique({
      where: { id: ticketId },
      select: { id: true, user: { select: { id: true, username: true, privilege: true, bannedAt: true, bannedUntil: true, banReason: true } } },
    }),
  ]);
  if (!reply) throw savedReplyNotFound();
  if (!ticket) throw ticketNotFound();
  const player = ticket.user;
  const used = placeholdersIn(reply.body).filter(isPlaceholder);
  if (used.some((p) => PRIVATE_PLACEHOLDERS.has(p))) assertStaffReach(viewer, player, "read", "fill a saved reply from the record of");

  const values = { ...EMPTY_FILL };
  const set = (p: Placeholder, v: string | null) => {
    if (v !== null && v !== "") values[p] = v;
  };
  set("player.name", player.username);
  set("ticket.id", String(ticket.id));
  set("staff.name", viewer.username);
  if (used.includes("player.ban.reason")) set("player.ban.reason", isBanned(player) ? player.banReason || "(banned, no reason recorded)" : null);
  if (used.includes("player.total_level")) {
    // Overall's level is the total level; a player has rows on one ladder at a time.
    const overall = await db.hiscoreStat.findFirst({
      where: { userId: player.id, skill: OVERALL_ID },
      orderBy: { reachedAt: "desc" },
      select: { level: true },
    });
    set("player.total_level", overall ? overall.level.toLocaleString("en-US") : null);
  }
  if (used.includes("order.last.status")) {
    // The newest entry of the player's own order history, its status as they see it there.
    const { results } = await listOrders(player.id, { type: "all", page: 1 });
    set("order.last.status", results[0]?.status ?? null);
  }
  const unfilled = used.filter((p) => values[p] === EMPTY_FILL[p] && !["player.name", "ticket.id", "staff.name"].includes(p));
  return { text: fillPlaceholders(reply.body, values), unfilled };
}
