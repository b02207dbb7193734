import { z } from "zod";
import { atLeastOneOf, defineOperation, documentWith, REQUIRED, zAmount, ZErrorBody, ZPageQuery, zPaged } from "./api";
import { zId } from "./ids";

// Contracts of the forums (docs/product.md §2 Forums, §3 Forum category / Forum / Thread / Post, §4 Thread,
// §7 /forums/..., §8): reading, writing threads and replies, our own moderation
// (staff, server-enforced, audited), reports and full-text search.

export * from "../messages/forums";
import {
  EDIT_WINDOW_MINUTES,
  REASON_MAX,
  REPORT_REASON_MAX,
  CONTENT_MAX,
  THREAD_TITLE_MAX,
  THREADS_PAGE_SIZE,
  POSTS_PAGE_SIZE,
  SEARCH_PAGE_SIZE,
  REPORTS_PAGE_SIZE,
  LATEST_THREADS_MAX,
} from "../messages/forums";

const text = (label: string, max: number) =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, `${label} is at most ${max.toLocaleString("en-US")} characters.`);

/** Rich-text HTML from the editor (sanitised on the server before anything is stored). */
export const zContent = () =>
  z
    .string({ error: REQUIRED })
    .min(1, REQUIRED)
    .max(CONTENT_MAX, `The post is at most ${CONTENT_MAX.toLocaleString("en-US")} characters of HTML.`)
    .describe("HTML from the rich-text editor; sanitised with an allowlist before it is stored");

// ── shapes ──
export const ZForumUser = z.object({
  name: z.string(),
  rank: z.string().describe("Display rank (docs/product.md §3): lowercased member rank for a donator PLAYER, else lowercased privilege"),
  is_staff: z.boolean(),
  tier: z.string().describe("Post-count tier (docs/product.md §6): bronze … twisted"),
  thread_count: z.number().int(),
  post_count: z.number().int(),
  join_date: z.string().describe("ISO 8601"),
});
export type TForumUser = z.infer<typeof ZForumUser>;

export const ZForum = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  thread_count: z.number().int(),
  post_count: z.number().int().describe("Every visible post, opening posts included (replies = post_count − thread_count)"),
  staff_only: z.boolean().describe("Only staff may start threads here"),
  hidden: z.boolean().describe("Hidden by staff: only staff ever receive hidden forums"),
  latest_thread: z.object({ id: z.number().int(), date: z.string(), title: z.string() }).nullable().describe("The newest thread, or null"),
});
export type TForum = z.infer<typeof ZForum>;

export const ZForumCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  hidden: z.boolean().describe("Hidden by staff, with all its forums: only staff ever receive hidden categories"),
  forums: z.array(ZForum),
});
export type TForumCategory = z.infer<typeof ZForumCategory>;

export const ZThread = z.object({
  id: z.number().int(),
  title: z.string(),
  closed: z.boolean(),
  pinned: z.boolean(),
  hidden: z.boolean().describe("Hidden by staff: only staff ever receive hidden threads"),
  forum: z.object({ id: z.number().int(), name: z.string() }),
  user: z.object({ name: z.string() }).describe("Who started the thread"),
  post_count: z.number().int(),
  latest_post: z.object({ date: z.string(), user: z.string().nullable() }).describe("The newest post: its date and author"),
  date: z.string().describe("ISO 8601: when the thread was started"),
});
export type TThread = z.infer<typeof ZThread>;

export const ZPost = z.object({
  id: z.number().int(),
  content: z.string().describe("Sanitised HTML"),
  date: z.string().describe("ISO 8601"),
  user: ZForumUser,
  edited: z
    .object({ date: z.string(), by: z.string().nullable(), reason: z.string().nullable() })
    .nullable()
    .describe("Set when the post was edited after posting"),
  hidden: z.boolean().describe("Hidden by staff: only staff ever receive hidden posts"),
  hidden_reason: z.string().nullable().describe("Staff only: why it was hidden"),
  like_count: z.number().int().describe("How many players like the post (GET /forums/posts/{id}/likes lists them)"),
});
export type TPost = z.infer<typeof ZPost>;

