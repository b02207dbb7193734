// Runs only where a page needs code before it is served (proxy `matcher` below):
// - the pages rendered per request (NONCE_PAGES in lib/security-policy.mjs) get a fresh CSP
//   nonce that Next puts on the page's scripts (base64url: no character that HTML or JSON would
//   escape, so the server entry's guest page cache can find it and renew it per answer);
// - the signed-in pages served as prerendered shells (SHELL_PAGES) get their session checked:
//   a guest, or a ::store session where it is not let in, goes to /login first.
// Everything else gets its headers from next.config.mjs `headers()` without running any code
// per request.
import { type NextRequest, NextResponse } from "next/server";
import { safeReturnPath } from "@/lib/safe-path";
import { contentSecurityPolicy, SHELL_PAGES } from "@/lib/security-headers";
import { authenticate, readCredentials } from "@/lib/server/sessions/authenticate-request";

export async function proxy(request: NextRequest) {
  const shell = SHELL_PAGES[request.nextUrl.pathname];
  if (shell) {
    const actor = await authenticate(readCredentials(request.headers, (n) => request.cookies.get(n)?.value));
    if (actor && (actor.scope === "full" || shell.storeSession)) return NextResponse.next();
    // As the pages' server guard did (redirect() from a render): 307 to /login, then back here.
    const login = request.nextUrl.clone();
    login.pathname = "/login";
    login.search = `?next=${encodeURIComponent(safeReturnPath(request.nextUrl.pathname))}`;
    return NextResponse.redirect(login, 307);
  }
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url");
  // NODE_ENV is fixed by Next at build time (development only under `next dev`).
  const csp = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  // Replaces the static page policy that next.config.mjs sets on every page path.
  response.headers.set("content-security-policy", csp);
  return response;
}

// Exact paths (no sub-paths): an unknown path below one of them is a prerendered 404 page,
// which carries no nonce. Keep equal to NONCE_PAGES plus SHELL_PAGES
// (tests/unit/security-policy.test.ts).
export const config = {
  matcher: [
    "/account",
    "/account/change-password",
    "/account/notifications",
    "/account/orders/:number",
    "/account/purchases",
    "/account/reset-password",
    "/account/settings",
    "/account/tickets",
    "/appeal",
    "/appeal/ticket",
    "/credits",
    "/dev/outbox",
    "/forums",
    "/forums/:id",
    "/forums/:id/create",
    "/forums/search",
    "/forums/thread/:id",
    "/news",
    "/news/:slug",
    "/news/create",
    "/register",
    "/staff",
    "/staff/audit",
    "/staff/competitions",
    "/staff/competitions/:id",
    "/staff/competitions/schedules",
    "/staff/deliveries",
    "/staff/forums",
    "/staff/forums/reports",
    "/staff/game-keys",
    "/staff/jobs",
    "/staff/payments",
    "/staff/players",
    "/staff/players/:id",
    "/staff/store",
    "/staff/store/goals",
    "/staff/tickets",
    "/staff/tickets/saved-replies",
    "/staff/votes/goals",
    "/staff/votes/sites",
    "/staff/votes/callbacks",
    "/store",
    "/store-link",
    "/store/success",
    "/ticket/:id",
    "/tickets/create",
    "/users/:name",
    "/vote",
  ],
};
