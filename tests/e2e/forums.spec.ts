import { type APIRequestContext, type Browser, type Page, expect } from "@playwright/test";
import { createE2EForum, createE2EUser, e2eQuery, type E2EUser, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations as violations } from "./support/axe";

// Forums in Chromium: a player writes a thread and a reply with the real editor;
// guests are asked to log in; staff pin, close, move and hide (posts and whole threads) from the thread page; search finds a
// post by a word of its body. Seeded forums: "General Discussion" takes threads from players.

const FORUM = "General Discussion";

/** A short unique word (letters only, so full-text search keeps it whole). */
function uniqueWord(prefix: string): string {
  const letters = uniqueUsername("w")
    .slice(1)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  return `${prefix}${letters}`;
}

/** The forum's id, from its link on the index. */
async function forumId(page: Page, name = FORUM): Promise<number> {
  await page.goto("/forums");
  const href = await page.getByRole("main").getByRole("link", { name, exact: true }).getAttribute("href");
  return Number(/\/forums\/(\d+)$/.exec(href ?? "")?.[1]);
}

/** A thread (and optional replies) written through the API with the page's session. */
async function apiThread(
  request: APIRequestContext,
  forum: number,
  title: string,
  content: string,
  replies: string[] = [],
): Promise<{ id: number; posts: number[] }> {
  const created = await request.post("/api/v1/forums/threads", { data: { forum_id: forum, title, content } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const posts: number[] = [];
  for (const r of replies) {
    const res = await request.post("/api/v1/forums/posts", { data: { thread_id: id, content: r } });
    expect(res.status(), await res.text()).toBe(201);
    posts.push(((await res.json()) as { id: number }).id);
  }
  return { id, posts };
}

async function counts(page: Page, name: string) {
  await page.goto("/forums");
  const row = page.getByTestId("forum-row").filter({ has: page.getByRole("link", { name, exact: true }) });
  const read = async (id: string) => Number(await row.getByTestId(id).getAttribute("data-count"));
  return { threads: await read("thread-count"), replies: await read("reply-count") };
}

/** A new forum for players, in the seeded forum's category; returns its name. */
async function ownForum(): Promise<string> {
  const name = `Drop logs ${uniqueWord("f")}`;
  await createE2EForum(name, "Where this journey counts its own posts.");
  return name;
}

async function staffPage(
  browser: Browser,
  baseURL: string | undefined,
  extraHTTPHeaders: Record<string, string> | undefined,
): Promise<{ page: Page; close: () => Promise<void>; user: E2EUser }> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders });
  const page = await context.newPage();
  const user = await createE2EUser({ privilege: "MODERATOR" });
  await startSignedIn(page, user);
  return { page, close: () => context.close(), user };
}

