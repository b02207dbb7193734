import { z } from "zod";
import { defineOperation, documentWith, ZErrorBody } from "./api";
import { zId } from "./ids";

// Images attached to a ticket's opening message or a reply (docs/product.md, "Ticket attachments"):
// what the create and reply bodies may carry, and what a ticket lists. The bytes travel as base64
// inside the JSON body; the server reads the type from the bytes, never from the name.

export const ATTACHMENT_MAX_BYTES = 4 * 1024 * 1024;
export const ATTACHMENTS_MAX = 5;
export const ATTACHMENT_NAME_MAX = 100;
export const ATTACHMENT_ACCEPT = "image/png,image/jpeg,image/webp,image/gif";
/** The largest base64 text of one image (4 bytes per 3, padded). */
const BASE64_MAX = Math.ceil(ATTACHMENT_MAX_BYTES / 3) * 4 + 4;
/** The body limit of a request that may carry attachments: every image at its largest, plus the text. */
export const ATTACHMENT_BODY_MAX_BYTES = ATTACHMENTS_MAX * (BASE64_MAX + 512) + 64 * 1024;

export const ATTACHMENT_MESSAGES = {
  tooMany: `At most ${ATTACHMENTS_MAX} images per message.`,
  tooLarge: (name: string) => `${name} is larger than 4 MB.`,
  notImage: (name: string) => `${name} is not a PNG, JPEG, WebP or GIF image.`,
  unreadable: (name: string) => `${name} could not be read: it may be damaged or too large in pixels.`,
} as const;

export const ZAttachmentUpload = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Each image needs a file name.")
    .max(200, "A file name is at most 200 characters.")
    .describe("The file's name (shown to staff)"),
  data: documentWith(
    z
      .string()
      .min(1, "An image is empty.")
      .max(BASE64_MAX, "Each image is at most 4 MB.")
      .regex(/^[A-Za-z0-9+/=]+$/, "An image's data must be base64.")
      .describe("The file's bytes, base64: PNG, JPEG, WebP or GIF, at most 4 MB"),
    { pattern: "^[A-Za-z0-9+/=]+$" },
  ),
});
export type TAttachmentUpload = z.infer<typeof ZAttachmentUpload>;

export const ZAttachmentUploads = z
  .array(ZAttachmentUpload)
  .max(ATTACHMENTS_MAX, ATTACHMENT_MESSAGES.tooMany)
  .describe(`Optional: up to ${ATTACHMENTS_MAX} images (PNG, JPEG, WebP or GIF, at most 4 MB each)`);

export const ZTicketAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string().describe("image/png or image/jpeg: the image as stored, re-encoded without metadata"),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  href: z.string().describe("Where the ticket's owner and staff can load it"),
});
export type TTicketAttachment = z.infer<typeof ZTicketAttachment>;

export const TICKET_ATTACHMENT_PATH = "/api/v1/tickets/attachments/";

export const ticketAttachmentOp = defineOperation({
  method: "GET",
  path: "/api/v1/tickets/attachments/{id}",
  summary: "An image attached to a ticket (its owner and staff)",
  description:
    "Served with the type of the stored, re-encoded bytes, nosniff, inline with a safe file name, a sandbox CSP and a private cache. Anyone else, signed in or not, gets 404 as for a missing image.",
  tag: "Tickets",
  auth: "optional",
  params: z.object({ id: zId({ description: "Attachment id" }) }),
  responses: {
    200: { description: "The image bytes with their type" },
    400: { description: "Field errors", schema: ZErrorBody },
    404: { description: "No such image, or not on a ticket of yours (answered alike)", schema: ZErrorBody },
  },
});
