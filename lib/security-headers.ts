// Security headers for every response (DESIGN.md §4, issue "Hardening"). Pure: proxy.ts calls it.

const CAPTCHA_HOSTS = ["https://challenges.cloudflare.com", "https://hcaptcha.com", "https://*.hcaptcha.com"];

export function contentSecurityPolicy(nonce: string, opts: { dev: boolean }): string {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    // 'strict-dynamic': scripts loaded by our nonce'd scripts are trusted; nothing else runs.
    "script-src": ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(opts.dev ? ["'unsafe-eval'"] : [])],
    // Inline style attributes come from React and Tailwind; they cannot run code.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...CAPTCHA_HOSTS, ...(opts.dev ? ["ws:"] : [])],
    "frame-src": CAPTCHA_HOSTS,
    "worker-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([k, v]) => `${k} ${v.join(" ")}`)
    .join("; ");
}

export function securityHeaders(opts: { https: boolean }): Record<string, string> {
  return {
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(opts.https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}
