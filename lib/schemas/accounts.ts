import { z } from "zod";
import { usernameProblem } from "../usernames";
import { defineOperation, documentAs, REQUIRED, ZErrorBody, ZLegacyErrorBody, zRequired } from "./api";
import { zId } from "./ids";
import { passwordProblems } from "./passwords";
import { EMAIL_INVALID, EMAIL_MAX, EMAIL_TOO_LONG, PASSWORDS_DIFFER } from "../registration-rules";
export {
  CONFIRMATION_NOTICE,
  EMAIL_UNCONFIRMED,
  CONFIRMATION_RESENT,
  TWO_FACTOR_REQUIRED,
  PASSWORD_CHANGED,
  RESET_REQUESTED,
  RESET_DONE,
} from "../messages/accounts";

// Contracts of the accounts API (docs/product.md §3, §7): shared by the forms and the route handlers.

/** Required, ignoring surrounding spaces. */
const requiredTrimmed = () => z.string({ error: REQUIRED }).trim().min(1, REQUIRED);

export const ZUsername = z
  .string({ error: REQUIRED })
  .superRefine((v, ctx) => {
    const problem = usernameProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .describe("Game username: 1–12 letters, numbers, spaces, - or _ (not first or last); unique ignoring case, spaces, - and _");

export const ZEmail = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(EMAIL_MAX, EMAIL_TOO_LONG).pipe(z.email(EMAIL_INVALID));

export const ZNewPassword = z.string({ error: REQUIRED }).superRefine((v, ctx) => {
  if (!v) return ctx.addIssue({ code: "custom", message: REQUIRED });
  for (const message of passwordProblems(v)) ctx.addIssue({ code: "custom", message });
});

// ── registration ──
export const ZRegisterInput = z
  .object({
    username: ZUsername,
    email: ZEmail,
    password: ZNewPassword,
    password_confirmation: zRequired(),
    captchaToken: z.string({ error: REQUIRED }).max(20_000).describe("Human-verification token (ALTCHA payload, Turnstile or hCaptcha response)"),
  })
  .superRefine((v, ctx) => {
    if (v.password_confirmation && v.password !== v.password_confirmation)
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: PASSWORDS_DIFFER });
  });
export type TRegisterInput = z.infer<typeof ZRegisterInput>;

export const ZUserDto = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  privilege: z.enum(["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"]),
  memberRank: z.enum(["NONE", "PREMIUM", "EXPANSION", "EXTREME", "RESPECTED", "LEGENDARY", "MYTHICAL", "UBER"]),
  rank: z.string().describe("Display rank (docs/product.md §3)"),
  joinDate: z.string().describe("ISO 8601"),
  totalVotes: z.number().int(),
  totalSpent: z.number().describe("US dollars"),
  storeCredits: z.number().int(),
  is_staff: z.boolean(),
  thread_count: z.number().int(),
  post_count: z.number().int(),
  join_date: z.string(),
  two_factor: z.boolean(),
  store_session: z.boolean().describe("True when this sign-in came from the game's ::store link: it reaches only the store"),
});
export type TUserDto = z.infer<typeof ZUserDto>;

export const registerOp = defineOperation({
  method: "POST",
  path: "/api/v1/users",
  summary: "Create an account",
  tag: "Accounts",
  auth: "none",
  rateLimited: true,
  body: ZRegisterInput,
  responses: {
    201: { description: "Created and active", schema: ZUserDto },
    200: {
      description:
        "Created; awaiting email confirmation. Also the answer, with nothing created, for an email that already has an account (the owner is emailed)",
      schema: z.object({ details: z.string() }),
    },
    400: { description: "Field errors", schema: ZErrorBody },
    403: { description: "Registrations from the caller's address are refused (an address ban)", schema: ZErrorBody },
    429: { description: "Rate limited", schema: ZErrorBody },
  },
});

export const ZConfirmQuery = z.object({ uid: zId({ description: "Account id from the emailed link" }), token: z.string().max(200).default("") });
export const confirmEmailOp = defineOperation({
  method: "GET",
  path: "/api/v1/users/confirm",
  summary: "Follow the emailed confirmation link: redirects to /welcome or /registration-failed",
  tag: "Accounts",
  auth: "none",
  rateLimited: true,
  query: ZConfirmQuery,
  responses: { 303: { description: "Redirect" } },
});

