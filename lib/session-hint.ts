// A readable "a session may exist" hint beside the HttpOnly session cookie. It holds no secret:
// its value is "1" for a player and "staff" for a staff member. It only steers what costs
// nothing to get wrong:
// - the navbar island on prerendered pages asks /api/v1/user only when it is set, so guests
//   cause no request and no 401 in the console;
// - the server entry's page cache (scripts/lib/page-cache.mjs) serves the public forum, news and
//   hiscores pages to a signed-in player as it serves them to a guest (the page is then made
//   personal in the browser), and renders them per request for staff, who see more. A player
//   who sets "staff" only gets the per-request render of the same page; a staff member whose
//   hint says "1" gets the public page. The browser puts a stale hint right once it has asked
//   /api/v1/user who it is (`hintCorrection`, components/layout/session-state.ts): no GET sets a cookie.
export const SESSION_HINT_COOKIE = "signed_in";

export type SessionHint = "1" | "staff";

export function sessionHintCookie(opts: { secure: boolean; maxAgeSec: number; staff: boolean }): string {
  return `${SESSION_HINT_COOKIE}=${opts.staff ? "staff" : "1"}; Path=/; SameSite=Lax; Max-Age=${opts.maxAgeSec}${opts.secure ? "; Secure" : ""}`;
}

export function clearedSessionHintCookie(opts: { secure: boolean }): string {
  return `${SESSION_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0${opts.secure ? "; Secure" : ""}`;
}

/** The hint in `cookieHeader` (document.cookie or a Cookie header), or null when there is none. */
export function sessionHint(cookieHeader: string): SessionHint | null {
  for (const c of cookieHeader.split(";")) {
    const [name, value] = c.trim().split("=", 2);
    if (name === SESSION_HINT_COOKIE && (value === "1" || value === "staff")) return value;
  }
  return null;
}

/** True when `cookieHeader` carries the hint. */
export function hasSessionHint(cookieHeader: string): boolean {
  return sessionHint(cookieHeader) !== null;
}

/** The hint's life: that of a session (SESSION_ABSOLUTE_MS, lib/server/sessions/constants.ts). */
export const SESSION_HINT_MAX_AGE_SEC = 30 * 24 * 60 * 60;

/**
 * The cookie to write (document.cookie) when the hint in `cookieHeader` no longer says what the
 * signed-in user is (made staff, or a player again, since the login), or null when it does.
 */
export function hintCorrection(cookieHeader: string, user: { privilege: string; store_session?: boolean }, secure: boolean): string | null {
  const staff = user.privilege !== "PLAYER" && !user.store_session;
  return sessionHint(cookieHeader) === (staff ? "staff" : "1") ? null : sessionHintCookie({ secure, maxAgeSec: SESSION_HINT_MAX_AGE_SEC, staff });
}
