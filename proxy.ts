// Runs only for the pages rendered per request (NONCE_PAGES in lib/security-policy.mjs):
// a fresh CSP nonce that Next puts on the page's scripts. Everything else gets its headers
// from next.config.mjs `headers()` without running any code per request.
import { type NextRequest, NextResponse } from "next/server";
import { contentSecurityPolicy } from "@/lib/security-headers";

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
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
// which carries no nonce. Keep equal to NONCE_PAGES (tests/unit/security-policy.test.ts).
export const config = {
  matcher: [
    "/account",
    "/account/change-password",
    "/account/purchases",
    "/account/reset-password",
  "/account/tickets",
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
    "/staff/deliveries",
    "/staff/forums",
    "/staff/forums/reports",
    "/staff/game-keys",
    "/staff/jobs",
    "/staff/payments",
    "/staff/players",
    "/staff/players/:id",
    "/staff/store",
  "/staff/tickets",
    "/store",
    "/store-link",
    "/store/success",
  "/ticket/:id",
  "/tickets/create",
    "/vote",
  ],
};
