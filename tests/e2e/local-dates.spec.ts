import { type Locator, expect } from "@playwright/test";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { sql } from "./support/store-link";

// Dates in the reader's time zone: a browser in India (UTC+05:30, no daylight saving, so the
// expected text never moves) reads the account page's join date, a ticket's dates and a forum
// post's date each in the format docs/product.md fixes for that page, in its own zone, with the
// exact moment (seconds, offset, zone) in the date's title and its datetime attribute.

const AT = "2026-11-28T04:19:32.000Z"; // 09:49:32 in Kolkata
// The zone as the browser names it: Chromium's ICU may still give Kolkata's older name, Calcutta.
const EXACT = /^November 28, 2026 at 9:49:32\sAM UTC\+05:30 \(Asia\/(Kolkata|Calcutta)\)$/;

async function expectDate(time: Locator, text: string) {
  await expect(time).toHaveText(text);
  await expect(time).toHaveAttribute("datetime", AT);
  await expect(time).toHaveAttribute("title", EXACT);
}

test.use({ timezoneId: "Asia/Kolkata" });

test("the account, a ticket and a forum post show their dates in the reader's zone, with the exact time in the title", async ({ page }) => {
  test.setTimeout(180_000);
  const player = await createE2EUser();
  await sql(`UPDATE users SET "joinDate" = $2 WHERE id = $1`, [player.id, AT]);
  await startSignedIn(page, player);

  // Account: MM/DD/YYYY hh:mm A.
  await page.goto("/account");
  await expectDate(page.getByRole("main").locator(`time[datetime="${AT}"]`), "11/28/2026 09:49 AM");

  // A ticket: the long date with time, created and last updated.
  const opened = await page.request.post("/api/v1/tickets", { data: { type: "REPORT_BUG", title: "Bank tab icons reset", description: "After logout." } });
  expect(opened.status()).toBe(201);
  const { id: ticketId } = (await opened.json()) as { id: number };
  await sql(`UPDATE tickets SET "createdAt" = $2, "updatedAt" = $2 WHERE id = $1`, [ticketId, AT]);
  await page.goto(`/ticket/${ticketId}`);
  const ticketDates = page.getByRole("main").locator(`time[datetime="${AT}"]`);
  await expect(ticketDates.first()).toBeVisible();
  for (const time of await ticketDates.all()) await expectDate(time, "November 28, 2026 at 9:49 AM");
  expect(await axeViolations(page)).toEqual([]);

  // A forum thread: the forums' 24-hour MM/DD/YYYY HH:mm.
  const [forum] = await sql<{ id: number }>(`SELECT id FROM forums WHERE name = 'General Discussion'`);
  const thread = await page.request.post("/api/v1/forums/threads", {
    data: { forum_id: forum!.id, title: "Which zone is this?", content: "<p>Posted at breakfast.</p>" },
  });
  expect(thread.status(), await thread.text()).toBe(201);
  const { id: threadId } = (await thread.json()) as { id: number };
  await sql(`UPDATE forum_threads SET "createdAt" = $2 WHERE id = $1`, [threadId, AT]);
  await sql(`UPDATE forum_posts SET "createdAt" = $2 WHERE "threadId" = $1`, [threadId, AT]);
  await page.goto(`/forums/thread/${threadId}`);
  const postDates = page.getByRole("main").locator(`time[datetime="${AT}"]`);
  await expect(postDates.first()).toBeVisible();
  for (const time of await postDates.all()) await expectDate(time, "11/28/2026 09:49");
});
