// A readable "a session may exist" hint beside the HttpOnly session cookie. It holds no secret
// (the value is "1"): it only tells the navbar island on prerendered pages whether asking
// /api/v1/user is worth a request, so guests cause no request and no 401 in the console.
export const SESSION_HINT_COOKIE = "signed_in";

export function sessionHintCookie(opts: { secure: boolean; maxAgeSec: number }): string {
  return `${SESSION_HINT_COOKIE}=1; Path=/; SameSite=Lax; Max-Age=${opts.maxAgeSec}${opts.secure ? "; Secure" : ""}`;
}

export function clearedSessionHintCookie(opts: { secure: boolean }): string {
  return `${SESSION_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0${opts.secure ? "; Secure" : ""}`;
}

/** True when `cookieHeader` (document.cookie or a Cookie header) carries the hint. */
export function hasSessionHint(cookieHeader: string): boolean {
  return cookieHeader.split(";").some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=1`));
}
