import { z } from "zod";
import { MAIL_KINDS, NOTIFICATION_CHANNELS, NOTIFICATION_TYPE_INFO, NOTIFICATION_TYPES, type NotificationType, WEEKLY_DIGEST } from "../notifications";
import { defineOperation, rawBody, ZErrorBody, ZPageQuery, zPaged } from "./api";
import { zId } from "./ids";

// The notification centre (docs/notifications.md): the bell's count and live stream, the list at
// /account/notifications, the preferences per type, and the one-click unsubscribe of the mails.

const TAG = "Notifications";

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const ZNotification = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  text: z.string().describe("The sentence to show, e.g. “Mordra and 3 others liked your post”"),
  link: z.string().describe("Site path the notification leads to"),
  actors: z.array(z.string()).describe("Names of the latest actors, newest first (at most three)"),
  count: z.number().int().describe("Events folded into this notification (grouping)"),
  created: z.string().describe("ISO 8601, the first event"),
  updated: z.string().describe("ISO 8601, the latest event"),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZUnread = z.object({ unread: z.number().int().describe("Unread notifications") });
export type TUnread = z.infer<typeof ZUnread>;

export const ZNotificationPage = zPaged(ZNotification).extend({ unread: z.number().int().describe("Unread notifications, over every page") });

export const listNotificationsOp = defineOperation({
  method: "GET",
  path: "/api/v1/account/notifications",
  summary: `Your notifications, latest first, ${NOTIFICATIONS_PAGE_SIZE} per page, with the unread count`,
  tag: TAG,
  auth: "user",
  query: ZPageQuery,
  responses: { 200: { description: "A page of notifications", schema: ZNotificationPage } },
});

export const notificationCountOp = defineOperation({
  method: "GET",
  path: "/api/v1/account/notifications/count",
  summary: "How many of your notifications are unread (the bell)",
  tag: TAG,
  auth: "user",
  responses: { 200: { description: "The unread count", schema: ZUnread } },
});

export const notificationStreamOp = defineOperation({
  method: "GET",
  path: "/api/v1/account/notifications/stream",
  summary: "The unread count, live (Server-Sent Events)",
  description:
    '`text/event-stream`: an `unread` event with `{"unread": n}` at once and after every change (a new notification, one read on another tab or device), and a comment line every 25 s to keep proxies from closing it. One stream per tab; when it drops, the site polls GET /api/v1/account/notifications/count every 60 s until it is back.',
  tag: TAG,
  auth: "user",
  responses: { 200: { description: "An endless event stream", contentType: "text/event-stream" } },
});

const notFound = { 404: { description: "No such notification of yours", schema: ZErrorBody } };
export const ZNotificationParams = z.object({ id: zId({ description: "Notification id" }) });

export const markNotificationReadOp = defineOperation({
  method: "POST",
  path: "/api/v1/account/notifications/{id}/read",
  summary: "Mark one notification read",
  description: "Reading one already read changes nothing. Answers the unread count left.",
  tag: TAG,
  auth: "user",
  params: ZNotificationParams,
  responses: { 200: { description: "The unread count left", schema: ZUnread }, ...notFound },
});

export const markAllNotificationsReadOp = defineOperation({
  method: "POST",
  path: "/api/v1/account/notifications/read-all",
  summary: "Mark every notification read",
  tag: TAG,
  auth: "user",
  responses: { 200: { description: "The unread count left (0)", schema: ZUnread } },
});

export const ZNotificationPreference = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  label: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS).describe("site: the bell; email: the bell, and a mail when still unread after a delay; off: nothing"),
  channels: z.array(z.enum(NOTIFICATION_CHANNELS)).describe("The channels this type offers"),
});
const DIGEST_DESCRIPTION =
  "The weekly digest mail: on (the default) or off. Sent only in a week you did not visit the site, and only when there is something to tell";
