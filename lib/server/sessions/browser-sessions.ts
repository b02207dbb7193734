import "server-only";
import { db, type Tx } from "../db";
import { getEnv } from "../env";
import { randomToken, sha256 } from "../security/tokens";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, sessionCookieName, STORE_SESSION_MS } from "./constants";

/** country: ISO 3166 alpha-2 from the trusted proxy's header (GEO_COUNTRY_HEADER), when it sent one. */
export type ClientInfo = { userAgent: string | null; ip: string | null; country?: string | null };
/** "full": a password login. "store": opened by a ::store link, for buying only (resolveActor in lib/server/http/auth.ts). */
export type BrowserSessionScope = "full" | "store";

/** Creates a browser session; the raw token goes only into the cookie. */
export async function createBrowserSession(
  userId: number,
  client: ClientInfo,
  scope: BrowserSessionScope = "full",
  tx: Tx = db,
): Promise<{ token: string; id: number }> {
  const token = randomToken();
  const now = Date.now();
  const store = scope === "store";
  const s = await tx.session.create({
    data: {
      userId,
      tokenHash: sha256(token),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip,
      idleExpiresAt: new Date(now + (store ? STORE_SESSION_MS : SESSION_IDLE_MS)),
      absoluteExpiresAt: new Date(now + (store ? STORE_SESSION_MS : SESSION_ABSOLUTE_MS)),
      scope: store ? "STORE" : "FULL",
    },
  });
  return { token, id: s.id };
}

export function sessionCookie(token: string, scope: BrowserSessionScope = "full"): string {
  const secure = getEnv().isProduction;
  const maxAge = Math.floor((scope === "store" ? STORE_SESSION_MS : SESSION_ABSOLUTE_MS) / 1000);
  return `${sessionCookieName()}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export function clearedSessionCookie(): string {
  const secure = getEnv().isProduction;
  return `${sessionCookieName()}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

/** A browser session or an API login (refresh-token family). */
export type SessionRef = { kind: "browser" | "api"; id: number };

/**
 * Ends every browser session and API login of a user (ban, password reset), except `keep`.
 * Pass the caller's `tx` so the revocation commits (or rolls back) with the change that caused it.
 */
export async function revokeAllSessions(userId: number, reason: string, keep?: SessionRef, tx?: Tx): Promise<number> {
  if (!tx) return db.$transaction((t) => revokeAllSessions(userId, reason, keep, t));
  const now = new Date();
  const notKept = (kind: SessionRef["kind"]) => (keep?.kind === kind ? { id: { not: keep.id } } : {});
  const s = await tx.session.updateMany({ where: { userId, revokedAt: null, ...notKept("browser") }, data: { revokedAt: now } });
  const f = await tx.refreshTokenFamily.updateMany({ where: { userId, revokedAt: null, ...notKept("api") }, data: { revokedAt: now, revokedReason: reason } });
  return s.count + f.count;
}