export const ZResendConfirmationInput = z.object({ username: requiredTrimmed().max(64), email: ZEmail });
export const resendConfirmationOp = defineOperation({
  method: "POST",
  path: "/api/v1/users/confirm/resend",
  summary: "Email a new confirmation link (same answer whether or not the account exists)",
  tag: "Accounts",
  auth: "none",
  rateLimited: true,
  body: ZResendConfirmationInput,
  responses: { 200: { description: "Accepted", schema: z.object({ details: z.string() }) }, 429: { description: "Rate limited", schema: ZErrorBody } },
});

export const captchaChallengeOp = defineOperation({
  method: "GET",
  path: "/api/v1/captcha/challenge",
  summary: "A proof-of-work challenge for the registration form (ALTCHA)",
  tag: "Accounts",
  auth: "none",
  rateLimited: true,
  responses: { 200: { description: "ALTCHA challenge" } },
});

// ── login / tokens ──
export const ZLoginInput = z.object({
  username: requiredTrimmed().max(64),
  password: zRequired().max(256),
  code: z.string().trim().max(32).optional().describe("6-digit authenticator code or a recovery code, when two-factor is active"),
});

export const ZTokenPair = z.object({ access: z.string(), refresh: z.string() });

export const loginOp = defineOperation({
  method: "POST",
  path: "/api/v1/login",
  summary: "Website login: sets the session cookie. With two-factor active and no code, answers two_factor_required.",
  tag: "Accounts",
  auth: "none",
  rateLimited: true,
  body: ZLoginInput,
  responses: {
    200: { description: "Logged in, or a second step is needed", schema: z.object({ user: ZUserDto.optional(), two_factor_required: z.boolean() }) },
    400: { description: "Wrong credentials or code", schema: ZErrorBody },
    403: { description: "Banned or unconfirmed, or logins from the caller's address are refused (an address ban)", schema: ZErrorBody },
    429: { description: "Rate limited", schema: ZErrorBody },
  },
});

export const tokenOp = defineOperation({
  method: "POST",
  path: "/api/v1/token",
  summary: "API login: access JWT (15 min) and rotating refresh token",
  tag: "Accounts",
  auth: "none",
  rateLimited: true,
  body: ZLoginInput,
  responses: {
    200: { description: "Token pair", schema: ZTokenPair },
    400: { description: "Wrong credentials", schema: ZErrorBody },
    403: { description: "Banned or unconfirmed, or logins from the caller's address are refused (an address ban)", schema: ZErrorBody },
    429: { description: "Rate limited", schema: ZErrorBody },
  },
});

/**
 * A deliberate departure from docs/product.md, whose client keeps the first refresh token and sends it
 * again and again: that client is logged out on its second refresh here.
 */
export const REFRESH_ROTATION_NOTE =
  "Deliberate departure from the product contract: every refresh answers a NEW refresh token and retires the one sent. " +
  "Store the new one and use it next time. Sending a retired refresh token again is treated as theft: the whole login " +
  "(every refresh and access token of it) is revoked and the user must log in again. A client written to the product contract, which " +
  "keeps reusing its first refresh token, is therefore logged out on its second refresh. We accept that because a " +
  "refresh token that never changes can be replayed by whoever copies it for as long as it lives, and the owner would " +
  "never notice; with rotation, a stolen token works at most until either party uses it again, and the reuse ends the login.";

