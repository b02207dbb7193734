import "server-only";
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MESSAGES, ATTACHMENT_NAME_MAX, type TAttachmentUpload } from "@/lib/schemas/ticket-attachments";
import { db } from "../db";
import { AppError } from "../errors";
import { reencodeRaster } from "../images/reencode-image";
import type { Actor } from "../sessions/authenticate-request";
import { visibleTo } from "./ticket-dto";

// Images on a ticket's opening message or a reply (docs/product.md, "Ticket attachments"). Every
// image is checked and re-encoded before anything is written, so a refusal (type by the bytes,
// size, count: a 400 naming `attachments`) leaves no ticket, reply or image behind; the rows are
// then created with the ticket or reply in one write. Stored in the database like store images,
// so every app instance serves them; read only by the ticket's owner and staff.

const MAX_SIDE = 2048;

export type PreparedAttachment = { name: string; type: string; body: Uint8Array<ArrayBuffer>; bytes: number; width: number; height: number };

const refuse = (message: string) => new AppError("VALIDATION", { fields: { attachments: [message] }, userMessage: message });

/** A file name safe in a header and on disk: letters, digits, dot, dash, underscore; the extension of the stored type. */
export function safeAttachmentName(name: string, type: string): string {
  const ext = type === "image/jpeg" ? ".jpg" : ".png";
  const stem = name
    .replace(/^.*[/\\]/, "")
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(0, ATTACHMENT_NAME_MAX - ext.length);
  return `${stem || "image"}${ext}`;
}

/** Checks and re-encodes each upload, in order; the first refusal throws (nothing written yet). */
export async function prepareAttachments(uploads: readonly TAttachmentUpload[] | undefined): Promise<PreparedAttachment[]> {
  const out: PreparedAttachment[] = [];
  // One at a time: at most one decoded image in memory per request.
  for (const upload of uploads ?? []) {
    const shown = upload.name.slice(0, 80);
    const bytes = Buffer.from(upload.data, "base64");
    if (bytes.byteLength > ATTACHMENT_MAX_BYTES) throw refuse(ATTACHMENT_MESSAGES.tooLarge(shown));
    const result = await reencodeRaster(bytes, { maxSide: MAX_SIDE });
    if (!result.ok) throw refuse(result.reason === "notImage" ? ATTACHMENT_MESSAGES.notImage(shown) : ATTACHMENT_MESSAGES.unreadable(shown));
    const { image } = result;
    out.push({
      name: safeAttachmentName(upload.name, image.type),
      type: image.type,
      body: new Uint8Array(image.body),
      bytes: image.body.byteLength,
      width: image.width,
      height: image.height,
    });
  }
  return out;
}

/** An attachment's bytes when `actor` may see its ticket; null otherwise (missing and not yours alike). */
export async function loadTicketAttachment(
  actor: Pick<Actor, "userId" | "isStaff"> | null,
  id: number,
): Promise<{ name: string; type: string; body: Buffer } | null> {
  if (!actor) return null;
  const found = await db.ticketAttachment.findUnique({ where: { id }, select: { ticketId: true } });
  if (!found || !(await db.ticket.findFirst({ where: visibleTo(actor, found.ticketId), select: { id: true } }))) return null;
  const row = await db.ticketAttachment.findUniqueOrThrow({ where: { id }, select: { name: true, type: true, body: true } });
  return { name: row.name, type: row.type, body: Buffer.from(row.body) };
}
