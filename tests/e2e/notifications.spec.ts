import { expect } from "@playwright/test";
import { createE2EUser, e2eQuery, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { fitsPhone } from "./support/layout";

// The notification centre in Chromium (docs/notifications.md): player A replies in player B's
// thread; B's bell shows the count without a reload (the live stream); B opens the notification
// from /account/notifications, lands on the post, and the count drops. The page passes axe and
// fits a 360 px screen, with notifications and empty.

test("a reply in B's thread shows on B's bell without a reload; opening it lands on the post and the count drops", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(240_000);
  const [owner, replier] = await Promise.all([createE2EUser(), createE2EUser()]);
  const [forum] = await e2eQuery<{ id: number }>(`SELECT id FROM forums WHERE name = 'General Discussion'`);
  const title = `Bell test ${uniqueUsername("t").slice(1, 8)}`;
  await startSignedIn(page, owner);

  // Empty first: the empty state, accessible and at phone width.
  await page.goto("/account/notifications");
  await expect(page.getByTestId("no-notifications")).toBeVisible();
  await expect(page.getByTestId("notification-preferences")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await fitsPhone(page);

  const created = await page.request.post("/api/v1/forums/threads", { data: { forum_id: forum!.id, title, content: "<p>Where do you train?</p>" } });
  expect(created.status(), await created.text()).toBe(201);
  const thread = (await created.json()) as { id: number };

  // B waits on a forum page with the bell and no count.
  await page.goto("/forums");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toBeVisible();
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  // The stream is open before A writes: its first event has come (the count is known, 0).
  await expect(bell).toHaveAttribute("aria-label", "Notifications");
  await expect(bell).toHaveAttribute("data-unread", "0", { timeout: 20_000 });

  // A, in a browser of their own, replies.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders });
  const aPage = await other.newPage();
  await startSignedIn(aPage, replier);
  const replied = await aPage.request.post("/api/v1/forums/posts", { data: { thread_id: thread.id, content: "<p>Slayer tower, top floor.</p>" } });
  expect(replied.status(), await replied.text()).toBe(201);
  const post = (await replied.json()) as { id: number };
  await other.close();

  // No reload: the count arrives over the stream (the fallback would poll only after an error, every 60 s).
  await expect(page.getByTestId("notification-count")).toHaveText("1", { timeout: 20_000 });
  await expect(bell).toHaveAttribute("aria-label", "Notifications, 1 unread");

  await bell.click();
  await expect(page).toHaveURL(/\/account\/notifications$/);
  const item = page.getByTestId("notification").first();
  await expect(item).toContainText(`${replier.username} replied to your thread “${title}”`);
  await expect(page.getByRole("heading", { name: "1 unread" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await fitsPhone(page);

  // Keyboard: the notification's link takes the focus and Enter opens it.
  await item.getByTestId("notification-link").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/forums/thread/${thread.id}#post-${post.id}$`));
  await expect(page.locator(`#post-${post.id}`)).toContainText("Slayer tower, top floor.");
  await expect(page.getByTestId("notification-bell")).toBeVisible();
  await expect(page.getByTestId("notification-count")).toHaveCount(0);

  // Read now: listed as read, nothing unread.
  await page.goto("/account/notifications");
  await expect(page.getByRole("heading", { name: "All read" })).toBeVisible();
  await expect(page.getByTestId("notification").first()).toHaveAttribute("data-read", "true");
});

test("guests get no bell and ask for no count", async ({ page }) => {
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/v1/account/notifications")) asked.push(r.url());
  });
  await page.goto("/forums");
  await expect(page.getByRole("link", { name: "Login / Register" })).toBeVisible();
  await expect(page.getByTestId("notification-bell")).toHaveCount(0);
  expect(asked).toEqual([]);
});
