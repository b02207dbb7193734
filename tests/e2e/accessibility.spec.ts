import { axeViolations as violations } from "./support/axe";
import { expect } from "@playwright/test";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";

// WCAG 2.1 A/AA checks by axe-core on every page of the foundation and accounts issues.

const PUBLIC_PAGES = [
  "/",
  "/terms",
  "/privacy",
  "/rules",
  "/ranks",
  "/faq",
  "/partnerships",
  "/play",
  "/login",
  "/register",
  "/welcome",
  "/registration-failed",
  "/account/request-password-reset",
  "/account/reset-password?uid=1&token=abc",
  "/tickets",
  "/ticketinfo",
  "/news",
  "/news?year=2001&month=1",
  "/news/winter-festival-begins",
  "/news/no-such-post",
  "/no-such-page",
  // Forums on the seeded data: the index, a forum, a thread, search with hits and none.
  "/forums",
  "/forums/3",
  "/forums/thread/1",
  "/forums/search?q=slayer",
  "/forums/search?q=nothingmatchesthis",
];

test.describe("accessibility", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }

  // One test per page: the walk used to be one test of seven axe runs, which a busy machine
  // pushed past its time limit.
  for (const path of ["/account", "/account/change-password", "/tickets/create", "/account/tickets", "/account/tickets?tab=closed", "/ticket/{id}"]) {
    test(`signed in: ${path} has no WCAG A/AA violations`, async ({ page }) => {
      const user = await createE2EUser();
      await startSignedIn(page, user);
      let url = path;
      if (path.includes("{id}")) {
        // A ticket of the player's own.
        const created = await page.request.post("/api/v1/tickets", { data: { type: "GENERAL_INQUIRY", title: "Axe check", description: "Checking." } });
        expect(created.status()).toBe(201);
        url = path.replace("{id}", String(((await created.json()) as { id: number }).id));
      }
      await page.goto(url);
      await expect(page.locator("h1").first()).toBeVisible();
      // The account page's cards load from the API: check them once they are there.
      await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
      expect(await violations(page), url).toEqual([]);
    });
  }

  test("signed in: the open account menu has no WCAG A/AA violations", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await page.goto("/account");
    await page.getByRole("banner").getByRole("button", { name: user.username }).click();
    expect(await violations(page), "account menu").toEqual([]);
  });

  test("the staff ticket and news pages have no WCAG A/AA violations", async ({ page }) => {
    // Six pages through axe, one with the editor starting in the browser.
    test.setTimeout(180_000);
    const moderator = await createE2EUser({ privilege: "MODERATOR" });
    await startSignedIn(page, moderator);
    const created = await page.request.post("/api/v1/tickets", { data: { type: "REPORT_BUG", title: "Staff axe check", description: "Checking." } });
    const { id } = (await created.json()) as { id: number };
    for (const path of ["/staff/tickets", "/staff/tickets?status=all", `/ticket/${id}`, "/news"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
    // The news form, once its editor (toolbar included) has started in the browser.
    await page.goto("/news/create");
    await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
    await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
    expect(await violations(page), "/news/create").toEqual([]);
  });

  test("the forum pages with the editor have no WCAG A/AA violations", async ({ page }) => {
    test.setTimeout(180_000);
    await startSignedIn(page, await createE2EUser());
    // Create a thread, a thread of the player's own with the reply editor, and others' posts with Report.
    const thread = await page.request.post("/api/v1/forums/threads", {
      data: { forum_id: 3, title: "Axe check", content: "<p>Checking <strong>forums</strong>.</p>" },
    });
    expect(thread.status()).toBe(201);
    const threadId = ((await thread.json()) as { id: number }).id;
    for (const path of ["/forums/3/create", "/forums/1/create", `/forums/thread/${threadId}`, "/forums/thread/1"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      await expect(page.getByRole("toolbar", { name: "Formatting" }).or(page.getByText("Only staff can start threads"))).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
    await page.getByRole("button", { name: "Report" }).first().click();
    await expect(page.getByRole("dialog", { name: "Report post" })).toBeVisible();
    expect(await violations(page), "report dialog").toEqual([]);
  });

  test("a thread's reply area, as served before any script has run, has no WCAG A/AA violations", async ({ page }) => {
    // What a slow phone shows a signed-in player until the scripts start. The thread page is the
    // public one (the page cache serves it to guests and players alike); its one inline script
    // reads the hint cookie, so the stylesheet shows "loading" instead of the guests' prompt to
    // log in. Every other script of the page is held back, so that moment lasts for the check
    // (a busy CI machine once found loading text there too faint to read).
    await startSignedIn(page, await createE2EUser());
    const held: Array<() => Promise<void>> = [];
    const isScript = (url: URL) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js");
    let hold = true;
    await page.route(isScript, (route) => (hold ? void held.push(() => route.continue()) : route.continue()));
    await page.goto("/forums/thread/1", { waitUntil: "commit" });
    await expect(page.getByTestId("reply-loading")).toBeVisible();
    await expect(page.getByTestId("login-prompt")).toBeHidden();
    expect(await violations(page), "the reply area before its scripts").toEqual([]);
    // Let the scripts through: the same page, started, passes too (the reply form replaces the line).
    hold = false;
    await Promise.all(held.splice(0).map((go) => go()));
    await expect(page.getByRole("textbox", { name: "Your reply" })).toBeVisible();
    await expect(page.getByTestId("reply-loading")).toHaveCount(0);
    await expect(page.getByTestId("login-prompt")).toHaveCount(0);
    expect(await violations(page), "the reply form started").toEqual([]);

    // A guest, scripts held back the same way, sees the prompt to log in and no loading line.
    await page.context().clearCookies();
    hold = true;
    await page.goto("/forums/thread/1", { waitUntil: "commit" });
    await expect(page.getByTestId("login-prompt")).toBeVisible();
    await expect(page.getByTestId("reply-loading")).toBeHidden();
    expect(await violations(page), "the guest's reply area before its scripts").toEqual([]);
    hold = false;
    await Promise.all(held.splice(0).map((go) => go()));
  });

  test("the staff forum pages have no WCAG A/AA violations", async ({ page }) => {
    test.setTimeout(180_000);
    await startSignedIn(page, await createE2EUser({ privilege: "MODERATOR" }));
    for (const path of ["/staff/forums/reports", "/staff/forums/reports?status=resolved", "/forums/thread/1"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
    await page.getByRole("button", { name: "Hide", exact: true }).first().click();
    await expect(page.getByRole("dialog", { name: "Hide post" })).toBeVisible();
    expect(await violations(page), "hide dialog").toEqual([]);
  });
});
