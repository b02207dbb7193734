import { type Page, expect } from "@playwright/test";
import { createE2EUser, e2eQuery, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";

// Two players talking on the forums, each in a browser of their own (docs/notifications.md,
// docs/forums.md): A starts a thread; B replies and mentions @A; A's bell counts it without a
// reload; A opens the mention and lands on B's post, and the count drops; A quotes B's post with
// the Quote action; B is told of the quote; B likes A's post (the count, and B in who liked it);
// A is told of the like. What each page looks like (axe, 360 px), the draft and the leave warning
// are walked in notifications.spec.ts, forum-editor.spec.ts and forum-profiles.spec.ts.

const FORUM = "General Discussion";

/** The bell's count once its stream has told it (0: no badge). */
async function expectUnread(page: Page, n: number) {
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAttribute("data-unread", String(n), { timeout: 20_000 });
  if (n === 0) await expect(page.getByTestId("notification-count")).toHaveCount(0);
  else await expect(page.getByTestId("notification-count")).toHaveText(String(n));
}

/** Types `@name` in the editor and picks the player from the list. */
async function mention(page: Page, username: string) {
  await page.keyboard.type(`@${username}`);
  const menu = page.getByRole("listbox", { name: "Players to mention" });
  await expect(menu.getByRole("option", { name: `@${username}`, exact: true })).toBeVisible({ timeout: 15_000 });
  while ((await menu.getByRole("option", { selected: true }).textContent()) !== `@${username}`) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
}

test("A starts a thread, B replies mentioning A, A follows the bell to the post and quotes it, B likes A's post: each is told", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(300_000);
  const [a, b] = await Promise.all([createE2EUser(), createE2EUser()]);
  const [forum] = await e2eQuery<{ id: number }>(`SELECT id FROM forums WHERE name = $1`, [FORUM]);
  const title = `Journey ${uniqueUsername("j").slice(1, 9)}`;

  // A starts the thread, then waits on the forum index with the bell open.
  await startSignedIn(page, a);
  const created = await page.request.post("/api/v1/forums/threads", {
    data: { forum_id: forum!.id, title, content: "<p>Who is up for the boss tonight?</p>" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const thread = (await created.json()) as { id: number };
  await page.goto("/forums");
  await expectUnread(page, 0);

  // B, in a browser of their own, replies and mentions A (picked from the list).
  const bContext = await browser.newContext({ baseURL, extraHTTPHeaders });
  const bPage = await bContext.newPage();
  await startSignedIn(bPage, b);
  await bPage.goto(`/forums/thread/${thread.id}`);
  const bEditor = bPage.getByRole("textbox", { name: "Your reply" });
  await bEditor.click();
  await bPage.keyboard.type("Count me in, ");
  await mention(bPage, a.username);
  await expect(bEditor.locator(`span[data-mention="${a.id}"]`)).toHaveText(`@${a.username}`);
  await bPage.keyboard.type(" bring food.");
  await bPage.getByRole("button", { name: "Submit Post" }).click();
  const bPost = bPage.getByRole("article", { name: `Post by ${b.username}` }).filter({ hasText: "bring food." });
  await expect(bPost).toBeVisible();
  const [bRow] = await e2eQuery<{ id: number }>(`SELECT id FROM forum_posts WHERE "threadId" = $1 AND "userId" = $2`, [thread.id, b.id]);

  // A's bell, without a reload: the reply in A's thread and the mention.
  await expectUnread(page, 2);
  await page.getByTestId("notification-bell").click();
  await expect(page).toHaveURL(/\/account\/notifications$/);
  const mentioned = page.getByTestId("notification").filter({ hasText: `${b.username} mentioned you in “${title}”` });
  await expect(mentioned).toHaveCount(1);
  await expect(page.getByTestId("notification").filter({ hasText: `${b.username} replied to your thread “${title}”` })).toHaveCount(1);

  // Opening the mention lands on B's post, and the count drops.
  await mentioned.getByTestId("notification-link").click();
  await expect(page).toHaveURL(new RegExp(`/forums/thread/${thread.id}#post-${bRow!.id}$`));
  const onA = page.locator(`#post-${bRow!.id}`);
  await expect(onA).toBeInViewport();
  await expect(onA).toContainText("bring food.");
  await expectUnread(page, 1);

  // B waits on the forum index for what A does next.
  await bPage.goto("/forums");
  await expectUnread(bPage, 0);

  // A answers and quotes B's post with its Quote action.
  const aEditor = page.getByRole("textbox", { name: "Your reply" });
  await aEditor.click();
  await page.keyboard.type("Food packed, see you at the altar.");
  await page
    .getByRole("article", { name: `Post by ${b.username}` })
    .filter({ hasText: "bring food." })
    .getByRole("button", { name: "Quote" })
    .click();
  await expect(aEditor.locator(`blockquote[data-quote-post="${bRow!.id}"]`)).toContainText("bring food.");
  await page.getByRole("button", { name: "Submit Post" }).click();
  const aPost = page.getByRole("article", { name: `Post by ${a.username}` }).filter({ hasText: "see you at the altar" });
  await expect(aPost).toBeVisible();
  await expect(aPost.locator(`blockquote[data-quote-post="${bRow!.id}"][data-quote-user="${b.id}"]`)).toContainText(`${b.username} wrote:`);

  // B is told of the quote, live.
  await expectUnread(bPage, 1);
  await bPage.getByTestId("notification-bell").click();
  await expect(bPage.getByTestId("notification").first()).toContainText(`${a.username} quoted your post in “${title}”`);

  // B opens the quote and likes A's post: the count, and B in who liked it.
  await bPage.getByTestId("notification").first().getByTestId("notification-link").click();
  await expect(bPage).toHaveURL(new RegExp(`/forums/thread/${thread.id}#post-\\d+$`));
  const likes = bPage
    .getByRole("article", { name: `Post by ${a.username}` })
    .filter({ hasText: "see you at the altar" })
    .getByTestId("likes");
  await expect(likes.getByTestId("like-count")).toHaveText("No likes yet");
  // The button knows B is signed in (aria-pressed is only set for a player) before it is pressed.
  await expect(likes.getByTestId("like-button")).toHaveAttribute("aria-pressed", "false");
  await likes.getByRole("button", { name: `Like the post by ${a.username}` }).click();
  await expect(likes.getByTestId("like-button")).toHaveAttribute("aria-pressed", "true");
  await expect(likes.getByTestId("like-count")).toContainText("1 like");
  await likes.getByTestId("like-count").click();
  await expect(likes.getByTestId("likers").getByRole("link", { name: b.username })).toBeVisible();
  await expectUnread(bPage, 0);
  await bContext.close();

  // A is told of the like, without a reload (A is still on the thread).
  await expectUnread(page, 2);
  await page.getByTestId("notification-bell").click();
  await expect(page.getByTestId("notification").first()).toContainText(`${b.username} liked your post in “${title}”`);
});
