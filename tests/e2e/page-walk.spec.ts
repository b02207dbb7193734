import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { type Page, expect } from "@playwright/test";
import { NAV_LINKS } from "../../components/layout/nav-links";
import { NONCE_PAGES } from "../../lib/security-headers";
import { createE2EUser } from "../factories/e2e-users";
import { expectSignedInAs, startSignedIn, test } from "./support/accounts";

// Every page under app/ (found on disk, so a new page is walked without editing this file), the
// navbar's links to pages not built yet (404) and an unknown path, in Chromium on the desktop
// and the phone project: no console error, no uncaught error, the page hydrates, and each page
// gets its Content-Security-Policy (nonce for per-request pages, the static one otherwise).

function pagePaths(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (name === "api" || !statSync(full).isDirectory()) continue;
    const segment = /^\(.*\)$/.test(name) ? "" : `/${name}`;
    if (readdirSync(full).includes("page.tsx")) out.push(prefix + segment || "/");
    out.push(...pagePaths(full, prefix + segment));
  }
  return out;
}

const APP_PAGES = pagePaths(path.join(process.cwd(), "app")).sort();
const QUERIES: Record<string, string> = { "/account/reset-password": "?uid=1&token=abc", "/forums/search": "?q=slayer" };
/** Where a dynamic page is walked; the signed-in walk swaps in a ticket of the player's own. */
const DYNAMIC: Record<string, string> = {
  "/ticket/[id]": "/ticket/1",
  // Seeded forums: 3 is General Discussion (players may post), thread 1 its first thread.
  "/forums/[id]": "/forums/3",
  "/forums/[id]/create": "/forums/3/create",
  "/forums/thread/[id]": "/forums/thread/1",
  "/news/[slug]": "/news/winter-festival-begins",
};
/** NONCE_PAGES entries are proxy matcher paths: ":id" stands for one segment. */
const isNoncePage = (pathname: string) => NONCE_PAGES.some((p) => new RegExp(`^${p.replace(/:\w+/g, "[^/]+")}$`).test(pathname));
const UNBUILT = [...NAV_LINKS.map((l) => l.href).filter((h) => !APP_PAGES.includes(h.replace(/\/$/, "") || "/")), "/no/such/place"];

async function watchConsole(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    // The browser reports a page's own 404 status as a failed load; that is the answer we asked for.
    if (/status of 404/.test(m.text()) && new URL(m.location().url).pathname === new URL(page.url()).pathname) return;
    // Chromium now and then probes /favicon.ico on a 404 document although the page names
    // /favicon.svg; that probe is the browser's, not the page's.
    if (/status of 404/.test(m.text()) && new URL(m.location().url).pathname === "/favicon.ico") return;
    // The outbox shows captured mail in sandbox="" frames; Chromium reports its own attempts to
    // run script there (seen only now and then, under device emulation): the sandbox doing its job.
    if (m.location().url === "about:srcdoc" && /frame is sandboxed/.test(m.text())) return;
    problems.push(`${page.url()}: ${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (e) => problems.push(`${page.url()}: uncaught ${e.message}`));
  // A refused eval (e.g. a library probing `new Function` inside try/catch) reaches the console
  // only as a DevTools issue: listen for the violation event itself.
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile ?? ""}`)),
  );
  return problems;
}

/** React attaches its fiber to the DOM it hydrates: a link inside <body> carries it once scripts ran. */
async function expectHydrated(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector("body a[href]") ?? {}).some((k) => k.startsWith("__reactFiber"))), {
      message: `${page.url()} hydrates`,
    })
    .toBe(true);
}

async function visit(page: Page, pathname: string, dynamic: Record<string, string> = DYNAMIC) {
  const res = await page.goto((dynamic[pathname] ?? pathname) + (QUERIES[pathname] ?? ""));
  expect(res, pathname).not.toBeNull();
  const h = res!.headers();
  const finalPath = new URL(page.url()).pathname;
  const csp = h["content-security-policy"] ?? "";
  if (isNoncePage(finalPath)) expect(csp, `${pathname} → nonce policy`).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  else {
    expect(csp, `${pathname} → static policy`).toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).not.toContain("nonce-");
  }
  expect(csp).toContain("frame-ancestors 'none'");
  expect(h["x-content-type-options"], pathname).toBe("nosniff");
  expect(h["x-frame-options"], pathname).toBe("DENY");
  await expectHydrated(page);
  return res!;
}