export const ZThreadView = ZThread.extend({
  hidden_reason: z.string().nullable().describe("Staff only: why the thread was hidden"),
  category: z.object({ id: z.number().int(), name: z.string() }),
  page: z.number().int().describe("The page of posts shown"),
  pages: z.number().int().describe("How many pages of posts there are"),
  posts: z.array(ZPost),
  previous_page: z.number().int().nullable(),
  next_page: z.number().int().nullable(),
});
export type TThreadView = z.infer<typeof ZThreadView>;

export const ZSearchHit = z.object({
  thread: z.object({ id: z.number().int(), title: z.string() }),
  forum: z.object({ id: z.number().int(), name: z.string() }),
  post_id: z.number().int().describe("The matching post (the opening post when only the title matched)"),
  page: z.number().int().describe("The thread page the post is on"),
  snippet: z.string().describe("Plain text around the match; the matched words are wrapped in [[ and ]]"),
  user: z.string(),
  date: z.string(),
});
export type TSearchHit = z.infer<typeof ZSearchHit>;

export const REPORT_OUTCOMES = ["agreed", "disagreed", "ignored"] as const;
export const REPORT_ACTIONS = ["post_hidden", "warned", "none"] as const;
export type TReportOutcome = (typeof REPORT_OUTCOMES)[number];
export type TReportAction = (typeof REPORT_ACTIONS)[number];

export const ZReport = z.object({
  id: z.number().int(),
  reason: z.string(),
  reporter: z.string(),
  date: z.string(),
  resolved: z
    .object({
      date: z.string(),
      by: z.string().nullable(),
      outcome: z.enum(REPORT_OUTCOMES).nullable().describe("null on reports resolved before outcomes were recorded"),
      action: z.enum(REPORT_ACTIONS).nullable().describe("With agreed: what was done"),
      note: z.string().nullable(),
    })
    .nullable(),
  post: z.object({
    id: z.number().int(),
    content: z.string(),
    user: z.string(),
    hidden: z.boolean(),
    thread: z.object({ id: z.number().int(), title: z.string() }),
    page: z.number().int(),
  }),
});
export type TReport = z.infer<typeof ZReport>;

// ── inputs ──
export const ZCreateThreadInput = z.object({
  forum_id: zId({ description: "Forum id" }),
  title: text("The title", THREAD_TITLE_MAX).describe(`1–${THREAD_TITLE_MAX} characters`),
  content: zContent(),
});

export const ZCreatePostInput = z.object({ thread_id: zId({ description: "Thread id" }), content: zContent() });

const zReason = (label: string, max: number) => text(label, max);

export const ZEditPostInput = z.object({
  content: zContent(),
  reason: zReason("The reason", REASON_MAX).optional().describe("Why (staff editing someone else's post must give one)"),
});

export const ZReportInput = z.object({
  reason: zReason("The reason", REPORT_REASON_MAX).describe(`What is wrong with the post, 1–${REPORT_REASON_MAX} characters`),
});

export const HIDE_THREAD_NEEDS_REASON = "Give a reason for hiding the thread.";
export const HIDE_POST_NEEDS_REASON = "Give a reason for hiding the post.";

/** Hiding needs a reason (kept in the audit log and shown to staff): a 400 on `reason` without one. */
const hidingNeedsReason = (message: string) => (p: { hidden?: boolean; reason?: string }, ctx: z.RefinementCtx) => {
  if (p.hidden && !p.reason) ctx.addIssue({ code: "custom", path: ["reason"], message });
};
/** The same in the document: when `hidden` is true, `reason` is required. */
const HIDING_NEEDS_REASON = { if: { properties: { hidden: { const: true } }, required: ["hidden"] }, then: { required: ["reason"] } };

