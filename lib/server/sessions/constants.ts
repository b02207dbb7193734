import "server-only";
import { getEnv } from "../env";

// Browser sessions: opaque token in an HttpOnly cookie, only its hash in the database.
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** A store session (opened by a ::store link) lives one hour at most, idle or not. */
export const STORE_SESSION_MS = 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so reads stay reads. */
export const SESSION_TOUCH_MS = 60 * 1000;

// API tokens: short-lived signed access JWT + rotating opaque refresh token.
export const ACCESS_TOKEN_TTL_SEC = 15 * 60;
export const REFRESH_FAMILY_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function sessionCookieName(): string {
  // The __Host- prefix pins the cookie to our origin, path / and Secure: production only (needs https).
  return getEnv().isProduction ? "__Host-session" : "session";
}