/** The walk in parts, each its own test: the parts run side by side, and a slow machine's time limit is per part. */
const PARTS = 4;
const part = <T>(list: T[], i: number) => list.filter((_, n) => n % PARTS === i);

test.describe("walk every page", () => {
  for (let i = 0; i < PARTS; i++) {
    test(`as a guest (part ${i + 1} of ${PARTS}): no console errors, the right policy, every page hydrates @mobile`, async ({ page }) => {
      test.setTimeout(240_000);
      expect(APP_PAGES).toEqual(expect.arrayContaining(["/", "/login", "/register", "/account", "/rules"]));
      const problems = await watchConsole(page);
      for (const p of part(APP_PAGES, i)) await visit(page, p);
      for (const p of part(UNBUILT, i)) expect((await visit(page, p)).status(), p).toBe(404);
      expect(problems).toEqual([]);
    });

    test(`signed in (part ${i + 1} of ${PARTS}): no console errors, and the navbar names the player on static and per-request pages @mobile`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const user = await createE2EUser();
      await startSignedIn(page, user);
      const problems = await watchConsole(page);
      const ticket = await page.request.post("/api/v1/tickets", { data: { type: "GENERAL_INQUIRY", title: "Page walk", description: "Walking." } });
      expect(ticket.status()).toBe(201);
      const own = { ...DYNAMIC, "/ticket/[id]": `/ticket/${((await ticket.json()) as { id: number }).id}` };
      for (const p of part(
        APP_PAGES.filter((p) => p !== "/login" && p !== "/register"),
        i,
      )) {
        await visit(page, p, own);
        if (p !== "/dev/outbox") await expectSignedInAs(page, user.username);
      }
      expect(problems).toEqual([]);
    });
  }

  test("signed in: every page of docs/product.md §2 a player opens by hand is reached by following links from home", async ({ page }) => {
    test.setTimeout(270_000);
    // The routes of docs/product.md §2, less those reached only through a flow (welcome, registration failed,
    // reset password from the email, order complete), the dynamic ones (reached from their
    // lists) and /news/create (staff, from /news and the staff area).
    const SPEC_PAGES = [
      "/",
      "/terms",
      "/privacy",
      "/rules",
      "/faq",
      "/partnerships",
      "/register",
      "/login",
      "/play",
      "/store",
      "/credits",
      "/vote",
      "/hiscores",
      "/account",
      "/account/tickets",
      "/account/purchases",
      "/account/change-password",
      "/account/request-password-reset",
      "/tickets",
      "/ticketinfo",
      "/tickets/create",
      "/forums",
      "/news",
    ];
    const user = await createE2EUser();
    await startSignedIn(page, user);
    const normal = (href: string) => new URL(href, "http://site").pathname.replace(/(.)\/$/, "$1");
    // Links in the HTML as served (menus closed): what a visitor can click without a flow.
    const foundOn = new Map<string, string>([["/", "(start)"]]);
    const queue = ["/"];
    while (queue.length) {
      const from = queue.shift()!;
      const res = await page.request.get(from);
      expect(res.ok(), from).toBe(true);
      for (const [, raw] of (await res.text()).matchAll(/<a\b[^>]*\shref="(\/[^"/][^"]*|\/)"/g)) {
        const to = normal(raw!.replace(/&amp;/g, "&"));
        if (SPEC_PAGES.includes(to) && !foundOn.has(to)) {
          foundOn.set(to, from);
          queue.push(to);
        }
      }
    }
    expect(
      SPEC_PAGES.filter((p) => !foundOn.has(p)),
      "pages of docs/product.md §2 no page links to",
    ).toEqual([]);
    // The information pages hang off the chrome itself: one click from home.
    for (const p of ["/terms", "/privacy", "/rules", "/faq", "/partnerships"]) expect(foundOn.get(p), p).toBe("/");
  });
});
