import "server-only";
import { createHmac } from "node:crypto";
import { isPublicAddress } from "@/lib/ip-address";
import { recordAudit } from "../audit/record-audit";
import { db, type Tx } from "../db";
import { AppError } from "../errors";
import { getEnv } from "../env";
import { queueMail, siteLink } from "../mail/send-mail";
import { mailTemplates } from "../mail/templates";
import { randomToken, safeEqual, sha256 } from "../security/tokens";
import { issueTokenPair, type TokenPair } from "../sessions/api-tokens";
import { type ClientInfo, createBrowserSession, type SessionRef } from "../sessions/browser-sessions";
import { describeDevice } from "../sessions/list-sessions";
import { notifySecurity } from "../notifications/events";

// Security mail for a sign-in from a new device (docs/accounts.md, "Security mails").
//
// A device is what the account has signed in from before:
// - a browser: the device cookie (a random id, HttpOnly, one year) set by every password login.
//   The account's row holds SHA-256(account id + cookie), so one browser's rows for two
//   accounts cannot be matched to each other.
// - an API login (POST /api/v1/token), which keeps no cookie: the client's browser and system
//   as the User-Agent tells them ("API client on Linux").
// A sign-in whose key the account has no row for is new: it gets a row, and the owner a mail
// with a signed link that ends that session. The account's first sign-in (no rows at all: a
// new account, or an old one signing in for the first time since this feature) only records.

/** How long the mailed "end this session" link works (the longest a mailed link works, docs/accounts.md). */
export const END_SESSION_LINK_MS = 24 * 60 * 60 * 1000;
export const END_SESSION_PATH = "/account/end-session";
const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

export function deviceCookieName(): string {
  return getEnv().isProduction ? "__Host-device" : "device";
}

/** A device cookie value as we make them (randomToken: 43 base64url characters); anything else is ignored. */
function validDeviceId(v: string | undefined | null): v is string {
  return typeof v === "string" && /^[A-Za-z0-9_-]{43}$/.test(v);
}

export function deviceCookie(value: string): string {
  return `${deviceCookieName()}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${DEVICE_COOKIE_MAX_AGE}${getEnv().isProduction ? "; Secure" : ""}`;
}

/** What the mail says about where an address is. No outside service is asked, and no address database is shipped. */
export function describePlace(ip: string | null, country?: string | null): string {
  if (!ip) return "Location unknown (no address was recorded)";
  if (!isPublicAddress(ip)) return "A private or local network (no location for such an address)";
  if (country) return `${countryName(country)} (as the site's proxy placed the address)`;
  return "Location unknown (this site's proxy does not say where addresses are)";
}

const countryNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;

// ── the signed "end this session" link ──

function linkKey(): string {
  const secret = getEnv().AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set");
  return createHmac("sha256", secret).update("end-session-link/v1").digest("hex");
}
const sign = (payload: string) => createHmac("sha256", linkKey()).update(payload).digest("base64url");

/** `b.<id>.<expiry ms>.<signature>` (browser session) or `a.…` (API login). */
export function endSessionToken(ref: SessionRef, expiresAt: Date): string {
  const payload = `${ref.kind === "browser" ? "b" : "a"}.${ref.id}.${expiresAt.getTime()}`;
  return `${payload}.${sign(payload)}`;
}

/** The session a link names, when its signature holds and it has not expired; null otherwise. */
export function readEndSessionToken(token: string, now = new Date()): SessionRef | null {
  const m = /^([ba])\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const payload = `${m[1]}.${m[2]}.${m[3]}`;
  if (!safeEqual(sign(payload), m[4]!)) return null;
  if (Number(m[3]) <= now.getTime()) return null;
  const id = Number(m[2]);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  return { kind: m[1] === "b" ? "browser" : "api", id };
}

/**
 * Records the device of a sign-in in its transaction; for a key this account has not used
 * before (and not its first sign-in) queues the security mail in the same transaction.
 */
