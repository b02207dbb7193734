import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { isMailKind, type MailKind, mailKindLabel, WEEKLY_DIGEST } from "@/lib/notifications";
import type { TUnsubscribeState } from "@/lib/schemas/notifications";
import { db } from "../db";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { siteLink } from "../mail/send-mail";
import { channelFor, stopEmailsOf, stopWeeklyDigest, weeklyDigestOn } from "./preferences";

// One-click unsubscribe from a notification type's mails, or from the weekly digest
// (docs/notifications.md): the token is `<user id>.<kind>.<HMAC>` (kind: a notification type or
// `weekly_digest`), signed with a key derived from AUTH_SECRET, so it names one player and one
// kind of mail, cannot be altered, and needs no row. It never expires: an old mail's link still
// works (RFC 8058 asks for that), and all it can do is stop mails.

let fallback: string | undefined;
function key(): string {
  const secret = getEnv().AUTH_SECRET ?? (fallback ??= randomBytes(32).toString("hex"));
  return createHmac("sha256", secret).update("notification-unsubscribe/v1").digest("hex");
}

const sign = (userId: number, type: string) => createHmac("sha256", key()).update(`${userId}:${type}`).digest("base64url");

export function unsubscribeToken(userId: number, kind: MailKind): string {
  return `${userId}.${kind}.${sign(userId, kind)}`;
}

/** The page a person opens (GET, changes nothing) and the address mail clients POST to. */
export function unsubscribeLinks(userId: number, kind: MailKind): { page: string; oneClick: string } {
  const token = unsubscribeToken(userId, kind);
  return { page: siteLink("/notifications/unsubscribe", { token }), oneClick: siteLink("/api/v1/notifications/unsubscribe", { token }) };
}

const INVALID = "This unsubscribe link is not valid.";
const invalid = () => new AppError("VALIDATION", { fields: { token: [INVALID] }, userMessage: INVALID });

async function verify(token: string): Promise<{ userId: number; type: MailKind }> {
  const [id, type, sig] = token.split(".");
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId < 1 || userId > 2_147_483_647 || !type || !isMailKind(type) || !sig) throw invalid();
  const want = Buffer.from(sign(userId, type));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) throw invalid();
  if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw invalid();
  return { userId, type };
}

const state = (type: MailKind, channel: TUnsubscribeState["channel"]): TUnsubscribeState => ({ type, label: mailKindLabel(type), channel });

/** The digest, told in a type's words: "email" while it is sent, "off" once stopped. */
const digestChannel = (on: boolean): TUnsubscribeState["channel"] => (on ? "email" : "off");

/** GET: what the link would stop, and whether it already has. */
export async function unsubscribeInfo(token: string): Promise<TUnsubscribeState> {
  const { userId, type } = await verify(token);
  if (type === WEEKLY_DIGEST) return state(type, digestChannel(await weeklyDigestOn(db, userId)));
  return state(type, await channelFor(db, userId, type));
}

/** POST: the type's mails stop (email becomes site), or the weekly digest stops. */
export async function unsubscribe(token: string): Promise<TUnsubscribeState> {
  const { userId, type } = await verify(token);
  if (type === WEEKLY_DIGEST) {
    await stopWeeklyDigest(userId);
    return state(type, digestChannel(false));
  }
  return state(type, await stopEmailsOf(userId, type));
}
