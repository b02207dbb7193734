import { z } from "zod";
import { defineOperation, ZErrorBody, ZPageQuery, zPaged } from "./api";
import { zId } from "./ids";

// Likes on forum posts (docs/forums.md, "Likes"): one per player per post, never on one's own
// post. Liking twice changes nothing; unliking what was never liked changes nothing either.

export const OWN_POST_LIKE_MESSAGE = "You cannot like your own post.";
export const LIKERS_PAGE_SIZE = 50;

export const ZLikeState = z.object({
  post_id: z.number().int(),
  like_count: z.number().int().describe("Likes on the post after this call"),
  liked: z.boolean().describe("Whether the caller likes the post now"),
});
export type TLikeState = z.infer<typeof ZLikeState>;

export const ZLiker = z.object({
  name: z.string(),
  date: z.string().describe("ISO 8601: when they liked the post"),
});
export type TLiker = z.infer<typeof ZLiker>;

export const ZThreadLikes = z.object({
  post_ids: z.array(z.number().int()).describe("The posts of this thread the caller likes"),
});
export type TThreadLikes = z.infer<typeof ZThreadLikes>;

const TAG = "Forums";
const postParams = z.object({ id: zId({ description: "Post id" }) });
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };
const noPost = { 404: { description: "No such post (or one the caller may not read)", schema: ZErrorBody } };

export const likePostOp = defineOperation({
  method: "PUT",
  path: "/api/v1/forums/posts/{id}/like",
  summary: "Like a post",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  params: postParams,
  description: "One like per player per post: liking again changes nothing and answers the same. Players cannot like their own posts (403).",
  responses: {
    200: { description: "The post's likes after the call", schema: ZLikeState },
    ...errors,
    403: { description: "Your own post", schema: ZErrorBody },
    ...noPost,
    429: { description: "Too many likes", schema: ZErrorBody },
  },
});

export const unlikePostOp = defineOperation({
  method: "DELETE",
  path: "/api/v1/forums/posts/{id}/like",
  summary: "Take back a like",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  params: postParams,
  description: "Removes the caller's like; a post the caller does not like is left as it is.",
  responses: {
    200: { description: "The post's likes after the call", schema: ZLikeState },
    ...errors,
    ...noPost,
    429: { description: "Too many likes", schema: ZErrorBody },
  },
});

export const postLikersOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/posts/{id}/likes",
  summary: `Who liked a post, newest first, ${LIKERS_PAGE_SIZE} per page`,
  tag: TAG,
  auth: "optional",
  params: postParams,
  query: ZPageQuery,
  responses: { 200: { description: "A page of likers", schema: zPaged(ZLiker).extend({ count: z.number().int() }) }, ...errors, ...noPost },
});

export const threadLikesOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/thread/{id}/likes",
  summary: "The posts of a thread the caller likes",
  tag: TAG,
  auth: "user",
  params: z.object({ id: zId({ description: "Thread id" }) }),
  description: "Thread pages are the same for every reader (and cached), so the browser asks this to show which posts the signed-in reader likes.",
  responses: {
    200: { description: "Post ids", schema: ZThreadLikes },
    ...errors,
    404: { description: "No such thread (or one the caller may not read)", schema: ZErrorBody },
  },
});

export const forumLikeOperations = [likePostOp, unlikePostOp, postLikersOp, threadLikesOp];