export const ZNotificationPreferences = z.object({
  results: z.array(ZNotificationPreference),
  [WEEKLY_DIGEST]: z.boolean().describe(DIGEST_DESCRIPTION),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

const CHANNEL_MESSAGE = "Must be site, email or off.";
export const ZPreferencesInput = z
  .object({
    ...(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, z.enum(NOTIFICATION_CHANNELS, { error: CHANNEL_MESSAGE }).optional()])) as Record<
      NotificationType,
      z.ZodOptional<z.ZodEnum<{ site: "site"; email: "email"; off: "off" }>>
    >),
    [WEEKLY_DIGEST]: z.boolean({ error: "Must be true or false." }).optional().describe(DIGEST_DESCRIPTION),
  })
  .strict()
  .superRefine((v, ctx) => {
    for (const type of NOTIFICATION_TYPES) {
      const channel = v[type];
      if (channel && !NOTIFICATION_TYPE_INFO[type].channels.includes(channel))
        ctx.addIssue({ code: "custom", path: [type], message: `Must be ${NOTIFICATION_TYPE_INFO[type].channels.join(" or ")} for this kind.` });
    }
  })
  .describe("Type → channel, for the types to change, and weekly_digest true or false; what is left out keeps its choice");
export type TPreferencesInput = z.infer<typeof ZPreferencesInput>;

export const getNotificationPreferencesOp = defineOperation({
  method: "GET",
  path: "/api/v1/account/notifications/preferences",
  summary: "Your channel for every notification type",
  tag: TAG,
  auth: "user",
  responses: { 200: { description: "One row per type", schema: ZNotificationPreferences } },
});

export const putNotificationPreferencesOp = defineOperation({
  method: "PUT",
  path: "/api/v1/account/notifications/preferences",
  summary: "Choose the channel of notification types",
  tag: TAG,
  auth: "user",
  body: ZPreferencesInput,
  responses: { 200: { description: "Every type's channel after the change", schema: ZNotificationPreferences } },
});

// ── one-click unsubscribe (RFC 8058) ──

export const UNSUBSCRIBE_TOKEN_PATTERN = "^[0-9]{1,10}\\.[a-z_]{1,32}\\.[A-Za-z0-9_-]{43}$";
const TOKEN_MESSAGE = "This unsubscribe link is not valid.";
export const ZUnsubscribeQuery = z.object({
  token: z
    .string({ error: TOKEN_MESSAGE })
    .max(100, TOKEN_MESSAGE)
    .regex(new RegExp(UNSUBSCRIBE_TOKEN_PATTERN), TOKEN_MESSAGE)
    .describe("The signed token of the mail's unsubscribe link"),
});

export const ZUnsubscribeState = z.object({
  type: z.enum(MAIL_KINDS).describe("The notification type whose mails the link stops, or weekly_digest"),
  label: z.string(),
  channel: z
    .enum(NOTIFICATION_CHANNELS)
    .describe("The channel now: site once unsubscribed from a type; for weekly_digest, email while it is sent and off once stopped"),
});
export type TUnsubscribeState = z.infer<typeof ZUnsubscribeState>;

const badToken = { 400: { description: "The link is not valid (altered, or its account is gone)", schema: ZErrorBody } };

export const unsubscribeInfoOp = defineOperation({
  method: "GET",
  path: "/api/v1/notifications/unsubscribe",
  summary: "What an unsubscribe link would stop (changes nothing)",
  tag: TAG,
  auth: "none",
  query: ZUnsubscribeQuery,
  responses: { 200: { description: "The type and its channel now", schema: ZUnsubscribeState }, ...badToken },
});

export const unsubscribeOp = defineOperation({
  method: "POST",
  path: "/api/v1/notifications/unsubscribe",
  summary: "Stop the mails of one notification type, or the weekly digest (one click)",
  description:
    "The address of a notification mail's `List-Unsubscribe` header, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`: mail providers POST `List-Unsubscribe=One-Click` as a form, without cookies, and the confirmation page at /notifications/unsubscribe posts the same. The token alone authorises it. The type's channel becomes site (still shown behind the bell), or the weekly digest stops; doing it twice changes nothing.",
  tag: TAG,
  auth: "none",
  query: ZUnsubscribeQuery,
  body: rawBody("application/x-www-form-urlencoded", "`List-Unsubscribe=One-Click` (anything else is accepted and ignored)"),
  responses: { 200: { description: "Unsubscribed", schema: ZUnsubscribeState }, ...badToken },
});

export const notificationOperations = [
  listNotificationsOp,
  notificationCountOp,
  notificationStreamOp,
  markNotificationReadOp,
  markAllNotificationsReadOp,
  getNotificationPreferencesOp,
  putNotificationPreferencesOp,
  unsubscribeInfoOp,
  unsubscribeOp,
];