const THREAD_CHANGES = ["pinned", "closed", "hidden", "forum_id", "title"] as const;
export const ZThreadPatch = documentWith(
  z
    .object({
      pinned: z.boolean({ error: "Pinned must be true or false." }).optional(),
      closed: z.boolean({ error: "Closed must be true or false." }).optional(),
      hidden: z.boolean({ error: "Hidden must be true or false." }).optional().describe("Hide the thread from everyone but staff (a reason is required)"),
      title: text("The title", THREAD_TITLE_MAX).optional().describe(`Rename the thread, 1–${THREAD_TITLE_MAX} characters (a news post's title follows)`),
      forum_id: zId({ description: "Move the thread to this forum" }).optional(),
      reason: zReason("The reason", REASON_MAX).optional().describe("Kept in the audit log; required when hiding"),
    })
    .refine((p) => THREAD_CHANGES.some((k) => p[k] !== undefined), { message: "Send pinned, closed, hidden, forum_id or title." })
    .superRefine(hidingNeedsReason(HIDE_THREAD_NEEDS_REASON)),
  { ...atLeastOneOf(THREAD_CHANGES), ...HIDING_NEEDS_REASON },
);

export const ZPostModeration = documentWith(
  z
    .object({
      hidden: z.boolean({ error: (iss) => (iss.input === undefined ? REQUIRED : "Hidden must be true or false.") }),
      reason: zReason("The reason", REASON_MAX).optional().describe("Required when hiding"),
    })
    .superRefine(hidingNeedsReason(HIDE_POST_NEEDS_REASON)),
  HIDING_NEEDS_REASON,
);

export const ZLatestQuery = z.object({ amount: zAmount(LATEST_THREADS_MAX, 5) });

export const ZThreadPageQuery = ZPageQuery;
export const ZSearchQuery = ZPageQuery.extend({
  q: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(200, "Search for at most 200 characters.").describe("Words to find in thread titles and posts"),
});
export const ZReportsQuery = ZPageQuery.extend({
  status: z.enum(["open", "resolved"], { error: "Status must be open or resolved." }).optional().describe("open (default) or resolved"),
});
export const REPORT_NOTE_MAX = 500;
export const REPORT_ACTION_NEEDED = "Say what was done: post hidden, warned or none.";
export const REPORT_ACTION_ONLY_AGREED = "An action goes with the outcome agreed only.";
export const REPORT_SEND_ONE = "Send either resolved (true or false) or an outcome.";
/**
 * Resolve with an outcome (`outcome`, with `action` when agreed, and an optional `note` told to
 * the reporter), or the older form: `resolved: true` (agreed, the action read from the post:
 * post_hidden when it is hidden, else none) or `resolved: false` (open again).
 */
export const ZReportPatch = documentWith(
  z
    .object({
      resolved: z.boolean({ error: "Resolved must be true or false." }).optional().describe("Older form: true resolves as agreed, false opens it again"),
      outcome: z.enum(REPORT_OUTCOMES, { error: "Outcome must be agreed, disagreed or ignored." }).optional().describe("agreed, disagreed or ignored"),
      action: z
        .enum(REPORT_ACTIONS, { error: "Action must be post_hidden, warned or none." })
        .optional()
        .describe("With agreed: post_hidden (hides the post if it is not), warned or none"),
      note: z
        .string({ error: "The note must be text." })
        .trim()
        .max(REPORT_NOTE_MAX, `Keep the note to ${REPORT_NOTE_MAX} characters.`)
        .optional()
        .describe("Told to the reporter with the outcome"),
    })
    .superRefine((v, ctx) => {
      if ((v.resolved === undefined) === (v.outcome === undefined))
        ctx.addIssue({
          code: "custom",
          path: [v.outcome === undefined ? "resolved" : "outcome"],
          message: v.outcome === undefined ? REQUIRED : REPORT_SEND_ONE,
        });
      if (v.outcome === "agreed" && v.action === undefined) ctx.addIssue({ code: "custom", path: ["action"], message: REPORT_ACTION_NEEDED });
      if (v.outcome !== "agreed" && v.action !== undefined) ctx.addIssue({ code: "custom", path: ["action"], message: REPORT_ACTION_ONLY_AGREED });
      if (v.outcome === undefined && v.note !== undefined) ctx.addIssue({ code: "custom", path: ["note"], message: "A note goes with an outcome." });
    }),
  atLeastOneOf(["resolved", "outcome"]),
);

// ── operations ──
const TAG = "Forums";
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };
const notFound = (what: string) => ({ 404: { description: `No such ${what}`, schema: ZErrorBody } });
const forbidden = { 403: { description: "Not allowed", schema: ZErrorBody } };

