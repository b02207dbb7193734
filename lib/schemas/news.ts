import { z } from "zod";
import { isImageUrl } from "../image-url";
import { defineOperation, documentAs, documentWith, REQUIRED, zAmount, ZErrorBody } from "./api";
import { THREAD_TITLE_MAX, zContent } from "./forums";
import { zId } from "./ids";

// Contracts of news (docs/product.md §2 News, §3 News item, §7 /news/...). A news post is also a
// thread in a news forum: the article is the thread's opening post, 'Read More' opens the thread.

export const NEWS_LATEST_MAX = 20;
export const NEWS_PREVIEW_MAX = 300;
export const NEWS_IMAGE_MAX = 500;
/** docs/product.md §7: the image is a fixed placeholder when none is given. */
export const NEWS_PLACEHOLDER_IMAGE = "/images/news/default.svg";
export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"] as const;

/** docs/product.md §2 empty text, e.g. 'No archived news found for March 2026'. */
export const noArchivedNews = (month: number, year: number) => `No archived news found for ${MONTHS[month - 1]} ${year}`;
export const NEWS_NOT_FOUND = "Oops! News archive post not found!";
export const IMAGE_MESSAGE = "The image must be an http(s) address of a public host, or an image on this site (a path starting with /images/).";

/**
 * The document's pattern for it: a part of what isImageUrl accepts (this site's image paths, and
 * http(s) on a public-looking host name with a plain path and query), since a pattern cannot say
 * "what the URL parser reads" (tests/unit/openapi-rules.test.ts).
 */
const URL_CHARS = "A-Za-z0-9._~!$&'()*+,;=:@%";
export const IMAGE_URL_PATTERN =
  "^(?:/images(?:/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+|/api/v1/forums/images/[0-9]{1,10}" +
  `|https?://(?:[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\\.)+[A-Za-z]{2,3}(?::[0-9]{1,4})?(?:/[${URL_CHARS}/-]*)?(?:\\?[${URL_CHARS}/?-]*)?)$`;

/** An image URL: http(s) or a site path ("/images/…"); nothing else (no javascript:, data:). */
export const zImageUrl = () =>
  documentWith(
    z
      .string({ error: IMAGE_MESSAGE })
      .trim()
      .max(NEWS_IMAGE_MAX, `The image address is at most ${NEWS_IMAGE_MAX} characters.`)
      .refine(isImageUrl, IMAGE_MESSAGE),
    { pattern: IMAGE_URL_PATTERN },
  );

export const ZNewsItem = z.object({
  id: z.number().int(),
  slug: z.string().describe("The page is /news/{slug}/"),
  image: z.string(),
  thread: z.object({
    id: z.number().int(),
    title: z.string(),
    date: z.string().describe("ISO 8601: when it was published"),
    forum: z.object({ id: z.number().int(), name: z.string() }),
    preview: z.string().describe("Plain text"),
  }),
});
export type TNewsItem = z.infer<typeof ZNewsItem>;

export const ZNewsPost = ZNewsItem.extend({
  title: z.string(),
  content: z.string().describe("Sanitised HTML"),
  author: z.string(),
});
export type TNewsPost = z.infer<typeof ZNewsPost>;

export const ZCreateNewsInput = z.object({
  title: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(THREAD_TITLE_MAX, `The title is at most ${THREAD_TITLE_MAX} characters.`),
  content: zContent(),
  image: z
    .union([zImageUrl(), z.literal(""), z.null()])
    .optional()
    .transform((v) => v || undefined)
    .describe(`Image URL (http(s) or a site path); empty uses the placeholder ${NEWS_PLACEHOLDER_IMAGE}`),
  preview: z
    .string()
    .trim()
    .max(NEWS_PREVIEW_MAX, `The preview is at most ${NEWS_PREVIEW_MAX} characters.`)
    .optional()
    .describe("Plain-text preview; by default the start of the content"),
});

const zYear = documentAs(
  z
    .string()
    .regex(/^\d{4}$/, "Year must be a four-digit year.")
    .transform(Number)
    .refine((y) => y >= 2000 && y <= 2100, "Year must be between 2000 and 2100."),
  { type: "integer", minimum: 2000, maximum: 2100 },
);
const zMonth = documentAs(
  z
    .string()
    .regex(/^\d{1,2}$/, "Month must be 1 to 12.")
    .transform(Number)
    .refine((m) => m >= 1 && m <= 12, "Month must be 1 to 12."),
  { type: "integer", minimum: 1, maximum: 12 },
);
export const ZArchiveQuery = z.object({
  year: zYear.optional().describe("Default: the current year (UTC)"),
  month: zMonth.optional().describe("1–12; default: the current month (UTC)"),
});
export const ZNewsLatestQuery = z.object({ amount: zAmount(NEWS_LATEST_MAX, 3) });

// ── operations ──
const TAG = "News";
const errors = { 400: { description: "Field errors", schema: ZErrorBody } };

export const latestNewsOp = defineOperation({
  method: "GET",
  path: "/api/v1/news/latest",
  summary: "The newest news posts",
  tag: TAG,
  auth: "none",
  query: ZNewsLatestQuery,
  responses: { 200: { description: "Newest first", schema: z.array(ZNewsItem) }, ...errors },
});
export const newsArchiveOp = defineOperation({
  method: "GET",
  path: "/api/v1/news",
  summary: "News of one month (the archive)",
  tag: TAG,
  auth: "none",
  query: ZArchiveQuery,
  responses: { 200: { description: "Newest first", schema: z.array(ZNewsItem) }, ...errors },
});
export const newsYearsOp = defineOperation({
  method: "GET",
  path: "/api/v1/news/years",
  summary: "Every year that has news, newest first (the archive's year buttons)",
  tag: TAG,
  auth: "none",
  responses: { 200: { description: "Years", schema: z.array(z.number().int()) } },
});
export const getNewsOp = defineOperation({
  method: "GET",
  path: "/api/v1/news/{id}",
  summary: "One news post with its content",
  tag: TAG,
  auth: "none",
  params: z.object({ id: zId({ description: "News post id" }) }),
  responses: { 200: { description: "The post", schema: ZNewsPost }, ...errors, 404: { description: NEWS_NOT_FOUND, schema: ZErrorBody } },
});
export const createNewsOp = defineOperation({
  method: "POST",
  path: "/api/v1/news",
  summary: "Publish a news post (staff)",
  tag: TAG,
  auth: "moderator",
  rateLimited: true,
  body: ZCreateNewsInput,
  description:
    "Staff only, enforced here (the product contract gated it only in the browser). Creates the thread in the news forum and the news post in one transaction; the content is sanitised first. Audited.",
  responses: { 201: { description: "The news post", schema: ZNewsPost }, ...errors, 403: { description: "Not staff", schema: ZErrorBody } },
});

export const newsOperations = [latestNewsOp, newsArchiveOp, newsYearsOp, getNewsOp, createNewsOp];
