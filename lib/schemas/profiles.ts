import { z } from "zod";
import { USERNAME_MAX } from "../usernames";
import { defineOperation, ZErrorBody } from "./api";

// A player's public profile (docs/forums.md, "Profiles"): /users/{name} and its JSON twin.

export const PROFILE_RECENT_MAX = 5;
export const PROFILE_NOT_FOUND = "No such player.";

export const ZProfileParams = z.object({
  name: z.string().trim().min(1, PROFILE_NOT_FOUND).max(USERNAME_MAX, PROFILE_NOT_FOUND).describe("Username (case, spaces, - and _ ignored)"),
});

export const ZProfilePost = z.object({
  id: z.number().int(),
  thread: z.object({ id: z.number().int(), title: z.string() }),
  forum: z.object({ id: z.number().int(), name: z.string() }),
  page: z.number().int().describe("The thread page the post is on, for this reader"),
  excerpt: z.string().describe("The start of the post as plain text"),
  date: z.string().describe("ISO 8601"),
  hidden: z.boolean().describe("Hidden by staff: only staff ever receive hidden posts"),
});
export type TProfilePost = z.infer<typeof ZProfilePost>;

export const ZProfileThread = z.object({
  id: z.number().int(),
  title: z.string(),
  forum: z.object({ id: z.number().int(), name: z.string() }),
  post_count: z.number().int(),
  date: z.string().describe("ISO 8601: when the thread was started"),
  hidden: z.boolean().describe("Hidden by staff: only staff ever receive hidden threads"),
});
export type TProfileThread = z.infer<typeof ZProfileThread>;

export const ZProfile = z.object({
  name: z.string(),
  rank: z.string().describe("Display rank, as on the forum author panel: lowercased member rank for a donator PLAYER, else lowercased privilege"),
  is_staff: z.boolean(),
  donator_rank: z.string().nullable().describe("Lowercased member (donator) rank, or null: shown beside a staff rank too"),
  tier: z.string().describe("Post-count tier: bronze … twisted"),
  banned: z.boolean().describe("Banned now (the profile stays; the reason is for staff)"),
  join_date: z.string().describe("ISO 8601"),
  thread_count: z.number().int(),
  post_count: z.number().int(),
  recent_posts: z.array(ZProfilePost).describe(`The newest ${PROFILE_RECENT_MAX} posts this reader may read`),
  recent_threads: z.array(ZProfileThread).describe(`The newest ${PROFILE_RECENT_MAX} threads this reader may read`),
});
export type TProfile = z.infer<typeof ZProfile>;

export const profileOp = defineOperation({
  method: "GET",
  path: "/api/v1/users/{name}/profile",
  summary: "A player's public profile: rank, join date, counts, recent posts and threads",
  tag: "Forums",
  auth: "optional",
  params: ZProfileParams,
  description: "Posts and threads in forums the caller may not read are left out. Banned players keep their profile, marked banned.",
  responses: {
    200: { description: "The profile", schema: ZProfile },
    400: { description: "Field errors", schema: ZErrorBody },
    404: { description: "No such player", schema: ZErrorBody },
  },
});

export const profileOperations = [profileOp];
