import "server-only";
import type { TicketState } from "@/lib/generated/prisma/enums";

// The ticket states (docs/support-desk.md): OPEN waits for staff, WAITING_FOR_PLAYER for the
// player, CLOSED for nobody. Replies move a ticket between the first two; closing and reopening
// are staff actions (setTicketClosed), and the close-idle-tickets job closes one that waited too
// long for the player.

export type ReplyBy = "owner" | "staff" | "staff-keep-open";

/** The state after a reply on an open ticket (a closed one takes none). */
export function stateAfterReply(current: TicketState, by: ReplyBy): TicketState {
  if (current === "CLOSED") return current;
  if (by === "owner") return "OPEN";
  if (by === "staff") return "WAITING_FOR_PLAYER";
  return current === "WAITING_FOR_PLAYER" ? "OPEN" : current;
}