const REFRESH_TOKEN_DOC = { type: "string", minLength: 1, maxLength: 200 };
/** `refresh` (the interceptor of docs/product.md §7) or `refreshToken` (its wrapper method): one is required. */
export const ZRefreshInput = documentAs(
  z
    .object({ refresh: z.string().max(200).optional(), refreshToken: z.string().max(200).optional() })
    .refine((v) => v.refresh || v.refreshToken, { message: REQUIRED, path: ["refresh"] }),
  {
    type: "object",
    properties: {
      refresh: { ...REFRESH_TOKEN_DOC, description: "The refresh token (the product contract's interceptor)" },
      refreshToken: { ...REFRESH_TOKEN_DOC, description: "The same, as the product contract's wrapper sends it" },
    },
    anyOf: [{ required: ["refresh"] }, { required: ["refreshToken"] }],
  },
);
export const refreshOp = defineOperation({
  method: "POST",
  path: "/api/v1/token/refresh",
  summary: "Rotate the refresh token; a reused token revokes its whole family",
  description: REFRESH_ROTATION_NOTE,
  tag: "Accounts",
  auth: "none",
  rateLimited: true,
  body: ZRefreshInput,
  responses: {
    200: { description: "New token pair", schema: ZTokenPair },
    401: { description: "Invalid, expired or reused", schema: ZErrorBody },
    403: { description: "The account is banned: `details` gives the reason (and the end of a temporary ban)", schema: ZErrorBody },
  },
});

export const logoutOp = defineOperation({
  method: "POST",
  path: "/api/v1/logout",
  summary: "End the current session (cookie) or token family (bearer)",
  tag: "Accounts",
  auth: "optional",
  responses: { 200: { description: "Logged out", schema: z.object({ success: z.boolean() }) } },
});

export const userOp = defineOperation({
  method: "GET",
  path: "/api/v1/user",
  summary: "The current user's profile",
  tag: "Accounts",
  auth: "user",
  storeSession: true,
  responses: { 200: { description: "Profile", schema: ZUserDto } },
});

// ── sessions ──
export const ZSessionDto = z.object({
  id: z.number().int(),
  kind: z.enum(["browser", "api"]),
  device: z.string(),
  ip: z.string().nullable(),
  created: z.string(),
  last_seen: z.string(),
  current: z.boolean(),
});
export type TSessionDto = z.infer<typeof ZSessionDto>;
export const listSessionsOp = defineOperation({
  method: "GET",
  path: "/api/v1/sessions",
  summary: "Your active sessions and API logins",
  tag: "Accounts",
  auth: "user",
  responses: { 200: { description: "Sessions", schema: z.object({ results: z.array(ZSessionDto) }) } },
});
export const ZEndSessionParams = z.object({ kind: z.enum(["browser", "api"]), id: zId({ description: "Session id from GET /api/v1/sessions" }) });
export const endSessionOp = defineOperation({
  method: "DELETE",
  path: "/api/v1/sessions/{kind}/{id}",
  summary: "End one of your sessions",
  tag: "Accounts",
  auth: "user",
  params: ZEndSessionParams,
  responses: {
    200: { description: "Ended", schema: z.object({ success: z.boolean() }) },
    404: { description: "No such session of yours", schema: ZErrorBody },
  },
});
export const endAllSessionsOp = defineOperation({
  method: "DELETE",
  path: "/api/v1/sessions",
  summary: "End every session except the current one",
  tag: "Accounts",
  auth: "user",
  responses: { 200: { description: "Ended", schema: z.object({ ended: z.number().int() }) } },
});

// ── passwords ──
export const ZChangePasswordInput = z
  .object({
    password: zRequired().max(256),
    newPassword: ZNewPassword,
    newPasswordConfirmation: zRequired(),
  })
  .superRefine((v, ctx) => {
    if (v.newPasswordConfirmation && v.newPassword !== v.newPasswordConfirmation)
      ctx.addIssue({ code: "custom", path: ["newPasswordConfirmation"], message: "Passwords do not match." });
  });
export type TChangePasswordInput = z.infer<typeof ZChangePasswordInput>;
export const changePasswordOp = defineOperation({
  method: "POST",
  path: "/api/v1/change-password",
  summary: "Change your password (current password required)",
  tag: "Accounts",
  auth: "user",
  rateLimited: true,
  body: ZChangePasswordInput,
  responses: {
    200: { description: "Changed", schema: z.object({ success: z.string() }) },
    400: { description: "Wrong password or invalid new one", schema: ZErrorBody },
  },
});
export const sendResetLinkOp = defineOperation({
  method: "POST",
  path: "/api/v1/change-password/email",
  summary: "Email yourself a password reset link",
  tag: "Accounts",
  auth: "user",
  rateLimited: true,
  responses: { 200: { description: "Sent", schema: z.object({ success: z.string() }) }, 429: { description: "Rate limited", schema: ZErrorBody } },
});

