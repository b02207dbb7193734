import { type Page, expect } from "@playwright/test";
import { createE2EUser, e2eQuery, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations as violations } from "./support/axe";

// The forum editor in Chromium (docs/forums.md, "The editor"): a reply's draft survives a
// reload; leaving with unsaved text asks first; the link button and autolinking; an @ mention
// picked from the list; quoting a post; the new-thread page with axe and at 360 px.

const FORUM = "General Discussion";

async function forumId(page: Page): Promise<number> {
  await page.goto("/forums");
  const href = await page.getByRole("main").getByRole("link", { name: FORUM, exact: true }).getAttribute("href");
  return Number(/\/forums\/(\d+)$/.exec(href ?? "")?.[1]);
}

async function apiThread(page: Page, forum: number, title: string, content: string): Promise<{ id: number; postId: number }> {
  const created = await page.request.post("/api/v1/forums/threads", { data: { forum_id: forum, title, content } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const [post] = await e2eQuery<{ id: number }>(`SELECT id FROM forum_posts WHERE "threadId" = $1`, [id]);
  return { id, postId: post!.id };
}

test.describe("forum editor", () => {
  test("a reply's draft comes back after a reload, and leaving with unsaved text asks first", async ({ page }) => {
    test.setTimeout(180_000);
    const player = await createE2EUser();
    await startSignedIn(page, player);
    const thread = await apiThread(page, await forumId(page), `Drafts ${uniqueUsername("d")}`, "<p>Opening words</p>");

    await page.goto(`/forums/thread/${thread.id}`);
    const editor = page.getByRole("textbox", { name: "Your reply" });
    await editor.click();
    await page.keyboard.type("Half a reply about dragon bones");
    const status = page.getByTestId("draft-status");
    await expect(status).toHaveAttribute("aria-live", "polite");
    await expect(status).toHaveText("Draft saved", { timeout: 15_000 });

    await page.reload();
    await expect(editor).toContainText("Half a reply about dragon bones");
    await expect(status).toHaveText("Draft restored");

    // Typed, not saved yet (the save waits 2 s): a reload asks first.
    await editor.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" and more");
    const asked = new Promise<string>((resolve) => page.once("dialog", (d) => void d.accept().then(() => resolve(d.type()))));
    await page.reload();
    expect(await asked).toBe("beforeunload");

    // A link to another page of the site asks too; staying keeps the page and the text.
    await editor.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" yet more");
    const confirm = new Promise<string>((resolve) => page.once("dialog", (d) => void d.dismiss().then(() => resolve(d.message()))));
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Forums" }).click();
    expect(await confirm).toMatch(/not saved yet/);
    await expect(page).toHaveURL(new RegExp(`/forums/thread/${thread.id}`));
    await expect(editor).toContainText("yet more");

    // Posting drops the draft: a reload after it brings back an empty editor.
    await expect(status).toHaveText("Draft saved", { timeout: 15_000 });
    await page.getByRole("button", { name: "Submit Post" }).click();
    await expect(page.getByTestId("post-body").filter({ hasText: "yet more" })).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("post-body").filter({ hasText: "yet more" })).toBeVisible();
    await expect(editor).not.toContainText("dragon bones");
    const [left] = await e2eQuery<{ n: number }>(`SELECT count(*)::int AS n FROM forum_drafts WHERE "userId" = $1`, [player.id]);
    expect(left!.n).toBe(0);
  });

  test("a link from the toolbar, an autolinked address, an @ mention from the list and a quote", async ({ page }) => {
    test.setTimeout(180_000);
    const player = await createE2EUser();
    const friend = await createE2EUser();
    await startSignedIn(page, player);
    const thread = await apiThread(page, await forumId(page), `Editor ${uniqueUsername("e")}`, "<p>Bring prayer potions to the boss</p>");

    await page.goto(`/forums/thread/${thread.id}`);
    const editor = page.getByRole("textbox", { name: "Your reply" });
    await editor.click();
    await page.keyboard.type("Read the guide");

    // The link button opens a dialog; a javascript: address is refused there.
    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    await page.keyboard.press("Shift+Home");
    await toolbar.getByRole("button", { name: "Insert link" }).click();
    const dialog = page.getByRole("dialog", { name: "Insert link" });
    await dialog.getByLabel("Link URL").fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Insert link" }).click();
    await expect(dialog.getByText("Use a web address starting with https:// or http://.")).toBeVisible();
    await dialog.getByLabel("Link URL").fill("example.com/guide");
    await dialog.getByRole("button", { name: "Insert link" }).click();
    await expect(dialog).toBeHidden();
    await expect(editor.locator('a[href="https://example.com/guide"]')).toHaveText("Read the guide");

    // A typed address becomes a link by itself.
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type("Also https://example.org/drops and ");
    await expect(editor.locator('a[href="https://example.org/drops"]')).toHaveCount(1);

    // "@" and a name: the list offers the player (shortest names first, so the whole name puts
    // them first among the journeys' players); Enter picks them.
    await page.keyboard.type(`@${friend.username}`);
    const menu = page.getByRole("listbox", { name: "Players to mention" });
    await expect(menu.getByRole("option", { name: `@${friend.username}`, exact: true })).toBeVisible({ timeout: 15_000 });
    while ((await menu.getByRole("option", { selected: true }).textContent()) !== `@${friend.username}`) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(editor.locator(`span[data-mention="${friend.id}"]`)).toHaveText(`@${friend.username}`);

    // Quote the opening post: its text arrives as a blockquote naming its author.
    const opening = page.getByRole("article", { name: `Post by ${player.username}` }).first();
    await opening.getByRole("button", { name: "Quote" }).click();
    await expect(editor.locator(`blockquote[data-quote-post="${thread.postId}"]`)).toContainText("Bring prayer potions to the boss");

    // The preview shows the body as the server would store it.
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("editor-preview");
    await expect(preview.locator(`span[data-mention="${friend.id}"]`)).toHaveText(`@${friend.username}`);
    await page.getByRole("button", { name: "Write" }).click();

    await page.getByRole("button", { name: "Submit Post" }).click();
    const posted = page.getByTestId("post-body").filter({ hasText: "Read the guide" });
    await expect(posted).toBeVisible();
    await expect(posted.locator('a[href="https://example.com/guide"]')).toHaveAttribute("rel", "nofollow ugc noopener noreferrer");
    await expect(posted.locator('a[href="https://example.org/drops"]')).toHaveCount(1);
    await expect(posted.locator(`span[data-mention="${friend.id}"]`)).toHaveText(`@${friend.username}`);
    const quote = posted.locator(`blockquote[data-quote-post="${thread.postId}"][data-quote-user="${player.id}"]`);
    await expect(quote).toContainText(`${player.username} wrote:`);
    await expect(quote.getByRole("link", { name: player.username })).toHaveAttribute(
      "href",
      new RegExp(`/forums/thread/${thread.id}.*#post-${thread.postId}$`),
    );
    const refs = await e2eQuery<{ kind: string; id: number }>(
      `SELECT 'mention' AS kind, m."userId" AS id FROM forum_post_mentions m JOIN forum_posts p ON p.id = m."postId" WHERE p."threadId" = $1
       UNION ALL SELECT 'quote', "quotedUserId" FROM forum_post_quotes q JOIN forum_posts p ON p.id = q."postId" WHERE p."threadId" = $1`,
      [thread.id],
    );
    expect(refs).toEqual(
      expect.arrayContaining([
        { kind: "mention", id: friend.id },
        { kind: "quote", id: player.id },
      ]),
    );
  });

  test("the new-thread page: no axe violations, and it fits 360 px with the editor's tabs and toolbar", async ({ page }) => {
    test.setTimeout(120_000);
    const player = await createE2EUser();
    await startSignedIn(page, player);
    const forum = await forumId(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/forums/${forum}/create`);
    const editor = page.getByRole("textbox", { name: "Content" });
    await expect(editor).toBeVisible();
    await page.getByLabel("Title").fill("Axe check");
    await editor.click();
    await page.keyboard.type("Looking for @");
    expect(await violations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByTestId("editor-preview")).toContainText("Looking for @");
    expect(await violations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
