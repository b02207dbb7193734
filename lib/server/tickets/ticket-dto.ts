import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { TicketPriority, TicketRating, TicketState } from "@/lib/generated/prisma/enums";
import {
  TICKET_TYPE_LABELS,
  type TStaffTicket,
  type TStaffTicketSummary,
  type TTicket,
  type TTicketComment,
  type TTicketNote,
  type TTicketPriority,
  type TTicketRating,
  type TTicketState,
  type TTicketSummary,
} from "@/lib/schemas/tickets";
import { firstResponse } from "@/lib/tickets-targets";
import { AppError } from "../errors";
import { ATTACHMENTS_INCLUDE, attachmentsOf } from "./attachment-dto";
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
  attachments: ATTACHMENTS_INCLUDE,
} satisfies Prisma.TicketInclude;

export const SUMMARY_INCLUDE = {
  user: { select: { username: true } },
  comments: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 1, include: { user: { select: { username: true } } } },
} satisfies Prisma.TicketInclude;

type CommentRow = Prisma.TicketCommentGetPayload<{ include: { user: { select: { username: true } } } }>;
type TicketRow = Prisma.TicketGetPayload<{ include: typeof TICKET_INCLUDE }>;
type SummaryRow = Prisma.TicketGetPayload<{ include: typeof SUMMARY_INCLUDE }>;

/** `attachments`: the ticket's attachment list (the reply's own are picked out), or the reply's alone. */
export function toTicketCommentDto(c: CommentRow, attachments: Parameters<typeof attachmentsOf>[0] = []): TTicketComment {
  return {
    id: c.id,
    content: c.content,
    user: c.user.username,
    date: c.createdAt.toISOString(),
    staff: c.staff,
    attachments: attachmentsOf(attachments, c.id),
  };
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
    state: stateToApi(t.state),
  };
}

// ── states, priorities and ratings: database enum ↔ API words ──
const STATE_API: Record<TicketState, TTicketState> = { OPEN: "open", WAITING_FOR_PLAYER: "waiting_for_player", CLOSED: "closed" };
export const stateToApi = (s: TicketState): TTicketState => STATE_API[s];
export const stateFromApi = (s: TTicketState): TicketState => Object.entries(STATE_API).find(([, v]) => v === s)![0] as TicketState;
export const priorityToApi = (p: TicketPriority): TTicketPriority => p.toLowerCase() as TTicketPriority;
export const priorityFromApi = (p: TTicketPriority): TicketPriority => p.toUpperCase() as TicketPriority;
export const ratingToApi = (r: TicketRating | null): TTicketRating | null => (r ? (r.toLowerCase() as TTicketRating) : null);
export const ratingFromApi = (r: TTicketRating): TicketRating => r.toUpperCase() as TicketRating;

export function toTicketDto(t: TicketRow): TTicket {
  const p = t.creditPurchase;
  const o = t.storeOrder;
  const v = t.vote;
  return {
    ...base(t),
    comments: t.comments.map((c) => toTicketCommentDto(c, t.attachments)),
    rating: ratingToApi(t.rating),
    attachments: attachmentsOf(t.attachments, null),
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

// ── the staff side (docs/support-desk.md): never used for an answer a player reads ──

export const DESK_INCLUDE = { assignee: { select: { id: true, username: true } } } satisfies Prisma.TicketInclude;
export const STAFF_SUMMARY_INCLUDE = { ...SUMMARY_INCLUDE, ...DESK_INCLUDE } satisfies Prisma.TicketInclude;
export const STAFF_TICKET_INCLUDE = {
  ...TICKET_INCLUDE,
  ...DESK_INCLUDE,
  user: { select: { id: true, username: true } },
  ratedStaff: { select: { username: true } },
  notes: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], include: { user: { select: { username: true } } } },
} satisfies Prisma.TicketInclude;

type StaffSummaryRow = Prisma.TicketGetPayload<{ include: typeof STAFF_SUMMARY_INCLUDE }>;
type StaffTicketRow = Prisma.TicketGetPayload<{ include: typeof STAFF_TICKET_INCLUDE }>;
type NoteRow = Prisma.TicketNoteGetPayload<{ include: { user: { select: { username: true } } } }>;

export function toTicketNoteDto(n: NoteRow): TTicketNote {
  return { id: n.id, content: n.content, user: n.user.username, date: n.createdAt.toISOString() };
}

function desk(t: StaffSummaryRow | StaffTicketRow, now: Date) {
  const f = firstResponse({ type: t.type, createdAt: t.createdAt, firstResponseAt: t.firstResponseAt }, now);
  return {
    priority: priorityToApi(t.priority),
    assignee: t.assignee ? { id: t.assignee.id, username: t.assignee.username } : null,
    state_since: t.stateSince.toISOString(),
    first_response: {
      due: f.due.toISOString(),
      answered_at: f.answeredAt?.toISOString() ?? null,
      left_seconds: f.leftMs === null ? null : Math.trunc(f.leftMs / 1000),
      breached: f.breached,
    },
  };
}

export function toStaffTicketSummaryDto(t: StaffSummaryRow, now: Date): TStaffTicketSummary {
  return { ...toTicketSummaryDto(t), ...desk(t, now) };
}

export function toStaffTicketDto(t: StaffTicketRow, now: Date): TStaffTicket {
  return {
    ...toTicketDto(t),
    ...desk(t, now),
    player: { id: t.user.id, username: t.user.username },
    notes: t.notes.map(toTicketNoteDto),
    rated_staff: t.ratedStaff?.username ?? null,
  };
}