export const ZRequestResetInput = z.object({ username: requiredTrimmed().max(64), email: ZEmail });
export type TRequestResetInput = z.infer<typeof ZRequestResetInput>;
export const requestResetOp = defineOperation({
  method: "POST",
  path: "/api/v1/request-password-reset",
  summary: "Email a reset link (same answer whether or not the account exists)",
  tag: "Accounts",
  auth: "none",
  rateLimited: true,
  body: ZRequestResetInput,
  responses: { 200: { description: "Accepted", schema: z.object({ details: z.string() }) }, 429: { description: "Rate limited", schema: ZErrorBody } },
});

export const ZResetPasswordInput = z
  .object({
    uid: zId({ message: "Invalid reset link.", description: "Account id from the emailed link" }),
    token: z.string({ error: REQUIRED }).min(1, "Invalid reset link.").max(200),
    password: ZNewPassword,
    passwordConfirmation: zRequired(),
  })
  .superRefine((v, ctx) => {
    if (v.passwordConfirmation && v.password !== v.passwordConfirmation)
      ctx.addIssue({ code: "custom", path: ["password_confirmation"], message: PASSWORDS_DIFFER });
  });
export const resetPasswordOp = defineOperation({
  method: "POST",
  path: "/api/v1/reset-password",
  summary: "Set a new password with the emailed single-use token",
  tag: "Accounts",
  auth: "none",
  rateLimited: true,
  body: ZResetPasswordInput,
  responses: {
    201: { description: "Reset", schema: z.object({ details: z.string() }) },
    400: { description: "Invalid or expired link, or invalid password", schema: ZErrorBody },
    429: { description: "Rate limited", schema: ZErrorBody },
  },
});

// ── two-factor ──
export const ZTwoFactorStatus = z.object({
  activated: z.boolean(),
  secret: z.string().optional().describe("Base32 secret, only while not activated"),
  otpauth_url: z.string().optional(),
  qr_code: z.string().optional().describe("PNG data URL of the otpauth URI"),
  recovery_codes_left: z.number().int().optional(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;
export const ZCodeInput = z.object({ code: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(32) });
export const twoFactorStatusOp = defineOperation({
  method: "GET",
  path: "/api/v1/2fa/status",
  summary: "Two-factor status; while inactive, the pending secret and its QR code",
  tag: "Two-factor",
  auth: "user",
  responses: { 200: { description: "Status", schema: ZTwoFactorStatus } },
});
export const twoFactorActivateOp = defineOperation({
  method: "POST",
  path: "/api/v1/2fa/activate",
  legacyErrorKey: true,
  summary: "Activate with a current code; answers ten single-use recovery codes, shown once",
  tag: "Two-factor",
  auth: "user",
  rateLimited: true,
  body: ZCodeInput,
  responses: {
    200: { description: "Activated", schema: z.object({ success: z.boolean(), recovery_codes: z.array(z.string()) }) },
    400: { description: "Wrong code, or invalid input", schema: ZLegacyErrorBody },
  },
});
export const twoFactorDeactivateOp = defineOperation({
  method: "POST",
  path: "/api/v1/2fa/deactivate",
  legacyErrorKey: true,
  summary: "Deactivate with a current code",
  tag: "Two-factor",
  auth: "user",
  rateLimited: true,
  body: ZCodeInput,
  responses: {
    200: { description: "Deactivated", schema: z.object({ success: z.boolean() }) },
    400: { description: "Wrong code, or invalid input", schema: ZLegacyErrorBody },
  },
});

export const accountOperations = [
  registerOp,
  confirmEmailOp,
  resendConfirmationOp,
  captchaChallengeOp,
  loginOp,
  tokenOp,
  refreshOp,
  logoutOp,
  userOp,
  listSessionsOp,
  endSessionOp,
  endAllSessionsOp,
  changePasswordOp,
  sendResetLinkOp,
  requestResetOp,
  resetPasswordOp,
  twoFactorStatusOp,
  twoFactorActivateOp,
  twoFactorDeactivateOp,
];
