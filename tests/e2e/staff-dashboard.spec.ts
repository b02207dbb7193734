import { axeViolations } from "./support/axe";
import { type Browser, expect, type Page } from "@playwright/test";
import { createE2ESession, createE2EUser } from "../factories/e2e-users";
import { test } from "./support/accounts";
import { sql } from "./support/store-link";

// The staff dashboard in Chromium: a moderator sees the four charts of their rank (revenue
// is for administrators, who see all five), each with its figures in a table behind "Show the
// figures"; the counters link to their pages (a moderator gets the two whose pages are theirs,
// an administrator all four); axe finds nothing
// (WCAG 2.1 A/AA) at 1280 and 360 px, and nothing scrolls sideways at 360; the charts run under
// the nonce CSP without a console error; the charting library is loaded by /staff and by no
// public page; a player and a guest get the 404 page. The figures themselves are checked against
// the database in tests/integration/staff-dashboard.test.ts.

const SECTIONS = ["Credits spent in the store", "Votes", "Registrations", "Players online"];
/** A string of uPlot's own (one of its class names), to tell its chunk from others. */
const UPLOT_MARK = "cursor-pt";

async function signedIn(browser: Browser, baseURL: string, privilege: "ADMINISTRATOR" | "MODERATOR" | "PLAYER"): Promise<Page> {
  const user = await createE2EUser({ privilege });
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": `127.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  await context.addCookies([{ name: "session", value: await createE2ESession(user.id), url: baseURL }]);
  return context.newPage();
}

