import "server-only";
import type { z } from "zod";
import type { TTicket, ZCreateTicketInput } from "@/lib/schemas/tickets";
import { db } from "../db";
import { AppError, type FieldErrors } from "../errors";
import { TICKET_INCLUDE, toTicketDto } from "./ticket-dto";
import { prepareAttachments } from "./ticket-attachments";

// POST /api/v1/tickets: a player opens a ticket, optionally linking one of their own
// purchases, store orders or votes. Someone else's record is a field error worded like a
// missing one, so ids of other players' records cannot be probed.

export type OpenTicketInput = z.output<typeof ZCreateTicketInput>;

export async function openTicket(userId: number, input: OpenTicketInput): Promise<TTicket> {
  const [purchase, order, vote] = await Promise.all([
    input.purchase ? db.creditPurchase.findFirst({ where: { id: input.purchase, userId }, select: { id: true } }) : null,
    input.order ? db.storeOrder.findFirst({ where: { id: input.order, userId }, select: { id: true } }) : null,
    input.vote ? db.vote.findFirst({ where: { id: input.vote, userId }, select: { id: true } }) : null,
  ]);
  const fields: FieldErrors = {};
  if (input.purchase && !purchase) fields.purchase = ["You have no credit purchase with this id."];
  if (input.order && !order) fields.order = ["You have no store order with this id."];
  if (input.vote && !vote) fields.vote = ["You have no vote with this id."];
  if (Object.keys(fields).length) throw new AppError("VALIDATION", { fields });
  // Checked and re-encoded before the write; created with the ticket, in the same statement.
  const attachments = await prepareAttachments(input.attachments);

  const now = new Date();
  const row = await db.ticket.create({
    data: {
      userId,
      type: input.type,
      title: input.title,
      description: input.description,
      createdAt: now,
      updatedAt: now,
      state: "OPEN",
      stateSince: now,
      creditPurchaseId: purchase?.id ?? null,
      storeOrderId: order?.id ?? null,
      voteId: vote?.id ?? null,
      attachments: { create: attachments },
    },
    include: TICKET_INCLUDE,
  });
  return toTicketDto(row);
}