async function noteDevice(tx: Tx, userId: number, keyHash: string, client: ClientInfo, session: SessionRef): Promise<boolean> {
  const label = describeDevice(client.userAgent).slice(0, 100);
  const now = new Date();
  const added = await tx.accountDevice.createMany({ data: [{ userId, keyHash, label, firstSeenAt: now, lastSeenAt: now }], skipDuplicates: true });
  if (added.count === 0) {
    await tx.accountDevice.updateMany({ where: { userId, keyHash }, data: { lastSeenAt: now, label } });
    return false;
  }
  const others = await tx.accountDevice.count({ where: { userId, keyHash: { not: keyHash } } });
  if (others === 0) return false;
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true, email: true } });
  const url = siteLink(END_SESSION_PATH, { token: endSessionToken(session, new Date(now.getTime() + END_SESSION_LINK_MS)) });
  await queueMail(
    user.email,
    mailTemplates.newDeviceSignIn(
      user.username,
      { device: label, address: client.ip ?? "unknown", place: describePlace(client.ip, client.country), when: when(now) },
      url,
    ),
    { tx },
  );
  await notifySecurity(tx, { userId, event: "new_device", at: now });
  return true;
}

/**
 * A password login's browser session, with its device noted in the same transaction. Returns
 * the session token and the device id for the cookie (the browser's own, or a new one).
 */
export async function openBrowserSession(
  userId: number,
  client: ClientInfo,
  deviceId: string | undefined | null,
): Promise<{ token: string; id: number; deviceId: string; alerted: boolean }> {
  const device = validDeviceId(deviceId) ? deviceId : randomToken();
  return db.$transaction(async (tx) => {
    const session = await createBrowserSession(userId, client, "full", tx);
    const alerted = await noteDevice(tx, userId, sha256(`${userId}:cookie:${device}`), client, { kind: "browser", id: session.id });
    return { ...session, deviceId: device, alerted };
  });
}

/** An API login (refresh-token family), its client noted as a device in the same transaction. */
export async function openApiLogin(userId: number, client: ClientInfo): Promise<TokenPair> {
  return db.$transaction(async (tx) => {
    const pair = await issueTokenPair(userId, client, tx);
    await noteDevice(tx, userId, sha256(`${userId}:client:${describeDevice(client.userAgent)}`), client, { kind: "api", id: pair.familyId });
    return { access: pair.access, refresh: pair.refresh };
  });
}

export const SESSION_LINK_INVALID = "This link is invalid or has expired. Sign in and end the session from your account page instead.";
export const SESSION_ENDED = "That session has been ended. Now change your password, and turn on two-factor authentication if it is off.";

/**
 * The mailed link's button: ends the session it names (a browser session or an API login).
 * Needs no sign-in — whoever holds the owner's mail may end that one session, nothing more.
 * A session already over answers the same.
 */
export async function endSessionByLink(token: string, ip: string | null): Promise<void> {
  const ref = readEndSessionToken(token);
  if (!ref) throw new AppError("VALIDATION", { fields: { token: [SESSION_LINK_INVALID] }, userMessage: SESSION_LINK_INVALID });
  await db.$transaction(async (tx) => {
    const now = new Date();
    const row =
      ref.kind === "browser"
        ? await tx.session.findUnique({ where: { id: ref.id }, select: { userId: true } })
        : await tx.refreshTokenFamily.findUnique({ where: { id: ref.id }, select: { userId: true } });
    if (!row) return;
    const ended =
      ref.kind === "browser"
        ? await tx.session.updateMany({ where: { id: ref.id, revokedAt: null }, data: { revokedAt: now } })
        : await tx.refreshTokenFamily.updateMany({
            where: { id: ref.id, revokedAt: null },
            data: { revokedAt: now, revokedReason: "ended from the new-device mail" },
          });
    if (ended.count === 1)
      await recordAudit(
        { action: "account.session_ended_by_link", actorId: row.userId, targetType: "user", targetId: row.userId, ip, data: { kind: ref.kind, id: ref.id } },
        tx,
      );
  });
}
