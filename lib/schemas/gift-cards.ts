import { z } from "zod";
import { defineOperation, documentWith, REQUIRED, ZErrorBody } from "./api";
import { zId } from "./ids";

// Gift cards (docs/gift-cards.md) and uploaded store images: our own API, camelCase like the
// staff store. Codes are 16 characters in four groups ("K7QM-3XRD-ZP9A-WT4F").

export const MAX_GIFT_CARD_CREDITS = 1_000_000;
export const GIFT_CARD_STATES = ["ACTIVE", "EXPIRED", "REDEEMED", "VOIDED"] as const;
export type TGiftCardState = (typeof GIFT_CARD_STATES)[number];

const CODE_MESSAGE = "Enter the gift card's code (16 letters and digits, e.g. K7QM-3XRD-ZP9A-WT4F).";
/** A code as typed: 16 of the alphabet's characters with any spaces and dashes (checked further by the server). */
export const ZGiftCardCode = documentWith(
  z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(40, CODE_MESSAGE).describe("The gift card's code; case, spaces and dashes do not matter"),
  { pattern: "^[A-Za-z0-9 -]{1,40}$" },
);

const reason = z
  .string({ error: REQUIRED })
  .trim()
  .min(3, "Give a reason of at least 3 characters.")
  .max(500, "The reason is at most 500 characters.")
  .describe("Why, for the audit log");

const CREDITS_MESSAGE = `Credits must be a whole number from 1 to ${MAX_GIFT_CARD_CREDITS.toLocaleString("en-US")}.`;
const TIME_MESSAGE = "Enter a date and time in the future (ISO 8601 with its offset, e.g. 2027-01-31T23:59:00Z).";

export const ZGiftCardIssueInput = z.object({
  credits: z
    .number({ error: (iss) => (iss.input === undefined ? REQUIRED : CREDITS_MESSAGE) })
    .int(CREDITS_MESSAGE)
    .min(1, CREDITS_MESSAGE)
    .max(MAX_GIFT_CARD_CREDITS, CREDITS_MESSAGE)
    .describe("What the card is worth, in store credits"),
  reason,
  expiresAt: z.iso
    .datetime({ offset: true, error: TIME_MESSAGE })
    .transform((v) => new Date(v))
    .refine((d) => d.getUTCFullYear() < 10_000, TIME_MESSAGE)
    .nullable()
    .default(null)
    .describe("When the card stops working (ISO 8601 with offset); null or absent: never"),
});
export const ZGiftCardVoidInput = z.object({ reason });

export const ZStaffGiftCard = z.object({
  id: z.number().int(),
  codeLast4: z.string().describe("The code's last 4 characters (the code itself is shown once, when issued)"),
  credits: z.number().int(),
  status: z.enum(GIFT_CARD_STATES),
  expiresAt: z.string().nullable(),
  reason: z.string().nullable().describe("Staff's reason for issuing it; null for a bought card"),
  issuedBy: z.string().nullable().describe("Username of the member of staff who issued it"),
  boughtBy: z.string().nullable().describe("Username of the player who bought it"),
  creditPurchaseId: z.number().int().nullable(),
  redeemedBy: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  createdAt: z.string(),
});
export type TStaffGiftCard = z.infer<typeof ZStaffGiftCard>;
export const ZGiftCardIssued = z.object({
  card: ZStaffGiftCard,
  code: z.string().describe("The full code, grouped: shown only in this answer (only its hash is stored)"),
});
export type TGiftCardIssued = z.infer<typeof ZGiftCardIssued>;

