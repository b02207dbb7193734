import { type APIRequestContext, expect } from "@playwright/test";
import { createE2EUser, e2eQuery, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations as violations } from "./support/axe";

// Profiles and likes in Chromium (docs/forums.md, "Profiles" and "Likes"): the author's name in a
// thread opens their profile; a player likes a post and sees the count (and it stays after a
// reload, through the guest page cache); who liked it opens by keyboard; a guest's Like asks
// them to log in; the profile page at 360 px with no sideways scroll and no axe violations.

const FORUM = "General Discussion";

async function forumIdOf(name = FORUM): Promise<number> {
  const [row] = await e2eQuery<{ id: number }>(`SELECT id FROM forums WHERE name = $1`, [name]);
  return row!.id;
}

async function apiThread(request: APIRequestContext, title: string, content: string): Promise<number> {
  const created = await request.post("/api/v1/forums/threads", { data: { forum_id: await forumIdOf(), title, content } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

test.describe("forum profiles and likes", () => {
  test("clicking an author's name opens the profile; a like shows its count and who liked it", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(120_000);
    const author = await createE2EUser();
    const authorContext = await browser.newContext({ baseURL, extraHTTPHeaders });
    const authorPage = await authorContext.newPage();
    await startSignedIn(authorPage, author);
    const title = `Profile trip ${uniqueUsername("t")}`;
    const threadId = await apiThread(authorPage.request, title, "<p>A dragon dropped a visage.</p>");
    await authorContext.close();

    const liker = await createE2EUser();
    await startSignedIn(page, liker);
    await page.goto(`/forums/thread/${threadId}`);
    const post = page.getByRole("article", { name: `Post by ${author.username}` });
    await post.getByTestId("author-name").click();
    await expect(page).toHaveURL((url) => url.pathname === `/users/${encodeURIComponent(author.username)}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(author.username);
    const recent = page.getByTestId("profile-threads");
    await expect(recent.getByRole("link", { name: title })).toBeVisible();
    await expect(page.getByTestId("profile-post-count")).toHaveText("1");

    await page.goBack();
    const likes = page.getByRole("article", { name: `Post by ${author.username}` }).getByTestId("likes");
    await expect(likes.getByTestId("like-count")).toHaveText("No likes yet");
    const like = likes.getByRole("button", { name: `Like the post by ${author.username}` });
    await expect(like).toHaveAttribute("aria-pressed", "false");
    await like.click();
    await expect(likes.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
    await expect(likes.getByTestId("like-count")).toHaveAttribute("data-count", "1");
    await expect(likes.getByTestId("like-count")).toContainText("1 like");

    // After a reload the count is the server's (the like dropped the cached page) and the button
    // knows the reader likes the post (asked by the browser: the page itself is everyone's).
    await page.reload();
    const again = page.getByRole("article", { name: `Post by ${author.username}` }).getByTestId("likes");
    await expect(again.getByTestId("like-count")).toHaveAttribute("data-count", "1");
    await expect(again.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");

    // Who liked it, by keyboard: the count is a button that opens the list; Escape closes it.
    await again.getByTestId("like-count").focus();
    await page.keyboard.press("Enter");
    await expect(again.getByTestId("like-count")).toHaveAttribute("aria-expanded", "true");
    await expect(again.getByTestId("likers").getByRole("link", { name: liker.username })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(again.getByTestId("like-count")).toHaveAttribute("aria-expanded", "false");

    // Unlike: back to none.
    await again.getByTestId("like-button").click();
    await expect(again.getByTestId("like-button")).toHaveAttribute("aria-pressed", "false");
    await expect(again.getByTestId("like-count")).toHaveText("No likes yet");
  });

  test("a guest sees the count and is asked to log in by Like", async ({ browser, baseURL, extraHTTPHeaders }) => {
    const author = await createE2EUser();
    const context = await browser.newContext({ baseURL, extraHTTPHeaders });
    const authorPage = await context.newPage();
    await startSignedIn(authorPage, author);
    const threadId = await apiThread(authorPage.request, `Guest view ${uniqueUsername("t")}`, "<p>Read me.</p>");
    await context.close();

    const guestContext = await browser.newContext({ baseURL, extraHTTPHeaders });
    const guest = await guestContext.newPage();
    await guest.goto(`/forums/thread/${threadId}`);
    const likes = guest.getByTestId("likes").first();
    await likes.getByTestId("like-button").click();
    await expect(likes.getByRole("link", { name: "Log in to like posts" })).toHaveAttribute("href", /^\/login\?next=/);
    await guestContext.close();
  });

  test("the profile page at 360 px: no sideways scroll, no axe violations, and the empty state @mobile", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    const author = await createE2EUser();
    const context = await browser.newContext({ baseURL, extraHTTPHeaders });
    const authorPage = await context.newPage();
    await startSignedIn(authorPage, author);
    await apiThread(authorPage.request, `A rather long thread title to wrap ${uniqueUsername("t")}`, `<p>${"Lorem ipsum dolor sit amet ".repeat(20)}</p>`);
    await context.close();

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/users/${encodeURIComponent(author.username.toUpperCase())}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(author.username);
    await expect(page.getByTestId("profile-posts")).toContainText("Lorem ipsum");
    await expect(page.getByRole("link", { name: `Hiscores of ${author.username}` })).toHaveAttribute(
      "href",
      `/hiscores/player/${encodeURIComponent(author.username)}`,
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);

    const quiet = await createE2EUser();
    await page.goto(`/users/${encodeURIComponent(quiet.username)}`);
    await expect(page.getByTestId("profile-no-posts")).toHaveText("No posts yet.");
    await expect(page.getByTestId("profile-no-threads")).toHaveText("No threads yet.");
    expect(await violations(page)).toEqual([]);

    const missing = await page.goto("/users/nosuchplayerx");
    expect(missing?.status()).toBe(404);
  });
});