export const forumsIndexOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums",
  summary: "Forum categories with their forums (the forum index)",
  tag: TAG,
  auth: "optional",
  description: "Hidden categories and forums are left out, except for staff, who receive them marked hidden.",
  responses: { 200: { description: "Categories in display order", schema: z.array(ZForumCategory) } },
});
export const forumCategoriesOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/categories",
  summary: "Forum categories with their forums (same as GET /forums)",
  tag: TAG,
  auth: "optional",
  responses: { 200: { description: "Categories in display order", schema: z.array(ZForumCategory) } },
});
export const forumThreadsOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/threads/{id}",
  summary: `Threads of one forum, pinned first then latest post, ${THREADS_PAGE_SIZE} per page`,
  tag: TAG,
  auth: "optional",
  params: z.object({ id: zId({ description: "Forum id" }) }),
  query: ZPageQuery,
  description: "Hidden threads are left out, except for staff, who receive them marked hidden.",
  responses: { 200: { description: "A page of threads", schema: zPaged(ZThread).extend({ forum: ZForum }) }, ...errors, ...notFound("forum") },
});
export const latestThreadsOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/threads/latest",
  summary: "The newest threads across all forums",
  tag: TAG,
  auth: "none",
  query: ZLatestQuery,
  responses: { 200: { description: "Newest first", schema: z.array(ZThread) }, ...errors },
});
export const threadViewOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/thread/{id}",
  summary: `One thread with a page of its posts (${POSTS_PAGE_SIZE} per page)`,
  tag: TAG,
  auth: "optional",
  params: z.object({ id: zId({ description: "Thread id" }) }),
  query: ZThreadPageQuery,
  description: "Hidden posts are left out, except for staff, who receive them marked hidden with the reason.",
  responses: { 200: { description: "The thread", schema: ZThreadView }, ...errors, ...notFound("thread") },
});
export const createThreadOp = defineOperation({
  method: "POST",
  path: "/api/v1/forums/threads",
  summary: "Start a thread",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  body: ZCreateThreadInput,
  description:
    "The content is sanitised (allowlist) before it is stored. Forums marked staff_only take threads from staff only. A muted player is refused with 403 naming the mute and its end.",
  responses: {
    201: { description: "The new thread", schema: ZThread },
    ...errors,
    403: { description: "A staff-only forum, or the player is muted (the message names the mute and its end)", schema: ZErrorBody },
    ...notFound("forum"),
    429: { description: "Too many threads", schema: ZErrorBody },
  },
});
export const createPostOp = defineOperation({
  method: "POST",
  path: "/api/v1/forums/posts",
  summary: "Reply to a thread",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  body: ZCreatePostInput,
  description:
    "The content is sanitised before it is stored. A closed thread refuses replies with 409. A muted player is refused with 403 naming the mute and its end.",
  responses: {
    201: { description: "The new post", schema: ZPost },
    ...errors,
    403: { description: "The player is muted (the message names the mute and its end)", schema: ZErrorBody },
    ...notFound("thread"),
    409: { description: "The thread is closed", schema: ZErrorBody },
    429: { description: "Too many posts", schema: ZErrorBody },
  },
});
export const editPostOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/forums/posts/{id}",
  summary: "Edit a post",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  params: z.object({ id: zId({ description: "Post id" }) }),
  body: ZEditPostInput,
  description: `Authors may edit their own post for ${EDIT_WINDOW_MINUTES} minutes; staff may edit any post at any time and must give a reason for someone else's. The post is marked edited; staff edits are audited.`,
  responses: { 200: { description: "The post after the edit", schema: ZPost }, ...errors, ...forbidden, ...notFound("post") },
});
export const reportPostOp = defineOperation({
  method: "POST",
  path: "/api/v1/forums/posts/{id}/report",
  summary: "Report a post to staff",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  params: z.object({ id: zId({ description: "Post id" }) }),
  body: ZReportInput,
  description: "One report per player per post: reporting again updates the reason.",
  responses: { 201: { description: "Reported", schema: z.object({ id: z.number().int() }) }, ...errors, ...notFound("post") },
});
export const searchForumsOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/search",
  summary: `Full-text search over thread titles and posts, ${SEARCH_PAGE_SIZE} per page`,
  tag: TAG,
  auth: "optional",
  rateLimited: true,
  query: ZSearchQuery,
  description: "PostgreSQL full-text search (English stemming; quoted phrases, OR and -word work). Hidden posts and threads are never found.",
  responses: { 200: { description: "Best matches first", schema: zPaged(ZSearchHit) }, ...errors },
});
export const moderateThreadOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/forums/threads/{id}",
  summary: "Pin, close, hide, rename or move a thread (staff)",
  tag: TAG,
  auth: "moderator",
  params: z.object({ id: zId({ description: "Thread id" }) }),
  body: ZThreadPatch,
  description:
    "Every change is written to the audit log. Moving updates both forums' counters in the same transaction; hiding takes the thread and its posts out of the forum and author counters (unhiding puts them back).",
  responses: { 200: { description: "The thread after the change", schema: ZThread }, ...errors, ...notFound("thread") },
});
export const moderatePostOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/forums/posts/{id}",
  summary: "Hide a post with a reason, or show it again (staff)",
  tag: TAG,
  auth: "moderator",
  params: z.object({ id: zId({ description: "Post id" }) }),
  body: ZPostModeration,
  description: "Hidden posts vanish for players and leave the counters; staff still see them. Audited.",
  responses: { 200: { description: "The post after the change", schema: ZPost }, ...errors, ...notFound("post") },
});
export const listReportsOp = defineOperation({
  method: "GET",
  path: "/api/v1/staff/forums/reports",
  summary: `Reported posts, oldest open first, ${REPORTS_PAGE_SIZE} per page (staff)`,
  tag: TAG,
  auth: "moderator",
  query: ZReportsQuery,
  responses: { 200: { description: "A page of reports", schema: zPaged(ZReport) }, ...errors },
});
export const resolveReportOp = defineOperation({
  method: "PATCH",
  path: "/api/v1/staff/forums/reports/{id}",
  summary: "Resolve a report with an outcome (agreed, disagreed, ignored), or open it again (staff)",
  description:
    "The reporter is told the outcome (notification type report_outcome). `{ resolved: true }` still works: it resolves as agreed, with the action post_hidden when the post is hidden and none otherwise. An outcome for a report already resolved is a 409: open it again first.",
  tag: TAG,
  auth: "moderator",
  params: z.object({ id: zId({ description: "Report id" }) }),
  body: ZReportPatch,
  responses: {
    200: { description: "The report", schema: ZReport },
    ...errors,
    ...notFound("report"),
    409: { description: "Already resolved with an outcome", schema: ZErrorBody },
  },
});
export const forumImageOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/images/{id}",
  summary: "An outside image of a post or news article, through this server",
  tag: TAG,
  auth: "none",
  rateLimited: true,
  params: z.object({ id: zId({ description: "Image id, from the post's <img src>" }) }),
  description:
    "Stored bodies point their outside images here, so readers never contact the image's host. The server fetches the address the post was written with: public hosts only, at most 3 redirects, PNG/JPEG/GIF/WebP/AVIF up to 5 MB. The server keeps a copy for a week (and serves it while the host is down after that); browsers cache it for a day.",
  responses: {
    200: { description: "The image bytes with their type" },
    ...errors,
    404: { description: "Unknown image, or an address the proxy will not fetch", schema: ZErrorBody },
    415: { description: "The host did not answer with a supported image", schema: ZErrorBody },
    502: { description: "The host answered with an error or could not be reached", schema: ZErrorBody },
    504: { description: "The host took too long", schema: ZErrorBody },
  },
});

export const forumOperations = [
  forumsIndexOp,
  forumCategoriesOp,
  forumThreadsOp,
  latestThreadsOp,
  threadViewOp,
  createThreadOp,
  createPostOp,
  editPostOp,
  reportPostOp,
  searchForumsOp,
  moderateThreadOp,
  moderatePostOp,
  listReportsOp,
  resolveReportOp,
  forumImageOp,
];
