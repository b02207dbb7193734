import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config.mjs";
import { config as proxyConfig } from "@/proxy";
import { API_CONTENT_SECURITY_POLICY, NONCE_PAGES, SHELL_PAGES, STORE_LINK_PATH, staticContentSecurityPolicy } from "@/lib/security-headers";
import { hasSessionHint, hintCorrection, sessionHint, sessionHintCookie } from "@/lib/session-hint";

// Which Content-Security-Policy each kind of path gets (docs/performance.md). The routing is
// done by Next from next.config headers() and the proxy matcher; the e2e walk checks the
// answers of the running site.

type Condition = { type: string; key: string; value?: string };
type Rule = { source: string; has?: Condition[]; missing?: Condition[]; headers: { key: string; value: string }[] };

/** Whether a `has`/`missing` condition holds for a request with these headers (Next: the value is a regex over the whole header value). */
function conditionHolds(c: Condition, requestHeaders: Record<string, string>): boolean {
  if (c.type !== "header") throw new Error(`headersFor cannot evaluate a "${c.type}" condition yet`);
  const value = Object.entries(requestHeaders).find(([k]) => k.toLowerCase() === c.key.toLowerCase())?.[1];
  if (value === undefined) return false;
  return c.value === undefined || new RegExp(`^(?:${c.value})$`).test(value);
}

/** The header rules of next.config.mjs that apply to a request for `pathname` with these headers (path-to-regexp subset used there). */
async function headersFor(pathname: string, requestHeaders: Record<string, string> = {}): Promise<Record<string, string>> {
  const rules = (await nextConfig.headers!()) as Rule[];
  const out: Record<string, string> = {};
  for (const rule of rules) {
    if (rule.has && !rule.has.every((c) => conditionHolds(c, requestHeaders))) continue;
    if (rule.missing && rule.missing.some((c) => conditionHolds(c, requestHeaders))) continue;
    const re = new RegExp(`^${rule.source.replace("/:path*", "(?:/.*)?").replace("/:path(", "/(")}$`);
    if (!re.test(pathname)) continue;
    for (const h of rule.headers) out[h.key] = h.value;
  }
  return out;
}

function pagePaths(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (!statSync(full).isDirectory()) continue;
    if (name === "api") continue;
    // A dynamic segment ("[id]") is written as the proxy matcher writes it (":id").
    const segment = /^\(.*\)$/.test(name) ? "" : `/${name.replace(/^\[(\w+)\]$/, ":$1")}`;
    if (readdirSync(full).includes("page.tsx")) out.push(prefix + segment || "/");
    out.push(...pagePaths(full, prefix + segment));
  }
  return out;
}

describe("content security policy routing", () => {
  it("runs the proxy on exactly the per-request pages (the nonce) and the signed-in shells (the session check)", () => {
    expect([...proxyConfig.matcher].sort()).toEqual([...NONCE_PAGES, ...Object.keys(SHELL_PAGES)].sort());
    // A shell gets the static policy, so it must never also be a nonce page (or the other way).
    for (const p of Object.keys(SHELL_PAGES)) expect(NONCE_PAGES).not.toContain(p);
    // Each listed page exists, so a typo cannot leave a page without its nonce or its guard.
    const pages = pagePaths(path.join(process.cwd(), "app"));
    for (const p of [...NONCE_PAGES, ...Object.keys(SHELL_PAGES)]) expect(pages).toContain(p);
    // Only the store is open to a ::store session.
    expect(
      Object.entries(SHELL_PAGES)
        .filter(([, s]) => s.storeSession)
        .map(([p]) => p),
    ).toEqual(["/store"]);
  });

  it("gives prerendered pages a policy without a nonce and without eval, and the security headers", async () => {
    for (const p of ["/", "/rules", "/login", "/no/such/page"]) {
      const h = await headersFor(p);
      expect(h["content-security-policy"], p).toBe(staticContentSecurityPolicy({ dev: false }));
      expect(h["content-security-policy"]).not.toMatch(/nonce|unsafe-eval/);
      expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["x-frame-options"]).toBe("DENY");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["strict-transport-security"]).toBeUndefined();
    }
  });

  it("gives API answers the security headers and a policy that loads nothing", async () => {
    for (const p of ["/api/health", "/api/v1/user"]) {
      const h = await headersFor(p);
      expect(h["content-security-policy"], p).toBe(API_CONTENT_SECURITY_POLICY);
      expect(h["x-content-type-options"]).toBe("nosniff");
    }
    expect(API_CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
  });

  it("sends no Referer from the ::store link, whose URL holds a sign-in token", async () => {
    expect(STORE_LINK_PATH).toBe("/store-link");
    expect((await headersFor("/store-link"))["referrer-policy"]).toBe("no-referrer");
    expect((await headersFor("/store-link/x"))["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect((await headersFor("/credits"))["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("adds HSTS only to requests that came over https", async () => {
    for (const p of ["/", "/api/v1/user"]) {
      expect((await headersFor(p, { "x-forwarded-proto": "https" }))["strict-transport-security"], p).toMatch(/max-age=\d+/);
      expect((await headersFor(p))["strict-transport-security"], p).toBeUndefined();
      expect((await headersFor(p, { "x-forwarded-proto": "http" }))["strict-transport-security"], p).toBeUndefined();
      // Another header saying https is not the one the rule reads.
      expect((await headersFor(p, { "x-forwarded-scheme": "https" }))["strict-transport-security"], p).toBeUndefined();
    }
  });
});

describe("session hint cookie", () => {
  it("is readable by scripts, holds no secret and is recognised", () => {
    const cookie = sessionHintCookie({ secure: true, maxAgeSec: 60, staff: false });
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/^signed_in=1; Path=\/; SameSite=Lax; Max-Age=60; Secure$/);
    expect(sessionHintCookie({ secure: false, maxAgeSec: 60, staff: true })).toMatch(/^signed_in=staff; Path=\/; SameSite=Lax; Max-Age=60$/);
    expect(hasSessionHint("a=b; signed_in=1")).toBe(true);
    expect(sessionHint("a=b; signed_in=staff")).toBe("staff");
    expect(sessionHint("signed_in=1")).toBe("1");
    expect(hasSessionHint("signed_in=; session=x")).toBe(false);
    expect(sessionHint("signed_in=admin")).toBeNull();
  });

  it("is put right in the browser when the rank changed since the login, and left alone otherwise", () => {
    expect(hintCorrection("a=1; signed_in=1", { privilege: "PLAYER" }, false)).toBeNull();
    expect(hintCorrection("signed_in=staff", { privilege: "MODERATOR" }, false)).toBeNull();
    expect(hintCorrection("signed_in=1", { privilege: "ADMINISTRATOR" }, true)).toMatch(/^signed_in=staff; Path=\/; SameSite=Lax; Max-Age=2592000; Secure$/);
    expect(hintCorrection("signed_in=staff", { privilege: "PLAYER" }, false)).toMatch(/^signed_in=1; /);
    // A ::store session never acts as staff, whatever the account's rank.
    expect(hintCorrection("signed_in=1", { privilege: "OWNER", store_session: true }, false)).toBeNull();
    expect(hintCorrection("signed_in=staff", { privilege: "OWNER", store_session: true }, false)).toMatch(/^signed_in=1; /);
  });
});
