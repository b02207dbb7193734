import { z } from "zod";
import { defineOperation, REQUIRED, ZErrorBody } from "./api";
import { zId } from "./ids";
import { CONTENT_MAX, THREAD_TITLE_MAX, USER_SEARCH_MAX } from "../messages/forums";
import { zContent } from "./forums";

// Contracts of the forum editor (docs/forums.md, "The editor"): drafts saved as a player types,
// the preview, and the `@` lookup of players to mention.

export const DRAFT_KINDS = ["thread", "reply"] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

export const ZDraftParams = z.object({
  kind: z.enum(DRAFT_KINDS, { error: "Kind must be thread or reply." }).describe("thread: a new thread in the forum {id}; reply: a reply in the thread {id}"),
  id: zId({ description: "Forum id (thread) or thread id (reply)" }),
});

export const ZDraft = z.object({
  kind: z.enum(DRAFT_KINDS),
  target_id: z.number().int(),
  title: z.string().describe("The thread title (empty for a reply)"),
  content: z.string().describe("Sanitised HTML, as the editor last saved it"),
  updated_at: z.string().describe("ISO 8601"),
});
export type TDraft = z.infer<typeof ZDraft>;

export const ZDraftInput = z.object({
  title: z
    .string({ error: "The title must be text." })
    .max(THREAD_TITLE_MAX, `The title is at most ${THREAD_TITLE_MAX} characters.`)
    .optional()
    .describe("The thread title typed so far (thread drafts)"),
  content: z
    .string({ error: REQUIRED })
    .max(CONTENT_MAX, `The draft is at most ${CONTENT_MAX.toLocaleString("en-US")} characters of HTML.`)
    .describe("HTML from the editor; sanitised like a post before it is stored"),
});

export const ZPreviewInput = z.object({ content: zContent() });
export const ZPreview = z.object({ content: z.string().describe("The body as it would be stored and shown (sanitised HTML)") });

export const ZUserSearchQuery = z.object({
  prefix: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(12, "Usernames are at most 12 characters.")
    .regex(/^[A-Za-z0-9 _-]+$/, "Usernames contain only letters, numbers, spaces, - and _.")
    .describe("The start of a username (case and separators ignored)"),
});
export const ZUserSearchResult = z.object({ results: z.array(z.object({ id: z.number().int(), name: z.string() })) });

const TAG = "Forums";
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };
const notFound = { 404: { description: "No such forum or thread (or not one this player may write in)", schema: ZErrorBody } };
const DRAFT_PATH = "/api/v1/forums/drafts/{kind}/{id}";

export const getDraftOp = defineOperation({
  method: "GET",
  path: DRAFT_PATH,
  summary: "The player's draft for a new thread in a forum, or a reply in a thread",
  tag: TAG,
  auth: "user",
  params: ZDraftParams,
  description: "Only the player's own draft is ever answered; null when there is none.",
  responses: { 200: { description: "The draft, or null", schema: z.object({ draft: ZDraft.nullable() }) }, ...errors },
});
export const saveDraftOp = defineOperation({
  method: "PUT",
  path: DRAFT_PATH,
  summary: "Save the player's draft (the editor calls it a moment after the last keystroke)",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  params: ZDraftParams,
  body: ZDraftInput,
  description: "Replaces the draft for this target. The content is sanitised like a post. Posting the thread or reply drops it.",
  responses: {
    200: { description: "The saved draft", schema: ZDraft },
    ...errors,
    ...notFound,
    429: { description: "Too many saves", schema: ZErrorBody },
  },
});
export const deleteDraftOp = defineOperation({
  method: "DELETE",
  path: DRAFT_PATH,
  summary: "Drop the player's draft",
  tag: TAG,
  auth: "user",
  params: ZDraftParams,
  responses: { 200: { description: "Whether there was one", schema: z.object({ deleted: z.boolean() }) }, ...errors },
});
export const previewPostOp = defineOperation({
  method: "POST",
  path: "/api/v1/forums/preview",
  summary: "A body as it would be stored: the editor's preview",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  body: ZPreviewInput,
  description: "The same sanitiser, mention and quote checks as posting; nothing is stored (outside images keep their own address).",
  responses: { 200: { description: "The cleaned body", schema: ZPreview }, ...errors, 429: { description: "Too many previews", schema: ZErrorBody } },
});
export const searchUsersOp = defineOperation({
  method: "GET",
  path: "/api/v1/users/search",
  summary: `Players whose name starts with a prefix (the editor's @ mentions), at most ${USER_SEARCH_MAX}`,
  tag: TAG,
  auth: "user",
  rateLimited: true,
  query: ZUserSearchQuery,
  description: "Case and separators are ignored. Banned and deactivated accounts are left out. Shortest names first, then alphabetical.",
  responses: { 200: { description: "Matching players", schema: ZUserSearchResult }, ...errors, 429: { description: "Too many lookups", schema: ZErrorBody } },
});

export const forumEditorOperations = [getDraftOp, saveDraftOp, deleteDraftOp, previewPostOp, searchUsersOp];
