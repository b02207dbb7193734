import { z } from "zod";
import { defineOperation, documentWith, REQUIRED, ZErrorBody, zPatch } from "./api";
import { zId } from "./ids";

// Contracts of the forum structure editor: categories and forums made, renamed,
// described, reordered, hidden and deleted by administrators. Our own API (docs/product.md has no
// staff forum editor), camelCase like the other staff editors.

export const FORUM_NAME_MAX = 100;
export const FORUM_DESCRIPTION_MAX = 500;
/** A reorder names every category (or every forum of one category): at most this many. */
export const REORDER_MAX = 200;

export const CATEGORY_NOT_EMPTY_MESSAGE = "This category still has forums: move or delete them first.";
export const FORUM_NOT_EMPTY_MESSAGE = "This forum has threads, so it cannot be deleted. Hide it instead, or move its threads to another forum first.";
export const ORDER_STALE_MESSAGE = "The list changed since you loaded it (something was added or removed). Reload the page and try again.";

const text = (label: string, max: number) => z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `${label} is at most ${max} characters.`);
const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` });

// ── shapes ──
export const ZStaffForum = z.object({
  id: z.number().int(),
  categoryId: z.number().int(),
  name: z.string(),
  description: z.string(),
  sortOrder: z.number().int().describe("Position in its category, lowest first"),
  staffOnly: z.boolean().describe("Only staff may start threads"),
  hidden: z.boolean().describe("Hidden from players and guests"),
  isNews: z.boolean().describe("The news forum: news posts are its threads"),
  threads: z.number().int().describe("Every thread in the forum, hidden ones included (a forum can be deleted only at 0)"),
  posts: z.number().int().describe("Visible posts in visible threads"),
});
export type TStaffForum = z.infer<typeof ZStaffForum>;

export const ZStaffForumCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  sortOrder: z.number().int().describe("Position on the forum index, lowest first"),
  hidden: z.boolean().describe("Hidden from players and guests, with all its forums"),
  forums: z.array(ZStaffForum).describe("In display order"),
});
export type TStaffForumCategory = z.infer<typeof ZStaffForumCategory>;

export const ZStaffForumStructure = z.object({ results: z.array(ZStaffForumCategory).describe("Every category in display order, hidden ones included") });

// ── inputs ──
const categoryFields = {
  name: text("Name", FORUM_NAME_MAX).describe("Category name, e.g. Community"),
  hidden: flag("Hidden").describe("Hide the category and all its forums from players and guests"),
};
export const ZForumCategoryInput = z.object({ ...categoryFields, hidden: categoryFields.hidden.default(false) });
export const ZForumCategoryPatch = zPatch(z.object(categoryFields));
export type TForumCategoryPatch = z.output<typeof ZForumCategoryPatch>;

const forumFields = {
  categoryId: zId({ description: "The category it belongs to (GET /api/v1/staff/forums/categories)" }),
  name: text("Name", FORUM_NAME_MAX).describe("Forum name, e.g. General Discussion"),
  description: text("Description", FORUM_DESCRIPTION_MAX).describe("One line under the name on the forum index"),
  staffOnly: flag("Staff only").describe("Only staff may start threads (players may still reply)"),
  hidden: flag("Hidden").describe("Hide the forum and its threads from players and guests"),
};
export const ZForumInput = z.object({ ...forumFields, staffOnly: forumFields.staffOnly.default(false), hidden: forumFields.hidden.default(false) });
export const ZForumPatch = zPatch(z.object(forumFields));
export type TForumPatch = z.output<typeof ZForumPatch>;

const ZOrderIds = documentWith(
  z
    .array(zId({ description: "Id" }), { error: "Send the ids as a list." })
    .min(1, "Send at least one id.")
    .max(REORDER_MAX, `At most ${REORDER_MAX} ids.`)
    .refine((ids) => new Set(ids).size === ids.length, "Each id may appear only once."),
  { uniqueItems: true },
);

export const ZCategoryOrderInput = z.object({ ids: ZOrderIds.describe("Every category id, in the new order") });
export const ZForumOrderInput = z.object({
  categoryId: zId({ description: "The category whose forums are reordered" }),
  ids: ZOrderIds.describe("Every forum id of that category, in the new order"),
});

// ── operations ──
const TAG = "Staff forums";
const ZIdParams = z.object({ id: zId({ description: "Id from GET /api/v1/staff/forums/categories" }) });
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };
const notFound = { 404: { description: "No such category or forum", schema: ZErrorBody } };

export const listForumStructureOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/forums/categories",
  summary: "Every forum category with its forums, hidden ones included",
  tag: TAG,
  auth: "administrator",
  responses: { 200: { description: "Categories in display order", schema: ZStaffForumStructure } },
});
export const createForumCategoryOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/forums/categories",
  summary: "Create a forum category (placed last)",
  tag: TAG,
  auth: "administrator",
  body: ZForumCategoryInput,
  responses: { 201: { description: "Created", schema: ZStaffForumCategory }, ...errors },
});
export const updateForumCategoryOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/forums/categories/{id}",
  summary: "Rename, hide or show a forum category",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZForumCategoryPatch,
  description: "A hidden category hides all its forums from players and guests. The category of the news forum cannot be hidden (409).",
  responses: {
    200: { description: "Updated", schema: ZStaffForumCategory },
    ...errors,
    ...notFound,
    409: { description: "The category holds the news forum", schema: ZErrorBody },
  },
});
export const deleteForumCategoryOp = defineOperation({
  method: "DELETE",
  path: "/api/v1/staff/forums/categories/{id}",
  summary: "Delete a forum category that has no forums",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  responses: {
    200: { description: "Deleted; the category as it was", schema: ZStaffForumCategory },
    ...notFound,
    409: { description: "The category still has forums", schema: ZErrorBody },
  },
});
export const reorderForumCategoriesOp = defineOperation({
  method: "PUT",
  path: "/api/v1/staff/forums/categories/order",
  summary: "Put the forum categories in a new order",
  tag: TAG,
  auth: "administrator",
  body: ZCategoryOrderInput,
  description:
    "Send every category id once, in the order wanted. A list that does not match the categories that exist (one was added or deleted meanwhile) is a 409 and changes nothing.",
  responses: {
    200: { description: "The structure in its new order", schema: ZStaffForumStructure },
    ...errors,
    409: { description: "The list does not match the categories", schema: ZErrorBody },
  },
});
export const createForumOp = defineOperation({
  method: "POST",
  path: "/api/v1/staff/forums/forums",
  summary: "Create a forum (placed last in its category)",
  tag: TAG,
  auth: "administrator",
  body: ZForumInput,
  responses: { 201: { description: "Created", schema: ZStaffForum }, ...errors },
});
export const updateForumOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/forums/forums/{id}",
  summary: "Rename, describe, move, hide or show a forum, or make it staff-only",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  body: ZForumPatch,
  description:
    "A forum moved to another category (`categoryId`) is placed last there. The news forum cannot be hidden, nor moved into a hidden category: news posts link to its threads.",
  responses: {
    200: { description: "Updated", schema: ZStaffForum },
    ...errors,
    ...notFound,
    409: { description: "The news forum cannot be hidden", schema: ZErrorBody },
  },
});
export const deleteForumOp = defineOperation({
  method: "DELETE",
  path: "/api/v1/staff/forums/forums/{id}",
  summary: "Delete a forum that has no threads",
  tag: TAG,
  auth: "administrator",
  params: ZIdParams,
  description:
    "Only an empty forum can be deleted (no threads, hidden ones included). A thread started while the delete runs either lands first (the delete is then a 409) or finds the forum gone (404): never a thread without a forum.",
  responses: {
    200: { description: "Deleted; the forum as it was", schema: ZStaffForum },
    ...notFound,
    409: { description: "The forum has threads", schema: ZErrorBody },
  },
});
export const reorderForumsOp = defineOperation({
  method: "PUT",
  path: "/api/v1/staff/forums/forums/order",
  summary: "Put the forums of one category in a new order",
  tag: TAG,
  auth: "administrator",
  body: ZForumOrderInput,
  description: "Send every forum id of the category once, in the order wanted. A list that does not match that category's forums is a 409 and changes nothing.",
  responses: {
    200: { description: "The structure in its new order", schema: ZStaffForumStructure },
    ...errors,
    ...notFound,
    409: { description: "The list does not match the category's forums", schema: ZErrorBody },
  },
});

export const staffForumOperations = [
  listForumStructureOp,
  createForumCategoryOp,
  updateForumCategoryOp,
  deleteForumCategoryOp,
  reorderForumCategoriesOp,
  createForumOp,
  updateForumOp,
  deleteForumOp,
  reorderForumsOp,
];
