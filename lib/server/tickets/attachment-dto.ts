import "server-only";
import { TICKET_ATTACHMENT_PATH, type TTicketAttachment } from "@/lib/schemas/ticket-attachments";

/** The attachment columns a ticket read selects (never the bytes). */
export const ATTACHMENT_SELECT = { id: true, commentId: true, name: true, type: true, width: true, height: true, bytes: true } as const;
export const ATTACHMENTS_INCLUDE = { select: ATTACHMENT_SELECT, orderBy: { id: "asc" } } as const;
type AttachmentMeta = { id: number; commentId: number | null; name: string; type: string; width: number; height: number; bytes: number };

export function toAttachmentDto(a: AttachmentMeta): TTicketAttachment {
  return { id: a.id, name: a.name, type: a.type, width: a.width, height: a.height, bytes: a.bytes, href: `${TICKET_ATTACHMENT_PATH}${a.id}` };
}

/** The opening message's images (commentId null), or one reply's. */
export const attachmentsOf = (all: readonly AttachmentMeta[], commentId: number | null) => all.filter((a) => a.commentId === commentId).map(toAttachmentDto);
