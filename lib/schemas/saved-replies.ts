import { z } from "zod";
import { PLACEHOLDERS, unknownPlaceholders } from "../saved-replies";
import { defineOperation, REQUIRED, ZErrorBody, zPatch } from "./api";
import { zId } from "./ids";
import { COMMENT_MAX } from "./tickets";

// Contracts of saved replies (docs/staff.md, "Saved replies"): staff keep replies with
// placeholders, and the ticket page's reply box inserts one filled from that ticket's rows.
// Moderators and up, as the ticket queue.

export const SAVED_REPLY_TITLE_MAX = 80;
export const SAVED_REPLY_TITLE_MESSAGE = `Give the reply a title of 1 to ${SAVED_REPLY_TITLE_MAX} characters.`;
export const SAVED_REPLY_BODY_MESSAGE = `Write the reply: 1 to ${COMMENT_MAX} characters.`;
export const SAVED_REPLY_TITLE_TAKEN = "Another saved reply already has this title.";

/** The field error for names in braces that are not placeholders. */
export function unknownPlaceholderMessage(names: readonly string[]): string {
  const list = names.map((n) => `{${n}}`).join(", ");
  return `Unknown placeholder${names.length === 1 ? "" : "s"} ${list}. Use ${PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}.`;
}

const zTitle = () =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, SAVED_REPLY_TITLE_MESSAGE)
    .max(SAVED_REPLY_TITLE_MAX, SAVED_REPLY_TITLE_MESSAGE)
    .describe("What the picker shows, unique");
const zBody = () =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, SAVED_REPLY_BODY_MESSAGE)
    .max(COMMENT_MAX, SAVED_REPLY_BODY_MESSAGE)
    .superRefine((v, ctx) => {
      const unknown = unknownPlaceholders(v);
      if (unknown.length) ctx.addIssue({ code: "custom", message: unknownPlaceholderMessage(unknown) });
    })
    .describe(`The reply; placeholders in braces: ${PLACEHOLDERS.map((p) => `{${p}}`).join(", ")}`);

export const ZSavedReplyInput = z.object({ title: zTitle(), body: zBody() });
export const ZSavedReplyPatch = zPatch(ZSavedReplyInput);

export const ZSavedReply = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string().describe("As saved, placeholders unfilled"),
  updatedAt: z.string().describe("ISO 8601"),
});
export type TSavedReply = z.infer<typeof ZSavedReply>;

export const ZFilledReply = z.object({
  text: z.string().describe("The body with every placeholder filled from the ticket's rows"),
  unfilled: z.array(z.string()).describe("Placeholders that had no value (e.g. player.ban.reason for a player not banned), filled with words that say so"),
});
export type TFilledReply = z.infer<typeof ZFilledReply>;

// ── operations ──
const TAG = "Staff saved replies";
const idParams = z.object({ id: zId({ description: "Saved reply id" }) });
const fieldErrors = { 400: { description: "Field errors (an unknown placeholder names the field body)", schema: ZErrorBody } };
const notFound = { 404: { description: "No such saved reply", schema: ZErrorBody } };
const taken = { 409: { description: "The title is taken", schema: ZErrorBody } };

export const listSavedRepliesOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/saved-replies",
  summary: "Every saved reply, by title (moderator)",
  tag: TAG,
  auth: "moderator",
  responses: { 200: { description: "Saved replies", schema: z.object({ results: z.array(ZSavedReply) }) } },
});
export const createSavedReplyOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/saved-replies",
  summary: "Save a reply (moderator; audited)",
  tag: TAG,
  auth: "moderator",
  body: ZSavedReplyInput,
  responses: { 201: { description: "Saved", schema: ZSavedReply }, ...fieldErrors, ...taken },
});
export const updateSavedReplyOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/saved-replies/{id}",
  summary: "Change a saved reply's title or body (moderator; audited)",
  tag: TAG,
  auth: "moderator",
  params: idParams,
  body: ZSavedReplyPatch,
  responses: { 200: { description: "The reply afterwards", schema: ZSavedReply }, ...fieldErrors, ...notFound, ...taken },
});
export const deleteSavedReplyOp = defineOperation({
  method: "DELETE",
  path: "/api/v1/staff/saved-replies/{id}",
  summary: "Delete a saved reply (moderator; audited)",
  tag: TAG,
  auth: "moderator",
  params: idParams,
  responses: { 200: { description: "The reply deleted", schema: ZSavedReply }, ...notFound },
});
export const renderSavedReplyOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/tickets/{id}/saved-replies/{reply}",
  summary: "A saved reply filled for one ticket (moderator)",
  description:
    "Placeholders from the player's private record ({player.total_level}, {player.ban.reason}, {order.last.status}) are filled only for staff who may read that record: a ticket of a rank at or above yours answers 403 for a reply that uses them.",
  tag: TAG,
  auth: "moderator",
  params: z.object({ id: zId({ description: "The ticket the reply is for" }), reply: zId({ description: "Saved reply id" }) }),
  responses: {
    200: { description: "The filled text", schema: ZFilledReply },
    403: { description: "The reply reads the private record of an account out of your reach", schema: ZErrorBody },
    404: { description: "No such saved reply or ticket", schema: ZErrorBody },
  },
});

export const savedReplyOperations = [listSavedRepliesOp, createSavedReplyOp, updateSavedReplyOp, deleteSavedReplyOp, renderSavedReplyOp];
