import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import { TICKET_TYPE_LABELS, type TTicket, type TTicketComment, type TTicketSummary } from "@/lib/schemas/tickets";
import { AppError } from "../errors";
import type { Actor } from "../sessions/authenticate-request";

// Ticket DTOs (docs/product.md §3 field names) and the one visibility rule: a player sees only their own
// tickets, staff see all. Every read and write goes through `visibleTo`, so a ticket that is
// not yours answers exactly like a missing one.

/** The scoped `where` for ticket `id` as seen by `actor`. */
export function visibleTo(actor: Pick<Actor, "userId" | "isStaff">, id: number): Prisma.TicketWhereInput {
  return actor.isStaff ? { id } : { id, userId: actor.userId };
}

export const ticketNotFound = () => new AppError("NOT_FOUND", { userMessage: "Ticket not found." });

export const TICKET_INCLUDE = {
  user: { select: { username: true } },
  comments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { user: { select: { username: true } } } },
  creditPurchase: true,
  storeOrder: { include: { product: { select: { name: true } }, delivery: { select: { status: true } } } },
  vote: { include: { site: { select: { name: true } }, delivery: { select: { status: true } } } },
} satisfies Prisma.TicketInclude;

export const SUMMARY_INCLUDE = {
  user: { select: { username: true } },
  comments: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, include: { user: { select: { username: true } } } },
} satisfies Prisma.TicketInclude;

type CommentRow = Prisma.TicketCommentGetPayload<{ include: { user: { select: { username: true } } } }>;
type TicketRow = Prisma.TicketGetPayload<{ include: typeof TICKET_INCLUDE }>;
type SummaryRow = Prisma.TicketGetPayload<{ include: typeof SUMMARY_INCLUDE }>;

export function toTicketCommentDto(c: CommentRow): TTicketComment {
  return { id: c.id, content: c.content, user: c.user.username, date: c.createdAt.toISOString(), staff: c.staff };
}

function base(t: TicketRow | SummaryRow) {
  return {
    id: t.id,
    title: t.title,
    type: t.type,
    type_label: TICKET_TYPE_LABELS[t.type],
    description: t.description,
    user: t.user.username,
    created: t.createdAt.toISOString(),
    updated: t.updatedAt.toISOString(),
    closed: t.closed,
  };
}

export function toTicketDto(t: TicketRow): TTicket {
  const p = t.creditPurchase;
  const o = t.storeOrder;
  const v = t.vote;
  return {
    ...base(t),
    comments: t.comments.map(toTicketCommentDto),
    context: {
      purchase: p
        ? {
            id: p.id,
            credits: p.credits,
            bonusCredits: p.bonusCredits,
            price: p.amountCents / 100,
            method: p.method.toLowerCase(),
            status: p.status,
            time: p.createdAt.toISOString(),
          }
        : null,
      order: o
        ? {
            id: o.id,
            product: o.product.name,
            priceCredits: o.priceCredits,
            quantity: o.quantity,
            time: o.createdAt.toISOString(),
            delivery: o.delivery?.status ?? null,
          }
        : null,
      vote: v ? { id: v.id, site: v.site.name, time: v.createdAt.toISOString(), delivery: v.delivery?.status ?? null } : null,
    },
  };
}

export function toTicketSummaryDto(t: SummaryRow): TTicketSummary {
  const last = t.comments[0];
  return { ...base(t), last_reply: last ? { user: last.user.username, staff: last.staff, date: last.createdAt.toISOString() } : null };
}
