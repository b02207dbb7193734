import { z } from "zod";
import { defineOperation, REQUIRED, ZErrorBody, zRequired } from "./api";
import { zId } from "./ids";
import { ZEmail } from "./accounts";

// The player's own account controls (docs/accounts.md, "Account controls"): change of email
// address, export of one's data, deletion of the account, and the mailed link that ends a session.

const ZCurrentPassword = zRequired().max(256).describe("Your current password");
const ZOptionalCode = z.string().trim().max(32).optional().describe("With two-factor on: a 6-digit authenticator code or a recovery code");

export const ZChangeEmailInput = z.object({ email: ZEmail.describe("The new address"), password: ZCurrentPassword, code: ZOptionalCode });
export type TChangeEmailInput = z.infer<typeof ZChangeEmailInput>;
export const changeEmailOp = defineOperation({
  method: "POST",
  path: "/api/v1/account/email",
  summary: "Ask to move your account to a new email address: a single-use link (24 hours) goes to the new address, a notice to the current one",
  tag: "Account controls",
  auth: "user",
  rateLimited: true,
  body: ZChangeEmailInput,
  responses: {
    200: { description: "Link sent to the new address; nothing has changed yet", schema: z.object({ details: z.string() }) },
    400: { description: "Wrong password or code, the same address, or an address that cannot be used", schema: ZErrorBody },
    429: { description: "Rate limited", schema: ZErrorBody },
  },
});

export const ZConfirmEmailChangeInput = z.object({
  uid: zId({ message: "Invalid or expired link.", description: "Account id from the emailed link" }),
  token: z.string({ error: REQUIRED }).min(1, "Invalid or expired link.").max(200),
});
export const confirmEmailChangeOp = defineOperation({
  method: "POST",
  path: "/api/v1/account/email/confirm",
  summary: "Follow the link mailed to the new address: the account's address changes (the link works once)",
  tag: "Account controls",
  auth: "none",
  rateLimited: true,
  body: ZConfirmEmailChangeInput,
  responses: {
    200: { description: "Changed", schema: z.object({ details: z.string(), email: z.string() }) },
    400: { description: "Invalid, used or expired link", schema: ZErrorBody },
    409: { description: "Another account took the address meanwhile", schema: ZErrorBody },
    429: { description: "Rate limited", schema: ZErrorBody },
  },
});

const ZRows = z.array(z.record(z.string(), z.unknown()));
export const ZAccountExport = z.object({
  exported_at: z.string(),
  account: z.record(z.string(), z.unknown()).describe("The account's fields, without any password hash, two-factor secret or token"),
  devices: ZRows,
  sessions: ZRows,
  api_logins: ZRows,
  credit_purchases: ZRows,
  store_orders: ZRows.describe("Store orders you paid for; gift_to names the recipient of a gift"),
  gifts_received: ZRows.describe("Store items other players bought for you (no amounts: the giver paid)"),
  ledger: ZRows,
  votes: ZRows,
  tickets: ZRows,
  forum_threads: ZRows,
  forum_posts: ZRows,
});
export type TAccountExport = z.infer<typeof ZAccountExport>;
export const exportAccountOp = defineOperation({
  method: "GET",
  path: "/api/v1/account/export",
  summary: "Download your own data as JSON (no password hash, two-factor secret or token)",
  tag: "Account controls",
  auth: "user",
  responses: { 200: { description: "The export, as an attachment", schema: ZAccountExport } },
});

export const ZDeleteAccountInput = z.object({
  password: ZCurrentPassword,
  code: ZOptionalCode,
  confirm: z.literal(true, { error: "Tick the box to confirm that you want to delete your account." }).describe("Must be true"),
});
export const deleteAccountOp = defineOperation({
  method: "POST",
  path: "/api/v1/account/delete",
  summary: "Delete your account: personal data erased, posts kept under an anonymous name, payment records kept; signs out everywhere",
  tag: "Account controls",
  auth: "user",
  rateLimited: true,
  body: ZDeleteAccountInput,
  responses: {
    200: { description: "Deleted; the session cookie is cleared", schema: z.object({ details: z.string() }) },
    400: { description: "Wrong password or code", schema: ZErrorBody },
    429: { description: "Rate limited", schema: ZErrorBody },
  },
});

export const ZEndSessionLinkInput = z.object({ token: z.string({ error: REQUIRED }).min(1, "Invalid or expired link.").max(200) });
export const endSessionByLinkOp = defineOperation({
  method: "POST",
  path: "/api/v1/account/end-session",
  summary: "End the session named by the signed link of a new-device mail (no sign-in needed; the link works 24 hours)",
  tag: "Account controls",
  auth: "none",
  rateLimited: true,
  body: ZEndSessionLinkInput,
  responses: {
    200: { description: "Ended (or already over)", schema: z.object({ details: z.string() }) },
    400: { description: "Invalid or expired link", schema: ZErrorBody },
    429: { description: "Rate limited", schema: ZErrorBody },
  },
});

export const accountControlOperations = [changeEmailOp, confirmEmailChangeOp, exportAccountOp, deleteAccountOp, endSessionByLinkOp];
