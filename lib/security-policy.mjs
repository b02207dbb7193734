// Security headers and the three Content-Security-Policies (docs/performance.md, docs/architecture.md).
// Plain JavaScript so next.config.mjs can import it; lib/security-headers.ts re-exports it typed.

const CAPTCHA_HOSTS = ["https://challenges.cloudflare.com", "https://hcaptcha.com", "https://*.hcaptcha.com"];

// The checkout on /credits: Stripe.js with its card frames and API, PayPal's buttons and popup.
// In every page policy, not only /credits': a client-side navigation keeps the policy of the
// page the visit started on, so a player arriving at /credits from /store must still load them.
const PAYMENT_SCRIPT_HOSTS = ["https://js.stripe.com", "https://*.js.stripe.com", "https://*.paypal.com", "https://*.paypalobjects.com"];
const PAYMENT_FRAME_HOSTS = [
  "https://js.stripe.com",
  "https://*.js.stripe.com",
  "https://hooks.stripe.com",
  "https://*.paypal.com",
  "https://*.paypalobjects.com",
];
const PAYMENT_CONNECT_HOSTS = ["https://api.stripe.com", "https://*.paypal.com", "https://*.paypalobjects.com"];

/**
 * Pages rendered per request that get a fresh nonce from proxy.ts. Every page that shows text
 * written by users (usernames, forum posts, news, tickets) belongs here; everything else is
 * prerendered at build time and gets the static policy from next.config.mjs `headers()`.
 * proxy.ts repeats this list in its `matcher` (Next needs a literal there); a unit test keeps
 * the two equal.
 */
export const NONCE_PAGES = [
  "/account/change-password",
  "/account/orders/:number",
  "/account/purchases",
  "/account/reset-password",
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
  "/store-link",
  "/store/success",
  "/ticket/:id",
  "/tickets/create",
  "/users/:name",
];

/**
 * Signed-in pages served as prerendered shells (docs/performance.md, "Signed-in pages as
 * shells"): the HTML is the same for everyone and holds no user text, so it gets the static
 * policy; the player's data comes from the API in the browser. proxy.ts checks the session before
 * serving one: a guest, or a ::store session where `storeSession` does not let it in, is sent to
 * /login?next=<path> as the server guard did. proxy.ts's matcher lists these too.
 */
export const SHELL_PAGES = {
  "/account": { storeSession: false },
  "/account/settings": { storeSession: false },
  "/account/notifications": { storeSession: false },
  "/store": { storeSession: true },
  "/vote": { storeSession: false },
};

/** @param {Record<string, string[]>} directives */
function serialize(directives) {
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(" ")}`)
    .join("; ");
}

/** @param {string[]} scriptSrc @param {{ dev: boolean }} opts */
function pagePolicy(scriptSrc, opts) {
  return serialize({
    "default-src": ["'self'"],
    "script-src": [...scriptSrc, ...(opts.dev ? ["'unsafe-eval'"] : [])],
    // Inline style attributes come from React and Tailwind; they cannot run code.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...CAPTCHA_HOSTS, ...PAYMENT_CONNECT_HOSTS, ...(opts.dev ? ["ws:"] : [])],
    "frame-src": [...CAPTCHA_HOSTS, ...PAYMENT_FRAME_HOSTS],
    "worker-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  });
}

/**
 * Per-request pages: only scripts carrying this response's nonce run, plus what they load
 * ('strict-dynamic'); injected inline scripts and event-handler attributes are blocked.
 * @param {string} nonce @param {{ dev: boolean }} opts
 */
export function contentSecurityPolicy(nonce, opts) {
  // The payment hosts only matter to browsers without 'strict-dynamic' (which ignore host lists).
  return pagePolicy(["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...PAYMENT_SCRIPT_HOSTS], opts);
}

/**
 * Prerendered pages: their HTML (inline bootstrap scripts included) is fixed at build time from
 * our own source, so it holds nothing a visitor wrote; a per-request nonce cannot be put into
 * a file built once. Scripts come from our origin or the captcha providers; no eval.
 * @param {{ dev: boolean }} opts
 */
export function staticContentSecurityPolicy(opts) {
  // The captcha hosts: a soft navigation to /register keeps this document's policy.
  return pagePolicy(["'self'", "'unsafe-inline'", ...CAPTCHA_HOSTS, ...PAYMENT_SCRIPT_HOSTS], opts);
}

/** The one-time sign-in link of the game's ::store command (its confirmation page, app/(site)/store-link). */
export const STORE_LINK_PATH = "/store-link";

/** JSON answers are never documents: nothing may load, nothing may frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** @param {{ https: boolean }} opts @returns {Record<string, string>} */
export function securityHeaders(opts) {
  return {
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    // Still cuts the opener link to any cross-origin page that opens us; lets the PayPal popup
    // opened from /credits talk back. Site-wide, as a client-side navigation keeps the first page's.
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    ...(opts.https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

/** @param {Record<string, string>} record */
const asList = (record) => Object.entries(record).map(([key, value]) => ({ key: key.toLowerCase(), value }));

/**
 * next.config.mjs `headers()`: applied by the router from the built routes manifest, with no
 * code run per request. The proxy's nonce policy replaces the page policy on NONCE_PAGES.
 * @param {{ dev: boolean }} opts
 */
export function configHeaders(opts) {
  return [
    { source: "/:path*", headers: asList(securityHeaders({ https: false })) },
    // HSTS only when the request came over https (directly or through a proxy that says so).
    {
      source: "/:path*",
      has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
      headers: asList({ "Strict-Transport-Security": securityHeaders({ https: true })["Strict-Transport-Security"] ?? "" }),
    },
    { source: "/:path((?!api/).*)", headers: [{ key: "content-security-policy", value: staticContentSecurityPolicy(opts) }] },
    { source: "/api/:path*", headers: [{ key: "content-security-policy", value: API_CONTENT_SECURITY_POLICY }] },
    // The ::store link carries a sign-in token in its URL. Set here, not by its handler: Next
    // keeps these config headers over a handler's own value of the same header.
    { source: STORE_LINK_PATH, headers: [{ key: "referrer-policy", value: "no-referrer" }] },
  ];
}
