import { z } from "zod";
import { defineOperation, REQUIRED, ZErrorBody } from "./api";
import { ID_MESSAGE, MAX_ID, zId } from "./ids";

// Forum read state and unread markers (docs/forums.md, "Unread and new"). Forum pages are the same
// for every reader (and cached), so the browser records what a player read and asks for the
// player's markers through these operations.

export const POST_NOT_IN_THREAD_MESSAGE = "That post is not in this thread.";
/** Thread ids one marker request may name: a forum page (20 threads) or a search page (20 hits). */
export const UNREAD_THREAD_IDS_MAX = 50;
const THREAD_IDS_MESSAGE = `A comma-separated list of 1 to ${UNREAD_THREAD_IDS_MAX} thread ids.`;

export const ZReadInput = z.object({
  post_id: zId({ description: "The last post of the thread the player has seen (the last post on the page shown)" }),
});
export const ZReadState = z.object({
  last_read_post_id: z.number().int().describe("The player's read point in the thread after the call: never earlier than before it"),
});
export type TReadState = z.infer<typeof ZReadState>;

export const ZMarkReadInput = z.object({
  forum_id: zId({ description: "Mark only this forum read; leave out to mark every forum read" }).optional(),
});
export const ZMarkRead = z.object({
  forum_id: z.number().int().nullable().describe("The forum marked read, or null for every forum"),
});
export type TMarkRead = z.infer<typeof ZMarkRead>;

export const ZUnreadForum = z.object({
  forum_id: z.number().int(),
  new_threads: z.number().int().describe("Threads started since the player's read point that they never opened"),
  unread_threads: z.number().int().describe("Other threads with posts the player has not read"),
});
export const ZUnreadForums = z.object({
  forums: z.array(ZUnreadForum).describe("Only forums with something new or unread"),
});
export type TUnreadForums = z.infer<typeof ZUnreadForums>;

export const ZUnreadThread = z.object({
  thread_id: z.number().int(),
  state: z.enum(["new", "unread"]).describe("new: never opened, started since the player's read point; unread: posts since they last read it"),
  unread_count: z.number().int().describe("Unread posts, counted up to 100"),
  unread_count_capped: z.boolean().describe("True when there are 100 or more (show 100+)"),
  first_unread: z.object({
    post_id: z.number().int(),
    page: z.number().int().describe("The page of the thread it is on"),
    link: z.string().describe("The thread's page and the post's anchor"),
  }),
});
export type TUnreadThread = z.infer<typeof ZUnreadThread>;
export const ZUnreadThreads = z.object({
  threads: z.array(ZUnreadThread).describe("Only the named threads with something new or unread; the others are read (or not visible)"),
});
export type TUnreadThreads = z.infer<typeof ZUnreadThreads>;

/** `?thread_ids=1,2,3`: distinct, each a valid id, at most UNREAD_THREAD_IDS_MAX. */
export const ZUnreadThreadsQuery = z.object({
  thread_ids: z
    .string({ error: REQUIRED })
    .transform((v, ctx) => {
      const parts = v.split(",");
      const ids = parts.map((p) => (/^\d{1,10}$/.test(p) ? Number(p) : NaN));
      if (parts.length > UNREAD_THREAD_IDS_MAX || ids.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_ID)) {
        ctx.addIssue({ code: "custom", message: ids.some((n) => n > MAX_ID) ? ID_MESSAGE : THREAD_IDS_MESSAGE });
        return z.NEVER;
      }
      return [...new Set(ids)];
    })
    .describe(THREAD_IDS_MESSAGE),
});

const TAG = "Forums";
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };

export const markThreadReadOp = defineOperation({
  method: "PUT",
  path: "/api/v1/forums/thread/{id}/read",
  summary: "Record the last post of a thread the player has seen",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  params: z.object({ id: zId({ description: "Thread id" }) }),
  body: ZReadInput,
  description:
    "The thread page calls this with the last post it shows. The read point only moves forward: an earlier post (an older page opened again, or calls arriving out of order) leaves it where it is.",
  responses: {
    200: { description: "The read point after the call", schema: ZReadState },
    ...errors,
    404: { description: "No such thread (or one the caller may not read)", schema: ZErrorBody },
    429: { description: "Too many calls", schema: ZErrorBody },
  },
});

export const markForumsReadOp = defineOperation({
  method: "POST",
  path: "/api/v1/forums/read",
  summary: "Mark every forum read, or one forum",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  body: ZMarkReadInput,
  description: "Every post written until now counts as read for the player (in one forum when `forum_id` is given). New posts after it are unread again.",
  responses: {
    200: { description: "What was marked", schema: ZMarkRead },
    ...errors,
    404: { description: "No such forum (or one the caller may not read)", schema: ZErrorBody },
    429: { description: "Too many calls", schema: ZErrorBody },
  },
});

export const unreadForumsOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/unread",
  summary: "The forums with new or unread threads for the player (the forum index's markers)",
  tag: TAG,
  auth: "user",
  responses: { 200: { description: "Per forum, how many threads are new and unread", schema: ZUnreadForums }, ...errors },
});

export const unreadThreadsOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/unread/threads",
  summary: "The player's new and unread markers for the named threads (a forum page's or search page's rows)",
  tag: TAG,
  auth: "user",
  query: ZUnreadThreadsQuery,
  responses: { 200: { description: "The threads with something new or unread", schema: ZUnreadThreads }, ...errors },
});

export const forumReadOperations = [markThreadReadOp, markForumsReadOp, unreadForumsOp, unreadThreadsOp];
