import { type Page, expect } from "@playwright/test";
import { createE2EUser, e2eQuery, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { fitsPhone } from "./support/layout";

// The watch control in Chromium (docs/forums.md, "Watching"): a player sets a thread to Muted
// and then Watching with the keyboard, the level survives a reload, a forum's level likewise;
// the control passes axe and fits 360 px. Guests see no control.

/** `starter` signs in on `page` and starts a thread in General Discussion (through the API). */
async function startThread(page: Page, starter: Awaited<ReturnType<typeof createE2EUser>>, title: string, content: string) {
  const [forum] = await e2eQuery<{ id: number }>(`SELECT id FROM forums WHERE name = 'General Discussion'`);
  await startSignedIn(page, starter);
  const created = await page.request.post("/api/v1/forums/threads", {
    data: { forum_id: forum!.id, title: `${title} ${uniqueUsername("t").slice(1, 8)}`, content },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { forum: forum!, thread: (await created.json()) as { id: number } };
}

test("a player's level for a thread and a forum is set from the page and kept after a reload", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
  test.setTimeout(180_000);
  const [starter, reader] = await Promise.all([createE2EUser(), createE2EUser()]);
  const { forum, thread } = await startThread(page, starter, "Watch test", "<p>Watch me</p>");

  // The starter watches their own thread.
  await page.goto(`/forums/thread/${thread.id}`);
  const select = page.getByTestId("watch-thread").getByLabel("Notifications");
  await expect(select).toHaveValue("watching");

  // Another player: Normal by default; Muted, then a reload keeps it.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders });
  const rPage = await other.newPage();
  await startSignedIn(rPage, reader);
  await rPage.goto(`/forums/thread/${thread.id}`);
  const rSelect = rPage.getByTestId("watch-thread").getByLabel("Notifications");
  await expect(rSelect).toHaveValue("normal");
  await rSelect.selectOption("muted");
  await expect(rSelect).toBeEnabled();
  await expect(rPage.getByTestId("watch-thread")).toContainText("Nothing from this thread reaches you");
  await rPage.reload();
  await expect(rSelect).toHaveValue("muted");
  // With the keyboard: focus the select and choose Watching.
  await rSelect.focus();
  await rSelect.selectOption("watching");
  await expect(rSelect).toBeEnabled();
  await rPage.reload();
  await expect(rSelect).toHaveValue("watching");
  expect(await axeViolations(rPage)).toEqual([]);
  await fitsPhone(rPage);

  // The forum's level.
  await rPage.goto(`/forums/${forum.id}`);
  const fSelect = rPage.getByTestId("watch-forum").getByLabel("Notifications");
  await expect(fSelect).toHaveValue("normal");
  await fSelect.selectOption("tracking");
  await expect(fSelect).toBeEnabled();
  await rPage.reload();
  await expect(fSelect).toHaveValue("tracking");
  expect(await axeViolations(rPage)).toEqual([]);
  await fitsPhone(rPage);
  await other.close();

  // A guest sees the thread without a control.
  const guest = await browser.newContext({ baseURL, extraHTTPHeaders });
  const gPage = await guest.newPage();
  await gPage.goto(`/forums/thread/${thread.id}`);
  await expect(gPage.getByTestId("login-prompt")).toBeVisible();
  await expect(gPage.getByTestId("watch-thread")).toHaveCount(0);
  await guest.close();
});

test("the posts stay put while a signed-in reader's controls arrive", async ({ page }) => {
  // A signed-in reader gets the page every guest gets; the watching control and each post's
  // actions (Quote, Report) come later, in the browser. Their stand-ins hold the place, so a click
  // aimed at a post lands on it: no layout shift moves the posts or anything in them.
  const [starter, reader] = await Promise.all([createE2EUser(), createE2EUser()]);
  const { thread } = await startThread(page, starter, "Shift test", "<p>Hold still</p>");
  await page.context().clearCookies();
  await page.addInitScript(() => {
    const w = window as unknown as { postShift: number };
    w.postShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; sources?: { node?: Node | null }[] }[]) {
        const posts = document.querySelector('ol[aria-label="Posts"]');
        if (entry.sources?.some((s) => s.node && posts && (posts === s.node || posts.contains(s.node) || s.node.contains(posts)))) w.postShift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await startSignedIn(page, reader);
  await page.goto(`/forums/thread/${thread.id}`);
  await expect(page.getByTestId("watch-thread").getByLabel("Notifications")).toHaveValue("normal");
  await expect(page.getByTestId("watch-thread")).toContainText("You are told only of replies");
  const actions = page.getByRole("group", { name: `Actions for the post by ${starter.username}` });
  await expect(actions.getByRole("button", { name: "Report" })).toBeVisible();
  await expect(actions.getByRole("button", { name: "Quote" })).toBeVisible();
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await page.evaluate(() => (window as unknown as { postShift: number }).postShift)).toBe(0);
});
