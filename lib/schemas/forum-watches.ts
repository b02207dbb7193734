import { z } from "zod";
import { defineOperation, REQUIRED, ZErrorBody } from "./api";
import { zId } from "./ids";

// Watching levels (docs/forums.md, "Watching"): what a player hears of a thread or a whole forum.
// A thread's own level overrides its forum's; with neither, "normal".

export const WATCH_LEVELS = ["watching", "tracking", "normal", "muted"] as const;
export type WatchLevel = (typeof WATCH_LEVELS)[number];
export const WATCH_LEVEL_MESSAGE = `Must be one of ${WATCH_LEVELS.join(", ")}.`;

export const ZWatchLevel = z
  .enum(WATCH_LEVELS, { error: (issue) => (issue.input === undefined ? REQUIRED : WATCH_LEVEL_MESSAGE) })
  .describe(
    "watching: told of every new post; tracking: no notification, unread posts counted; normal: told only of replies to your thread, mentions and quotes; muted: nothing from it at all",
  );

export const ZWatchInput = z.object({ level: ZWatchLevel });
export type TWatchInput = z.infer<typeof ZWatchInput>;

export const ZWatchState = z.object({
  level: ZWatchLevel.describe("The level in force for the caller"),
  source: z
    .enum(["thread", "forum", "default"])
    .describe("Where the level comes from: the caller's own choice for this thread, their choice for its forum, or the default (normal)"),
});
export type TWatchState = z.infer<typeof ZWatchState>;

const TAG = "Forums";
const threadParams = z.object({ id: zId({ description: "Thread id" }) });
const forumParams = z.object({ id: zId({ description: "Forum id" }) });
const errors = { 400: { description: "Field errors (`level`)", schema: ZErrorBody } };
const noThread = { 404: { description: "No such thread (or one the caller may not read: hidden, or in a hidden forum or category)", schema: ZErrorBody } };
const noForum = { 404: { description: "No such forum (or one the caller may not read: hidden, or in a hidden category)", schema: ZErrorBody } };

export const threadWatchOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/thread/{id}/watch",
  summary: "The caller's watching level for a thread",
  tag: TAG,
  auth: "user",
  params: threadParams,
  description: "Thread pages are the same for every reader (and cached), so the browser asks this for the signed-in reader's level.",
  responses: { 200: { description: "The level in force", schema: ZWatchState }, ...errors, ...noThread },
});

export const setThreadWatchOp = defineOperation({
  method: "PUT",
  path: "/api/v1/forums/thread/{id}/watch",
  summary: "Set the caller's watching level for a thread",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  params: threadParams,
  body: ZWatchInput,
  description: "Overrides the caller's level for the thread's forum. Setting the level the thread already has changes nothing.",
  responses: {
    200: { description: "The level now in force", schema: ZWatchState },
    ...errors,
    ...noThread,
    429: { description: "Too many changes", schema: ZErrorBody },
  },
});

export const forumWatchOp = defineOperation({
  method: "GET",
  path: "/api/v1/forums/{id}/watch",
  summary: "The caller's watching level for a forum",
  tag: TAG,
  auth: "user",
  params: forumParams,
  responses: { 200: { description: "The level in force", schema: ZWatchState }, ...errors, ...noForum },
});

export const setForumWatchOp = defineOperation({
  method: "PUT",
  path: "/api/v1/forums/{id}/watch",
  summary: "Set the caller's watching level for a forum",
  tag: TAG,
  auth: "user",
  rateLimited: true,
  params: forumParams,
  body: ZWatchInput,
  description: "The default for every thread of the forum the caller has set no level of their own for.",
  responses: {
    200: { description: "The level now in force", schema: ZWatchState },
    ...errors,
    ...noForum,
    429: { description: "Too many changes", schema: ZErrorBody },
  },
});

export const forumWatchOperations = [threadWatchOp, setThreadWatchOp, forumWatchOp, setForumWatchOp];
