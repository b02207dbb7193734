import { type Page, expect } from "@playwright/test";
import { createE2EUser, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { linkFromLatestEmail } from "./support/outbox";

// The support desk in Chromium (docs/support-desk.md): a moderator takes a player's ticket from
// the queue, writes an internal note, assigns it to themselves and replies; the player never sees
// the note, answers, and once staff close it rates it from the mail's link, which only opens the
// page: the Confirm button records the rating. The changed pages pass axe and fit a 360 px phone.

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe("the support desk", () => {
  test("a moderator notes, assigns and answers a ticket; the player answers and rates it", async ({ page, browser, extraHTTPHeaders, baseURL }) => {
    test.setTimeout(270_000);
    const [player, moderator] = await Promise.all([createE2EUser(), createE2EUser({ privilege: "MODERATOR" })]);
    const title = `Missing cape ${uniqueUsername("d").slice(1, 7)}`;
    const note = `Checked the logs: drop at the bank ${uniqueUsername("n").slice(1, 7)}`;
    await startSignedIn(page, player);
    const created = await page.request.post("/api/v1/tickets", { data: { type: "IN_GAME_SUPPORT", title, description: "My cape vanished at the bank." } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    // The moderator, in a browser of their own: the queue, waiting for staff, unassigned.
    const staffContext = await browser.newContext({ baseURL, extraHTTPHeaders });
    const staff = await staffContext.newPage();
    await startSignedIn(staff, moderator);
    await staff.goto("/staff/tickets?assignee=unassigned&type=IN_GAME_SUPPORT");
    const row = staff.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("Open");
    await expect(row).toContainText("left");
    await expect(row).toContainText("Nobody");
    await row.getByRole("link", { name: title }).click();
    await expect(staff.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(staff.getByRole("link", { name: player.username })).toHaveAttribute("href", `/staff/players/${player.id}`);

    await staff.getByLabel("New internal note").fill(note);
    await staff.getByRole("button", { name: "Add note" }).click();
    await expect(staff.getByTestId("internal-notes")).toContainText(note);

    await staff.getByRole("button", { name: "Assign to me" }).click();
    await expect(staff.getByText("Saved.")).toBeVisible();
    await expect(staff.getByLabel("Assigned to")).toHaveValue(String(moderator.id));
    await staff.goto("/staff/tickets?assignee=mine&type=IN_GAME_SUPPORT");
    await expect(staff.getByRole("row").filter({ hasText: title })).toContainText(moderator.username);
    await staff.goto(`/ticket/${id}`);

    await staff.getByLabel("Your reply").fill("Which world were you on?");
    await staff.getByRole("button", { name: "Post Reply" }).click();
    await expect(staff.getByText("Successfully posted comment!")).toBeVisible();
    await expect(staff.getByTestId("ticket-state")).toHaveText("Waiting for player");

    // The player: the reply, no note; their answer sends it back to staff.
    await page.goto(`/ticket/${id}`);
    await expect(page.getByRole("article", { name: `Reply by ${moderator.username}` })).toContainText("Which world were you on?");
    await expect(page.getByTestId("ticket-state")).toHaveText("Waiting for your answer");
    await expect(page.getByText(note)).toHaveCount(0);
    await expect(page.getByTestId("internal-notes")).toHaveCount(0);
    await page.getByLabel("Your reply").fill("World 302.");
    await page.getByRole("button", { name: "Post Reply" }).click();
    await expect(page.getByText("Successfully posted comment!")).toBeVisible();
    await expect(page.getByTestId("ticket-state")).toHaveCount(0);

    // Staff close it; the mail's rating link opens the page without recording anything.
    await staff.goto(`/ticket/${id}`);
    await staff.getByRole("complementary", { name: "Ticket details" }).getByRole("button", { name: "Close" }).click();
    await expect(staff.getByRole("complementary", { name: "Ticket details" }).getByTestId("ticket-status")).toHaveText("Closed");

    const link = await linkFromLatestEmail(page, player.email, /\?rate=good/);
    await page.goto(link);
    await expect(page.getByRole("radio", { name: "Good" })).toBeChecked();
    const before = await page.request.get(`/api/v1/tickets/${id}`);
    expect(((await before.json()) as { rating: string | null }).rating).toBeNull();
    await page.getByRole("button", { name: "Confirm rating" }).click();
    await expect(page.getByText("Thank you: your rating is saved.")).toBeVisible();
    const after = await page.request.get(`/api/v1/tickets/${id}`);
    expect(((await after.json()) as { rating: string | null; state: string; closed: boolean }).rating).toBe("good");

    // Staff see it against the moderator's name.
    await staff.goto("/staff/tickets");
    const ratings = staff.getByRole("table", { name: "Ratings by staff member" });
    await expect(ratings.getByRole("row").filter({ hasText: moderator.username })).toBeVisible();
    await staffContext.close();
  });

  test("the queue and a ticket's staff and player pages pass axe and fit a phone @mobile", async ({ page, browser, extraHTTPHeaders, baseURL }) => {
    test.setTimeout(180_000);
    const [player, moderator] = await Promise.all([createE2EUser(), createE2EUser({ privilege: "MODERATOR" })]);
    await startSignedIn(page, player);
    const created = await page.request.post("/api/v1/tickets", { data: { type: "REPORT_BUG", title: "Door glitch", description: "The bank door is stuck." } });
    const { id } = (await created.json()) as { id: number };

    const staffContext = await browser.newContext({ baseURL, extraHTTPHeaders, viewport: { width: 360, height: 740 } });
    const staff = await staffContext.newPage();
    await startSignedIn(staff, moderator);
    expect((await staff.request.post(`/api/v1/staff/tickets/${id}/notes`, { data: { content: "Known issue." } })).status()).toBe(201);
    expect((await staff.request.post("/api/v1/tickets/comments", { data: { ticket: id, content: "Fixed in the next update." } })).status()).toBe(201);
    for (const path of ["/staff/tickets", "/staff/tickets?state=waiting_for_player", `/ticket/${id}`]) {
      await staff.goto(path);
      await expect(staff.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await axeViolations(staff), path).toEqual([]);
      await expectNoSidewaysScroll(staff);
    }
    expect((await staff.request.patch(`/api/v1/tickets/${id}`, { data: { closed: true } })).status()).toBe(200);
    await staffContext.close();

    // The player's closed ticket with its rating form, opened from a rating link.
    await page.goto(`/ticket/${id}?rate=okay#rate`);
    await expect(page.getByRole("radio", { name: "Okay" })).toBeChecked();
    expect(await axeViolations(page), "rating form").toEqual([]);
    await expectNoSidewaysScroll(page);
  });
});
