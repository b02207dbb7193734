import { expect } from "@playwright/test";
import { createE2EForum, createE2EUser, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { fitsPhone } from "./support/layout";

// Unread markers in Chromium (docs/forums.md, "Unread and new"): player A starts a thread, which
// is "New" for player B; B opens it (the page records the read); A replies, and B sees "1 unread"
// on the forum's list and on the index, follows "Jump to first unread" and lands on the reply;
// after another reply "Mark forum read" clears the marker, after a reload too. The list passes axe
// and fits a 360 px screen with its markers.

test("B sees A's new thread and reply as new and unread, jumps to the first unread post, and marks the forum read", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
}) => {
  test.setTimeout(240_000);
  const [reader, writer] = await Promise.all([createE2EUser(), createE2EUser()]);
  const name = `Unread ${uniqueUsername("u").slice(1, 8)}`;
  const forum = await createE2EForum(name, "Where this journey reads its own threads.");
  const other = await browser.newContext({ baseURL, extraHTTPHeaders });
  const writerPage = await other.newPage();
  await startSignedIn(writerPage, writer);
  await startSignedIn(page, reader);

  const created = await writerPage.request.post("/api/v1/forums/threads", {
    data: { forum_id: forum!.id, title: `Best money maker ${name}`, content: "<p>What do you do for gold?</p>" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const thread = (await created.json()) as { id: number };

  // New for B: the marker is text, and starts at the first post.
  await page.goto(`/forums/${forum!.id}`);
  const row = page.locator(`[data-testid="thread-row"][data-thread-id="${thread.id}"]`);
  await expect(row.getByTestId("thread-unread")).toHaveAttribute("data-state", "new");
  await expect(row.getByTestId("thread-unread")).toContainText("New");
  await expect(row.getByTestId("last-post-link")).toHaveAttribute("href", `/forums/thread/${thread.id}?page=last#latest`);

  // B opens it: the page records the last post it shows.
  const recorded = page.waitForResponse((r) => r.url().endsWith(`/api/v1/forums/thread/${thread.id}/read`) && r.request().method() === "PUT");
  await row.getByRole("link", { name: `Best money maker ${name}`, exact: true }).click();
  expect((await recorded).status()).toBe(200);

  // A replies.
  const replied = await writerPage.request.post("/api/v1/forums/posts", { data: { thread_id: thread.id, content: "<p>Blue dragons, all day.</p>" } });
  expect(replied.status(), await replied.text()).toBe(201);
  const post = (await replied.json()) as { id: number };

  // The index says the forum has something unread.
  await page.goto("/forums");
  await expect(page.locator(`[data-testid="forum-row"][data-forum-id="${forum!.id}"]`).getByTestId("forum-unread")).toHaveText("Threads: 1 unread");

  // The list says 1 unread, accessibly and at phone width.
  await page.goto(`/forums/${forum!.id}`);
  const marker = row.getByTestId("thread-unread");
  await expect(marker).toHaveAttribute("data-state", "unread");
  await expect(marker).toContainText("1 unread");
  expect(await axeViolations(page)).toEqual([]);
  await fitsPhone(page);

  // Jump to first unread: A's reply, on its page and anchor; the page records it read.
  const readAgain = page.waitForResponse((r) => r.url().endsWith(`/api/v1/forums/thread/${thread.id}/read`) && r.request().method() === "PUT");
  await marker.getByTestId("first-unread-link").click();
  await expect(page).toHaveURL(new RegExp(`/forums/thread/${thread.id}#post-${post.id}$`));
  await expect(page.locator(`#post-${post.id}`)).toContainText("Blue dragons, all day.");
  expect(await (await readAgain).json()).toEqual({ last_read_post_id: post.id });

  // Another reply, then "Mark forum read" clears the marker, for good.
  const again = await writerPage.request.post("/api/v1/forums/posts", { data: { thread_id: thread.id, content: "<p>Or zulrah.</p>" } });
  expect(again.status(), await again.text()).toBe(201);
  await other.close();
  await page.goto(`/forums/${forum!.id}`);
  await expect(marker).toContainText("1 unread");
  await page.getByTestId("mark-all-read").click();
  await expect(page.getByTestId("mark-read-message")).toHaveText("This forum is marked read.");
  await expect(row.getByTestId("thread-unread")).toHaveCount(0);
  // After a reload the markers are asked again (the wait makes the absence mean something).
  const asked = page.waitForResponse((r) => r.url().includes("/api/v1/forums/unread/threads?") && r.status() === 200);
  await page.reload();
  await asked;
  await expect(row).toBeVisible();
  await expect(row.getByTestId("thread-unread")).toHaveCount(0);
});