test.describe("forums", () => {
  test("a player writes a thread with bold text, a list and an image, replies, and the counts go up", async ({ page, baseURL }) => {
    test.setTimeout(270_000);
    const player = await createE2EUser();
    await startSignedIn(page, player);
    // A forum of its own, beside the seeded one: other journeys post in "General Discussion" at
    // the same time, so only here are the counts this journey's alone.
    const forum = await ownForum();
    expect(await counts(page, forum)).toEqual({ threads: 0, replies: 0 });
    const title = `Drop log ${uniqueWord("t")}`;

    await page.getByRole("main").getByRole("link", { name: forum, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: forum })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Forums");
    await page.getByRole("link", { name: "Create Thread" }).click();
    await expect(page).toHaveURL(/\/forums\/\d+\/create$/);

    const main = page.getByRole("main");
    // The title is required: nothing is sent without it.
    await main.getByRole("button", { name: "Create Thread" }).click();
    await expect(main.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
    await expect(main.getByText("This field is required.")).toBeVisible();
    await main.getByLabel("Title").fill(title);

    // The real editor: bold, a bullet list, and an image by URL through its dialog.
    const editor = main.getByRole("textbox", { name: "Content" });
    await editor.click();
    const toolbar = main.getByRole("toolbar", { name: "Formatting" });
    await toolbar.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type("Rune scimitar");
    await toolbar.getByRole("button", { name: "Bold" }).click();
    await page.keyboard.type(" from a goblin.");
    await page.keyboard.press("Enter");
    await toolbar.getByRole("button", { name: "Bullet list" }).click();
    await page.keyboard.type("first kill");
    await page.keyboard.press("Enter");
    await page.keyboard.type("second kill");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    const imageUrl = new URL("/images/news/default.svg", baseURL).toString();
    await toolbar.getByRole("button", { name: "Insert image by URL" }).click();
    const dialog = page.getByRole("dialog", { name: "Insert image" });
    await dialog.getByLabel("Image URL").fill(imageUrl);
    await dialog.getByRole("button", { name: "Insert", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(editor.locator("img")).toHaveAttribute("src", imageUrl);
    await main.getByRole("button", { name: "Create Thread" }).click();

    await expect(page).toHaveURL(/\/forums\/thread\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const opening = page.getByRole("article", { name: `Post by ${player.username}` });
    const body = opening.getByTestId("post-body");
    await expect(body.locator("strong")).toHaveText("Rune scimitar");
    await expect(body.locator("li")).toHaveText(["first kill", "second kill"]);
    await expect(body.locator("img")).toHaveAttribute("src", imageUrl);
    await expect(opening.getByTestId("author-panel")).toContainText("Bronze");
    await expect(page.getByTestId("thread-post-count")).toHaveText("1 post");
    // Every post has its anchor.
    expect(await page.getByTestId("post").first().getAttribute("id")).toMatch(/^post-\d+$/);

    // A reply with the same editor.
    const reply = page.getByRole("textbox", { name: "Your reply" });
    await reply.click();
    await page.keyboard.type("Nice drop, ");
    await page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name: "Italic" }).click();
    await page.keyboard.type("congratulations");
    await page.getByRole("button", { name: "Submit Post" }).click();
    await expect(page.getByText("Successfully posted comment!")).toBeVisible();
    await expect(page.getByRole("article", { name: `Post by ${player.username}` })).toHaveCount(2);
    await expect(page.getByTestId("post-body").nth(1).locator("em")).toHaveText("congratulations");
    await expect(page.getByTestId("thread-post-count")).toHaveText("2 posts");
    // The editor is empty again for the next reply.
    await expect(reply).not.toContainText("congratulations");

    // The author edits the reply inside the edit window: the post says it was edited.
    const replyPost = page.getByTestId("post").nth(1);
    await replyPost.getByRole("button", { name: "Edit" }).click();
    const edit = replyPost.getByRole("textbox", { name: "Edit post" });
    await expect(edit).toContainText("congratulations");
    await edit.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" (edited)");
    await replyPost.getByRole("button", { name: "Save Changes" }).click();
    await expect(replyPost.getByTestId("post-body")).toContainText("congratulations (edited)");
    await expect(replyPost.getByTestId("edited")).toContainText(`Edited by ${player.username}`);

    // The forum list and the index count it.
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: forum }).click();
    const row = page.getByTestId("thread-row").filter({ hasText: title });
    await expect(row.getByTestId("post-count")).toHaveAttribute("data-count", "2");
    await expect(row).toContainText(`Created by ${player.username}`);
    // One thread, and one reply (the thread's first post is not a reply).
    expect(await counts(page, forum)).toEqual({ threads: 1, replies: 1 });
  });

  test("a post's author panel links the author's name to their profile, hiscores to their hiscores page, and the adventure log to its tab", async ({
    page,
  }) => {
    const player = await createE2EUser();
    await startSignedIn(page, player);
    const { id } = await apiThread(page.request, await forumId(page), `Author ${uniqueWord("t")}`, "<p>Who wrote this?</p>");
    await page.goto(`/forums/thread/${id}`);
    const panel = page.getByRole("article", { name: `Post by ${player.username}` }).getByTestId("author-panel");
    // The name opens the profile, "Hiscores" the hiscores page, "Adventure log" its tab (docs/forums.md).
    const hiscores = `/hiscores/player/${encodeURIComponent(player.username)}`;
    const profile = `/users/${encodeURIComponent(player.username)}`;
    const name = panel.getByRole("link", { name: player.username, exact: true });
    await expect(name).toHaveAttribute("href", profile);
    await expect(panel.getByRole("link", { name: `Hiscores of ${player.username}`, exact: true })).toHaveAttribute("href", hiscores);
    await expect(panel.getByRole("link", { name: `Adventure log of ${player.username}`, exact: true })).toHaveAttribute("href", `${hiscores}/log`);
    await panel.getByRole("link", { name: `Hiscores of ${player.username}`, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === hiscores);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(player.username);
  });

  test("the rank and post tier in an author's panel lead to /ranks, which lists the ranks and the tiers with what earns each", async ({ page }) => {
    const player = await createE2EUser();
    // An Expansion donator with 30 posts (31 with this thread): Steel.
    await e2eQuery(`UPDATE users SET "memberRank" = 'EXPANSION', "postCount" = 30 WHERE id = $1`, [player.id]);
    await startSignedIn(page, player);
    const { id } = await apiThread(page.request, await forumId(page), `Ranks ${uniqueWord("r")}`, "<p>What do these mean?</p>");
    await page.goto(`/forums/thread/${id}`);
    const panel = page.getByRole("article", { name: `Post by ${player.username}` }).getByTestId("author-panel");
    const rank = panel.getByRole("link", { name: "Donator rank: Expansion", exact: true });
    await expect(rank).toHaveAttribute("href", "/ranks#donator-ranks");
    await expect(rank).toHaveAttribute("title", "Donator rank: Expansion — see what the ranks mean");
    const tier = panel.getByRole("link", { name: "Post tier: Steel", exact: true });
    await expect(tier).toHaveAttribute("href", "/ranks#post-tiers");
    await expect(tier).toHaveAttribute("title", "Post tier: Steel — see what the tiers mean");
    expect(await violations(page)).toEqual([]);

    await tier.click();
    await expect(page).toHaveURL((url) => url.pathname === "/ranks" && url.hash === "#post-tiers");
    await expect(page.getByRole("heading", { level: 1, name: "Ranks" })).toBeVisible();
    const tiers = page.getByRole("region", { name: "Forum post tiers" });
    await expect(tiers).toBeInViewport();
    const tierRows = tiers.locator("tbody tr");
    await expect(tierRows).toHaveCount(12);
    await expect(tierRows.first()).toHaveText(/Bronze\s*0–10$/);
    await expect(tierRows.filter({ hasText: "Steel" })).toHaveText(/Steel\s*26–50$/);
    await expect(tierRows.last()).toHaveText(/Twisted\s*1,501 or more$/);
    const donators = page.getByRole("region", { name: "Donator ranks" }).locator("tbody tr");
    await expect(donators).toHaveCount(7);
    await expect(donators.filter({ hasText: "Expansion" })).toHaveText(/Expansion\s*\$50 or more$/);
    await expect(donators.last()).toHaveText(/Uber\s*\$5,000 or more$/);
    await expect(page.getByRole("region", { name: "Staff ranks" }).getByRole("listitem")).toHaveText([/Moderator$/, /Administrator$/, /Owner$/]);
    expect(await violations(page)).toEqual([]);

    await page.goBack();
    await rank.click();
    await expect(page).toHaveURL((url) => url.pathname === "/ranks" && url.hash === "#donator-ranks");
    await expect(page.getByRole("region", { name: "Donator ranks" })).toBeInViewport();
  });

  test("a guest reads a thread with a login prompt and no editor; bad ids are the 404 page @mobile", async ({ page }) => {
    const player = await createE2EUser();
    await startSignedIn(page, player);
    const forum = await forumId(page);
    const title = `Guest view ${uniqueWord("g")}`;
    const { id } = await apiThread(page.request, forum, title, "<p>Readable by <strong>everyone</strong>.</p>");
    await page.context().clearCookies();

    await page.goto("/forums");
    await expect(page.getByRole("heading", { level: 1, name: "Forums" })).toBeVisible();
    // Categories fold away and open again.
    const toggle = page.getByRole("button", { name: "Community" });
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("link", { name: FORUM, exact: true })).toBeHidden();
    await toggle.click();
    await expect(page.getByRole("link", { name: FORUM, exact: true })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The forum's Create Thread button leads a guest to the login page first (the forum page is
    // the same for guests and players: the create page sends a guest to log in).
    await page.goto(`/forums/${forum}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole("link", { name: "Create Thread" }).click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/forums/${forum}/create`)}`);

    const res = await page.goto(`/forums/thread/${id}`);
    expect(res?.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId("post-body").locator("strong")).toHaveText("everyone");
    const prompt = page.getByTestId("login-prompt");
    await expect(prompt.getByRole("link", { name: "Log in to reply" })).toHaveAttribute("href", `/login?next=${encodeURIComponent(`/forums/thread/${id}`)}`);
    await expect(page.getByRole("textbox", { name: "Your reply" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Submit Post" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Report" })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Every bad id answers the 404 page (read as a document, without a browser navigation each:
    // a busy machine once aborted one of six back-to-back navigations); the browser shows one.
    for (const path of ["/forums/thread/abc", "/forums/thread/2147483647", "/forums/thread/0", "/forums/abc", "/forums/2147483647", "/forums/1e3"]) {
      const r = await page.request.get(path, { headers: { accept: "text/html" } });
      expect(r.status(), path).toBe(404);
      expect(await r.text(), path).toContain("Return Home");
    }
    const shown = await page.goto("/forums/thread/2147483647");
    expect(shown?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
  });

  test("staff pin, close, move and rename a thread: the icons show, the player loses the reply editor and sees the notice", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    test.setTimeout(270_000);
    const player = await createE2EUser();
    await startSignedIn(page, player);
    const forum = await forumId(page);
    const title = `Pin me ${uniqueWord("p")}`;
    const { id } = await apiThread(page.request, forum, title, "<p>Please pin this.</p>");
    await page.goto(`/forums/thread/${id}`);
    await expect(page.getByRole("button", { name: "Submit Post" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Staff Controls" })).toHaveCount(0);

    const staff = await staffPage(browser, baseURL, extraHTTPHeaders);
    await staff.page.goto(`/forums/thread/${id}`);
    const controls = staff.page.getByRole("complementary", { name: "Thread moderation" });
    await expect(controls.getByRole("heading", { name: "Staff Controls" })).toBeVisible();
    const heading = staff.page.getByRole("heading", { level: 1 });
    await expect(heading.getByRole("img", { name: "Pinned" })).toHaveCount(0);
    await controls.getByRole("button", { name: "Pin", exact: true }).click();
    await expect(heading.getByRole("img", { name: "Pinned" })).toBeVisible();
    await expect(controls.getByRole("button", { name: "Unpin" })).toBeVisible();
    await controls.getByRole("button", { name: "Close", exact: true }).click();
    await expect(heading.getByRole("img", { name: "Closed" })).toBeVisible();
    await expect(controls.getByRole("button", { name: "Reopen" })).toBeVisible();
    await expect(staff.page.getByTestId("closed-notice")).toBeVisible();
    await expect(staff.page.getByRole("button", { name: "Submit Post" })).toHaveCount(0);
    // Move it to Guides and back: the breadcrumb follows.
    await controls.getByLabel("Move to forum").selectOption({ label: "Guides" });
    await controls.getByRole("button", { name: "Move" }).click();
    await expect(staff.page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Guides" })).toBeVisible();
    await controls.getByLabel("Move to forum").selectOption({ label: FORUM });
    await controls.getByRole("button", { name: "Move" }).click();
    await expect(staff.page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: FORUM })).toBeVisible();
    // Rename it: an empty title names the field; a real one becomes the heading.
    const titleField = controls.getByLabel("Thread title");
    await expect(titleField).toHaveValue(title);
    await titleField.fill(" ");
    await controls.getByRole("button", { name: "Rename" }).click();
    await expect(titleField).toHaveAttribute("aria-invalid", "true");
    await titleField.fill(`${title} (renamed)`);
    await controls.getByRole("button", { name: "Rename" }).click();
    await expect(heading).toContainText(`${title} (renamed)`);
    await staff.close();

    // The player: no reply editor, the closed notice, both icons; pinned first in the forum.
    await page.reload();
    await expect(page.getByTestId("closed-notice")).toContainText("closed");
    await expect(page.getByRole("textbox", { name: "Your reply" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Submit Post" })).toHaveCount(0);
    await page.goto(`/forums/${forum}`);
    const row = page.getByTestId("thread-row").filter({ hasText: title });
    await expect(row.getByRole("img", { name: "Pinned" })).toBeVisible();
    await expect(row.getByRole("img", { name: "Closed" })).toBeVisible();
    await expect(page.getByTestId("thread-row").first().getByRole("img", { name: "Pinned" })).toBeVisible();
    // The server refuses a reply too (409), whatever the page shows.
    const refused = await page.request.post("/api/v1/forums/posts", { data: { thread_id: id, content: "<p>Sneaky</p>" } });
    expect(refused.status()).toBe(409);
  });

  test("staff hide a spam thread with a reason: players get the 404 page and lose it from the list until staff unhide it", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    test.setTimeout(270_000);
    const player = await createE2EUser();
    await startSignedIn(page, player);
    const forum = await forumId(page);
    const title = `Cheap gold ${uniqueWord("s")}`;
    const { id } = await apiThread(page.request, forum, title, "<p>Visit my shop.</p>");

    const staff = await staffPage(browser, baseURL, extraHTTPHeaders);
    await staff.page.goto(`/forums/thread/${id}`);
    const controls = staff.page.getByRole("complementary", { name: "Thread moderation" });
    await controls.getByRole("button", { name: "Hide", exact: true }).click();
    // A reason is required: the note field says so and nothing changes.
    await expect(controls.getByLabel("Note")).toHaveAttribute("aria-invalid", "true");
    await expect(staff.page.getByTestId("thread-hidden-notice")).toHaveCount(0);
    await controls.getByLabel("Note").fill("Gold selling");
    await controls.getByRole("button", { name: "Hide", exact: true }).click();
    await expect(staff.page.getByTestId("thread-hidden-notice")).toContainText("Hidden by staff: Gold selling");
    await expect(controls.getByRole("button", { name: "Unhide" })).toBeVisible();
    // The server takes no replies to a hidden thread, so staff get no editor either.
    await expect(staff.page.getByTestId("hidden-no-replies")).toBeVisible();
    await expect(staff.page.getByRole("button", { name: "Submit Post" })).toHaveCount(0);

    const hiddenFor = await page.goto(`/forums/thread/${id}`);
    expect(hiddenFor?.status()).toBe(404);
    await page.goto(`/forums/${forum}`);
    await expect(page.getByRole("heading", { level: 1, name: FORUM })).toBeVisible();
    await expect(page.getByTestId("thread-row").filter({ hasText: title })).toHaveCount(0);

    // Staff find it again in the forum's list, marked, and show it from its page.
    await staff.page.goto(`/forums/${forum}`);
    const hiddenRow = staff.page.getByTestId("thread-row").filter({ hasText: title });
    await expect(hiddenRow.getByTestId("thread-hidden-badge")).toHaveText("Hidden");
    await hiddenRow.getByRole("link", { name: title, exact: true }).click();
    await controls.getByRole("button", { name: "Unhide" }).click();
    await expect(staff.page.getByTestId("thread-hidden-notice")).toHaveCount(0);
    await staff.close();
    expect((await page.goto(`/forums/thread/${id}`))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });

  test("staff hide a reported post with a reason: the player no longer sees it, staff see it marked", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(270_000);
    const player = await createE2EUser();
    await startSignedIn(page, player);
    const forum = await forumId(page);
    const title = `Hide test ${uniqueWord("h")}`;
    const secret = uniqueWord("rude");
    const { id } = await apiThread(page.request, forum, title, "<p>Opening words.</p>", [`<p>This reply is ${secret}.</p>`]);

    // Another player reports it from the thread page.
    const reporterContext = await browser.newContext({ baseURL, extraHTTPHeaders });
    const reporterPage = await reporterContext.newPage();
    await startSignedIn(reporterPage, await createE2EUser());
    await reporterPage.goto(`/forums/thread/${id}`);
    const reported = reporterPage.getByTestId("post").filter({ hasText: secret });
    await reported.getByRole("button", { name: "Report" }).click();
    const reportDialog = reporterPage.getByRole("dialog", { name: "Report post" });
    await reportDialog.getByRole("button", { name: "Send Report" }).click();
    await expect(reportDialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
    await reportDialog.getByLabel("Reason").fill("Rude words.");
    await reportDialog.getByRole("button", { name: "Send Report" }).click();
    await expect(reportDialog).toBeHidden();
    await expect(reported.getByText("Thank you: staff will look at this post.")).toBeVisible();
    await reporterContext.close();

    const staff = await staffPage(browser, baseURL, extraHTTPHeaders);
    // The report is in the queue, with the post as text.
    await staff.page.goto("/staff/forums/reports");
    const report = staff.page.getByTestId("report").filter({ hasText: title });
    await expect(report).toContainText(secret);
    await expect(report).toContainText("Rude words.");
    await staff.page.goto(`/forums/thread/${id}`);
    const post = staff.page.getByTestId("post").filter({ hasText: secret });
    await post.getByRole("button", { name: "Hide", exact: true }).click();
    const dialog = staff.page.getByRole("dialog", { name: "Hide post" });
    await dialog.getByRole("button", { name: "Hide Post" }).click();
    await expect(dialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Reason").fill("Flaming");
    await dialog.getByRole("button", { name: "Hide Post" }).click();
    await expect(dialog).toBeHidden();
    await expect(post.getByTestId("hidden-notice")).toHaveText("Hidden by staff: Flaming");
    await expect(post.getByRole("button", { name: "Unhide" })).toBeVisible();

    // Resolve the report from the queue: it moves to the Resolved tab.
    await staff.page.goto("/staff/forums/reports");
    await report.getByRole("button", { name: "Resolve" }).click();
    await expect(report).toHaveCount(0);
    await staff.page.getByRole("link", { name: "Resolved" }).click();
    await expect(staff.page.getByTestId("report").filter({ hasText: title }).getByRole("button", { name: "Reopen" })).toBeVisible();
    await staff.close();

    await page.goto(`/forums/thread/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByText("Opening words.")).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);
    await expect(page.getByTestId("post")).toHaveCount(1);
  });

  test("a reply to a full page of posts lands on the next page with the message", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(180_000);
    // Staff fill the first page (10 posts; staff are not rate limited).
    const staff = await staffPage(browser, baseURL, extraHTTPHeaders);
    const forum = await forumId(staff.page);
    const title = `Full page ${uniqueWord("f")}`;
    const { id } = await apiThread(
      staff.page.request,
      forum,
      title,
      "<p>Post 1</p>",
      Array.from({ length: 9 }, (_, i) => `<p>Post ${i + 2}</p>`),
    );
    await staff.close();

    const player = await createE2EUser();
    await startSignedIn(page, player);
    await page.goto(`/forums/thread/${id}`);
    await expect(page.getByTestId("post")).toHaveCount(10);
    await expect(page.getByRole("navigation", { name: "Post pages" })).toHaveCount(0);
    const reply = page.getByRole("textbox", { name: "Your reply" });
    await reply.click();
    await page.keyboard.type("Page two starts here");
    await page.getByRole("button", { name: "Submit Post" }).click();
    await expect(page).toHaveURL(new RegExp(`/forums/thread/${id}\\?page=2$`));
    await expect(page.getByText("Successfully posted comment!")).toBeVisible();
    await expect(page.getByTestId("post")).toHaveCount(1);
    await expect(page.getByTestId("post")).toContainText("Page two starts here");
    const pages = page.getByRole("navigation", { name: "Post pages" }).first();
    await expect(pages.locator("[aria-current=page]")).toHaveText("Page 2");
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(new RegExp(`/forums/thread/${id}$`));
    await expect(page.getByTestId("post")).toHaveCount(10);
  });

  test("search finds a post by a word of its body and links to it @mobile", async ({ page }) => {
    const player = await createE2EUser();
    await startSignedIn(page, player);
    const forum = await forumId(page);
    const word = uniqueWord("zq");
    const title = `Search me ${uniqueWord("s")}`;
    const { id, posts } = await apiThread(page.request, forum, title, "<p>Opening post.</p>", [`<p>The hidden word is <em>${word}</em> right here.</p>`]);

    await page.goto("/forums");
    await page.getByRole("searchbox", { name: "Search the forums" }).fill(word);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/forums\/search\?q=/);
    const hit = page.getByTestId("search-hit").filter({ hasText: title });
    await expect(hit.locator("mark")).toHaveText(word);
    await expect(hit).toContainText(player.username);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await hit.getByRole("link", { name: title, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/forums/thread/${id}(\\?page=1)?#post-${posts[0]}$`));
    await expect(page.locator(`#post-${posts[0]}`)).toContainText(word);

    await page.goto(`/forums/search?q=${uniqueWord("nothing")}`);
    await expect(page.getByTestId("search-empty")).toBeVisible();
  });
});
