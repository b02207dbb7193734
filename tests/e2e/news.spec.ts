import { expect } from "@playwright/test";
import { createE2EUser, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";

// News in Chromium: staff write a post on /news/create with the real rich-text editor
// and find it on its page, in this month's archive and on the home page; a player gets the 404
// page for the form and a 403 from the API; the archive's empty month and a missing post show
// the texts of docs/product.md.

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

test.describe("news", () => {
  test("staff publish a post with the editor; it shows on its page, in the archive and on the home page", async ({ page }) => {
    test.setTimeout(270_000);
    const moderator = await createE2EUser({ privilege: "MODERATOR" });
    const title = `Ember Games ${uniqueUsername("n").slice(1, 7)}`;
    await startSignedIn(page, moderator);

    await page.goto("/news");
    await page.getByRole("main").getByRole("link", { name: "Create News Post" }).click();
    await expect(page).toHaveURL(/\/news\/create$/);
    await expect(page.getByRole("heading", { level: 1, name: "Create News Post" })).toBeVisible();
    const main = page.getByRole("main");
    const editor = main.getByRole("textbox", { name: "Content" });
    await expect(editor).toBeVisible();

    // Nothing is sent without a title and content: both fields say so.
    await main.getByRole("button", { name: "Publish News Post" }).click();
    await expect(main.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expect(editor).toHaveAttribute("aria-invalid", "true");
    await expect(main.getByText("This field is required.")).toHaveCount(2);

    await main.getByLabel("Title").fill(title);
    await editor.click();
    await page.keyboard.type("The arena opens on Saturday. ");
    await main.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("Bring your best gear.");
    // The server's own check on the image: its message under the field.
    await main.getByLabel("Image URL (optional)").fill("javascript:alert(1)");
    await main.getByRole("button", { name: "Publish News Post" }).click();
    await expect(
      main.getByText("The image must be an http(s) address of a public host, or an image on this site (a path starting with /images/)."),
    ).toBeVisible();
    await expect(main.getByLabel("Image URL (optional)")).toHaveAttribute("aria-invalid", "true");
    await main.getByLabel("Image URL (optional)").fill("");
    await main.getByRole("button", { name: "Publish News Post" }).click();

    // The post's page, under the per-request nonce policy.
    await expect(page).toHaveURL(/\/news\/ember-games-[a-z0-9]+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("news-posted")).toContainText(`Posted by ${moderator.username} on`);
    await expect(page.getByTestId("news-posted").getByRole("link", { name: "News & Announcements" })).toHaveAttribute("href", /^\/forums\/thread\/\d+$/);
    await expect(page.getByTestId("news-content").locator("strong")).toHaveText("Bring your best gear.");
    const postUrl = new URL(page.url()).pathname;

    // This month's archive.
    await page.goto("/news");
    const now = new Date();
    await expect(page.getByRole("heading", { name: `Viewing ${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}` })).toBeVisible();
    const article = page.getByRole("article", { name: title });
    await expect(article).toContainText("The arena opens on Saturday. Bring your best gear.");
    await expect(article).toContainText("News & Announcements");
    await expect(article.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", /^\/forums\/thread\/\d+$/);
    await article.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(postUrl);

    // The home page's Latest News (a client island reading GET /api/v1/news/latest).
    await page.goto("/");
    const latest = page.getByRole("region", { name: "Latest News" });
    await expect(latest.getByRole("link", { name: title })).toHaveAttribute("href", postUrl);
    await latest.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });

  test("the home page says when the latest news cannot be loaded, and Try again loads it", async ({ page }) => {
    let fail = true;
    await page.route("**/api/v1/news/latest*", (route) => (fail ? route.abort() : route.continue()));
    await page.goto("/");
    const latest = page.getByRole("region", { name: "Latest News" });
    await expect(latest.getByRole("status")).toHaveText(/The latest news could not be loaded right now\./);
    fail = false;
    await latest.getByRole("button", { name: "Try again" }).click();
    await expect(latest.getByRole("listitem").first().getByRole("link")).toHaveAttribute("href", /^\/news\/[a-z0-9-]+$/);
  });

  test("a player gets the 404 page for the form and 403 from the API; a guest is sent to log in @mobile", async ({ page }) => {
    const res = await page.goto("/news/create");
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login\?next=%2Fnews%2Fcreate$/);

    const player = await createE2EUser();
    await startSignedIn(page, player);
    const form = await page.goto("/news/create");
    expect(form?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Publish News Post" })).toHaveCount(0);

    const title = `Not staff ${uniqueUsername("x").slice(1, 7)}`;
    const post = await page.request.post("/api/v1/news", { data: { title, content: "<p>Let me in.</p>" } });
    expect(post.status()).toBe(403);
    expect(await post.json()).toEqual({ details: "You do not have permission to perform this action." });
    await page.goto("/news");
    await expect(page.getByRole("article", { name: title })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Create News Post" })).toHaveCount(0);
  });

  test("an empty month shows the text of docs/product.md §2; year and month buttons mark the one shown @mobile", async ({ page }) => {
    await page.goto("/news?year=2001&month=1");
    await expect(page.getByRole("heading", { name: "Viewing January 2001" })).toBeVisible();
    await expect(page.getByText("No archived news found for January 2001")).toBeVisible();
    const nav = page.getByRole("navigation", { name: "News archive" });
    await expect(nav.getByRole("link", { name: "January" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "2001" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("list", { name: "Month" }).getByRole("link")).toHaveCount(12);
    // Every year with news is offered (the demo has news from earlier years), and the current year.
    const thisYear = String(new Date().getUTCFullYear());
    await expect(nav.getByRole("link", { name: thisYear })).toBeVisible();
    expect((await nav.getByRole("list", { name: "Year" }).getByRole("link").allTextContents()).length).toBeGreaterThan(2);

    await nav.getByRole("link", { name: "March" }).click();
    await expect(page).toHaveURL(/\/news\?year=2001&month=3$/);
    await expect(page.getByText("No archived news found for March 2001")).toBeVisible();

    // A bad query is this month, not an error page.
    const bad = await page.goto("/news?year=abc&month=99");
    expect(bad?.status()).toBe(200);
    const now = new Date();
    await expect(page.getByRole("heading", { name: `Viewing ${MONTHS[now.getUTCMonth()]} ${now.getUTCFullYear()}` })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test("a missing post is a 404 with the text of docs/product.md §2 @mobile", async ({ page }) => {
    for (const path of ["/news/no-such-post-anywhere", "/news/NOT%20A%20SLUG"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Oops! News archive post not found!" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to the news archive" })).toBeVisible();
    }
  });
});