export const ZMyGiftCard = z.object({
  id: z.number().int(),
  code: z.string().nullable().describe("The full code while the card is unused; null once redeemed or voided"),
  codeLast4: z.string(),
  credits: z.number().int(),
  status: z.enum(GIFT_CARD_STATES),
  expiresAt: z.string().nullable(),
  redeemedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TMyGiftCard = z.infer<typeof ZMyGiftCard>;

export const ZGiftCardRedeemInput = z.object({ code: ZGiftCardCode });
export const ZGiftCardRedeemed = z.object({
  credits: z.number().int().describe("Credits the card added"),
  balance: z.number().int().describe("The balance afterwards"),
});
export type TGiftCardRedeemed = z.infer<typeof ZGiftCardRedeemed>;
export const ZGiftCardBalanceQuery = z.object({ code: ZGiftCardCode });
export const ZGiftCardBalance = z.object({
  credits: z.number().int(),
  status: z.enum(GIFT_CARD_STATES),
  expiresAt: z.string().nullable(),
});
export type TGiftCardBalance = z.infer<typeof ZGiftCardBalance>;

// ── uploaded store images ──
/** Raw image bytes at most (the JSON body carries them as base64, within the 1 MB body limit). */
export const STORE_IMAGE_MAX_BYTES = 512 * 1024;
export const ZStoreImageUpload = z.object({
  data: documentWith(
    z
      .string({ error: REQUIRED })
      .min(1, REQUIRED)
      .max(Math.ceil(STORE_IMAGE_MAX_BYTES / 3) * 4 + 4, "The image is larger than 512 KB.")
      .describe("The image file's bytes, base64 (PNG, JPEG, GIF or WebP, at most 512 KB)"),
    { pattern: "^[A-Za-z0-9+/=]+$" },
  ),
});
export const ZStoreImage = z.object({
  href: z.string().describe("Where the image is served (use it as a product's imageHref)"),
  sha256: z.string(),
  type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TStoreImage = z.infer<typeof ZStoreImage>;

// ── operations ──
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };

export const staffListGiftCardsOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/store/gift-cards",
  summary: "The latest gift cards (200), issued and bought",
  tag: "Staff store",
  auth: "administrator",
  responses: { 200: { description: "Gift cards, newest first", schema: z.object({ results: z.array(ZStaffGiftCard) }) } },
});
export const staffIssueGiftCardOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/gift-cards",
  summary: "Issue a gift card worth a number of credits, with a reason",
  description: "The answer holds the full code, once: only its hash is stored. Audited with the card as it was created.",
  tag: "Staff store",
  auth: "administrator",
  body: ZGiftCardIssueInput,
  responses: { 201: { description: "Issued", schema: ZGiftCardIssued }, ...errors },
});
export const staffVoidGiftCardOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/gift-cards/{id}/void",
  summary: "Void an unused gift card, with a reason",
  tag: "Staff store",
  auth: "administrator",
  params: z.object({ id: zId({ description: "Gift card id (GET /api/v1/staff/store/gift-cards)" }) }),
  body: ZGiftCardVoidInput,
  responses: {
    200: { description: "Voided", schema: ZStaffGiftCard },
    ...errors,
    404: { description: "No such gift card", schema: ZErrorBody },
    409: { description: "The card was already redeemed or voided", schema: ZErrorBody },
  },
});
export const myGiftCardsOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/gift-cards",
  summary: "The gift cards the signed-in player bought, with the code while unused",
  tag: "Store",
  auth: "user",
  responses: { 200: { description: "Gift cards, newest first", schema: z.object({ results: z.array(ZMyGiftCard) }) } },
});
export const redeemGiftCardOp = defineOperation({
  method: "POST",
  path: "/api/v1/store/gift-cards/redeem",
  summary: "Redeem a gift card into the signed-in player's balance",
  description:
    "One ledger entry adds the card's credits; a card is redeemed once, whoever tries first (concurrent attempts: one succeeds, the others get the 400 for a redeemed card). Unknown, expired, voided and redeemed codes are 400s naming `code`.",
  tag: "Store",
  auth: "user",
  rateLimited: true,
  body: ZGiftCardRedeemInput,
  responses: {
    200: { description: "Redeemed", schema: ZGiftCardRedeemed },
    ...errors,
    409: { description: "The balance would pass what it can hold; the card stays unused", schema: ZErrorBody },
  },
});
export const giftCardBalanceOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/gift-cards/balance",
  summary: "What a gift card is worth, whether it can be used and until when",
  tag: "Store",
  auth: "none",
  rateLimited: true,
  query: ZGiftCardBalanceQuery,
  responses: {
    200: { description: "The card", schema: ZGiftCardBalance },
    ...errors,
    404: { description: "No gift card has this code", schema: ZErrorBody },
  },
});
export const uploadStoreImageOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/store/images",
  summary: "Upload a product image",
  description:
    "The type is read from the bytes (PNG, JPEG, GIF or WebP; never the file name), the image re-encoded (metadata dropped, at most 1024 px a side) and stored in the database; the answer's href serves it.",
  tag: "Staff store",
  auth: "administrator",
  body: ZStoreImageUpload,
  responses: {
    201: { description: "Stored (or already stored: the same bytes give the same href)", schema: ZStoreImage },
    ...errors,
    413: { description: "The request body is larger than 1 MB", schema: ZErrorBody },
  },
});
export const storeImageOp = defineOperation({
  method: "GET",
  path: "/api/v1/store/images/{sha256}",
  summary: "An uploaded store image, by its content hash",
  description: "Served with its fixed type, nosniff, inline, a sandbox CSP and a year's immutable cache (the address changes with the content).",
  tag: "Store",
  auth: "none",
  params: z.object({
    sha256: documentWith(
      z
        .string()
        .length(64, "Not an image address.")
        .regex(/^[0-9a-f]{64}$/, "Not an image address.")
        .describe("The image's sha256, hex"),
      { pattern: "^[0-9a-f]{64}$" },
    ),
  }),
  responses: {
    200: { description: "The image bytes with their type" },
    ...errors,
    404: { description: "No such image", schema: ZErrorBody },
  },
});

export const giftCardOperations = [
  staffListGiftCardsOp,
  staffIssueGiftCardOp,
  staffVoidGiftCardOp,
  myGiftCardsOp,
  redeemGiftCardOp,
  giftCardBalanceOp,
  uploadStoreImageOp,
  storeImageOp,
];