/** Console errors and uncaught errors (a CSP violation is reported as a console error). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** The scripts a page loaded whose code contains `mark`. */
function scriptsContaining(page: Page, mark: string): { found: string[]; done: () => Promise<void> } {
  const found: string[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    pending.push(
      res.text().then(
        (body) => void (body.includes(mark) && found.push(res.url())),
        () => undefined,
      ),
    );
  });
  return { found, done: async () => void (await Promise.all(pending)) };
}

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test.describe("staff dashboard", () => {
  test("a moderator sees every chart of their rank with its figures as a table, under the nonce CSP, accessible at 1280 and 360 px", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(360_000); // four axe runs on a shared machine
    await sql(`INSERT INTO players_online_samples ("sampledAt", "playersOnline", worlds) VALUES ((now() AT TIME ZONE 'UTC') - interval '1 minute', 42, 1)`);
    const page = await signedIn(browser, baseURL!, "MODERATOR");
    const errors = collectErrors(page);
    const uplot = scriptsContaining(page, UPLOT_MARK);
    await page.setViewportSize({ width: 1280, height: 900 });
    const res = await page.goto("/staff");
    expect(res?.status()).toBe(200);
    expect(res?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    await expect(page.getByRole("heading", { level: 1, name: "Staff dashboard" })).toBeVisible();

    for (const name of SECTIONS) {
      const s = section(page, name);
      await expect(s.getByRole("heading", { level: 2, name })).toBeVisible();
      // The chart, drawn by the library loaded on demand.
      await expect(s.locator(".uplot canvas").first()).toBeVisible();
      // Its figures: a real table with a caption, a header row and one row per day.
      await s.getByText("Show the figures").click();
      const table = s.getByRole("table");
      await expect(table).toBeVisible();
      await expect(table.getByRole("row")).toHaveCount(31);
      await expect(table.getByRole("columnheader", { name: "Day (UTC)" })).toBeVisible();
    }
    // Money is the administrators' (as the payments area): no revenue chart, no figures of it.
    await expect(page.getByRole("heading", { name: "Revenue" })).toHaveCount(0);
    await expect(page.getByTestId("dashboard-revenue")).toHaveCount(0);
    await expectAccessible(page);

    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole("heading", { level: 1, name: "Staff dashboard" })).toBeVisible();
    await expect(section(page, "Votes").locator(".uplot canvas").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);

    // 90 days: another period, the same tables with 90 rows.
    await page.getByRole("navigation", { name: "Period" }).getByRole("link", { name: "90 days" }).click();
    await expect(page).toHaveURL(/\/staff\?range=90$/);
    await expect(page.getByRole("link", { name: "90 days" })).toHaveAttribute("aria-current", "page");
    // The <details> opened above may stay open across the navigation (React keeps the element).
    const figures = section(page, "Registrations").locator("details");
    if (!(await figures.evaluate((d) => (d as HTMLDetailsElement).open))) await figures.getByText("Show the figures").click();
    await expect(section(page, "Registrations").getByRole("table").getByRole("row")).toHaveCount(91);
    await expectNoSidewaysScroll(page);

    await uplot.done();
    expect(uplot.found.length, "the charting library's chunk was loaded").toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test("the counters link to their pages: a moderator's to tickets and reports, an administrator's to all four, with revenue", async ({ browser, baseURL }) => {
    const mod = await signedIn(browser, baseURL!, "MODERATOR");
    await mod.goto("/staff");
    const waiting = mod.getByRole("region", { name: "Waiting for staff" });
    await expect(waiting.getByRole("link", { name: /Open tickets/ })).toHaveAttribute("href", "/staff/tickets");
    await expect(waiting.getByRole("link", { name: /Reports waiting/ })).toHaveAttribute("href", "/staff/forums/reports");
    await expect(waiting.getByRole("link")).toHaveCount(2);
    // The administrators' counters are not shown to a moderator at all (no "administrators only" tiles).
    await expect(waiting.getByRole("listitem")).toHaveCount(2);
    await expect(waiting.getByTestId("counter-failedJobs")).toHaveCount(0);
    await expect(waiting.getByTestId("counter-unappliedEvents")).toHaveCount(0);
    await expect(waiting).not.toContainText("only");
    await waiting.getByRole("link", { name: /Open tickets/ }).click();
    await expect(mod).toHaveURL(/\/staff\/tickets$/);
    await mod.goto("/staff");
    await mod
      .getByRole("region", { name: "Waiting for staff" })
      .getByRole("link", { name: /Reports waiting/ })
      .click();
    await expect(mod).toHaveURL(/\/staff\/forums\/reports$/);

    const admin = await signedIn(browser, baseURL!, "ADMINISTRATOR");
    await admin.goto("/staff");
    const all = admin.getByRole("region", { name: "Waiting for staff" });
    await expect(all.getByRole("link")).toHaveCount(4);
    // An administrator has the revenue chart, its totals and its figures.
    const revenue = section(admin, "Revenue");
    await expect(revenue.getByRole("heading", { level: 2, name: "Revenue" })).toBeVisible();
    await expect(revenue.getByTestId("revenue-totals")).toContainText("Net");
    await revenue.getByText("Show the figures").click();
    await expect(revenue.getByRole("table").getByRole("row")).toHaveCount(31);
    await expect(all.getByRole("link", { name: /Failed jobs/ })).toHaveAttribute("href", "/staff/jobs");
    await expect(all.getByRole("link", { name: /Payment events not applied/ })).toHaveAttribute("href", "/staff/payments?view=events");
    await all.getByRole("link", { name: /Failed jobs/ }).click();
    await expect(admin).toHaveURL(/\/staff\/jobs$/);
    await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
    await admin.goto("/staff");
    await admin
      .getByRole("region", { name: "Waiting for staff" })
      .getByRole("link", { name: /Payment events not applied/ })
      .click();
    await expect(admin).toHaveURL(/\/staff\/payments\?view=events$/);
    await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the charting library is not loaded by the public pages", async ({ page }) => {
    for (const path of ["/", "/rules", "/login", "/hiscores", "/forums", "/store"]) {
      const uplot = scriptsContaining(page, UPLOT_MARK);
      await page.goto(path);
      await page.waitForLoadState("load");
      await uplot.done();
      expect(uplot.found, path).toEqual([]);
    }
  });

  test("a player and a guest get the 404 page at /staff, and 401/403 from its API", async ({ browser, baseURL, page: guest }) => {
    const player = await signedIn(browser, baseURL!, "PLAYER");
    expect((await player.goto("/staff"))?.status()).toBe(404);
    await expect(player.getByRole("heading", { name: "You seem to have wandered off the map" })).toBeVisible();
    expect((await player.request.get("/api/v1/staff/dashboard")).status()).toBe(403);
    expect((await guest.goto("/staff"))?.status()).toBe(404);
    expect((await guest.request.get("/api/v1/staff/dashboard")).status()).toBe(401);
  });
});
