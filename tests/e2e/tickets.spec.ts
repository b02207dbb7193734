import { expect } from "@playwright/test";
import { createE2EUser, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";

// Support tickets in Chromium: a player opens a ticket from the landing page and
// replies; staff close it from the queue; the player finds it under Closed Tickets without a
// reply form and has the email. Another player reaching it by id gets the 404 page.

test.describe("support tickets", () => {
  test("a player opens and replies, staff close it from the queue, the player sees it closed and got an email", async ({
    page,
    browser,
    extraHTTPHeaders,
    baseURL,
  }) => {
    test.setTimeout(270_000);
    const player = await createE2EUser();
    const title = `Lost my cape ${uniqueUsername("t").slice(1, 7)}`;
    await startSignedIn(page, player);

    await page.goto("/tickets/");
    await page.getByRole("main").getByRole("link", { name: "Create Ticket" }).click();
    await expect(page).toHaveURL(/\/tickets\/create$/);
    const main = page.getByRole("main");
    // The type is required: nothing is sent without it.
    await main.getByRole("button", { name: "Submit Ticket" }).click();
    await expect(main.getByLabel("Type")).toHaveAttribute("aria-invalid", "true");
    await main.getByLabel("Type").selectOption({ label: "In-game Support" });
    await main.getByLabel("Title").fill(title);
    await main.getByLabel("Description").fill("It vanished after I logged out at the bank.");
    await main.getByRole("button", { name: "Submit Ticket" }).click();

    await expect(page).toHaveURL(/\/account\/tickets\/?$/);
    await expect(page.getByRole("heading", { name: "Open Tickets" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: title });
    await expect(row).toContainText("In-game Support");
    await expect(row).toContainText("Open");
    await row.getByRole("cell", { name: "In-game Support" }).click();

    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const ticketUrl = page.url();
    expect(ticketUrl).toMatch(/\/ticket\/\d+$/);
    await expect(page.getByRole("article", { name: "Original description" })).toContainText(player.username);
    await page.getByLabel("Your reply").fill("I still have the drop log open.");
    await page.getByRole("button", { name: "Post Reply" }).click();
    await expect(page.getByText("Successfully posted comment!")).toBeVisible();
    await expect(page.getByRole("article", { name: `Reply by ${player.username}` })).toContainText("I still have the drop log open.");
    await expect(page.getByRole("heading", { name: "Staff Controls" })).toHaveCount(0);

    // Staff, in a browser of their own.
    const staffContext = await browser.newContext({ baseURL, extraHTTPHeaders });
    const staffPage = await staffContext.newPage();
    const moderator = await createE2EUser({ privilege: "MODERATOR" });
    await startSignedIn(staffPage, moderator);
    await staffPage.goto("/staff/tickets");
    await expect(staffPage.getByRole("heading", { name: "Ticket queue" })).toBeVisible();
    const queued = staffPage.getByRole("row").filter({ hasText: title });
    await expect(queued).toContainText(player.username);
    await queued.getByRole("link", { name: title }).click();
    await expect(staffPage.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const aside = staffPage.getByRole("complementary", { name: "Ticket details" });
    await expect(aside.getByTestId("ticket-status")).toHaveText("Open");
    await aside.getByRole("button", { name: "Close" }).click();
    await expect(aside.getByTestId("ticket-status")).toHaveText("Closed");
    await expect(aside.getByRole("button", { name: "Open" })).toBeVisible();
    await expect(staffPage.getByLabel("Your reply")).toHaveCount(0);
    await staffContext.close();

    // The player: no longer under Open Tickets, listed under Closed Tickets, no reply form.
    await page.goto("/account/tickets");
    await expect(page.getByText("No open tickets found.")).toBeVisible();
    await page.getByRole("link", { name: "Closed Tickets" }).click();
    await expect(page.getByRole("heading", { name: "Closed Tickets" })).toBeVisible();
    await page.getByRole("row").filter({ hasText: title }).getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(ticketUrl);
    await expect(page.getByTestId("closed-notice")).toBeVisible();
    await expect(page.getByLabel("Your reply")).toHaveCount(0);
    await expect(page.getByRole("article", { name: `Reply by ${player.username}` })).toBeVisible();

    // And the email (local mode: the outbox page), sent once the mail job's short delay is over.
    await expect(async () => {
      await page.goto("/dev/outbox");
      await expect(page.locator(`article[data-to="${player.email}"]`).filter({ hasText: `Your ticket was closed: ${title}` })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
  });

  test("another player's ticket is the 404 page, like a missing one @mobile", async ({ page }) => {
    const owner = await createE2EUser();
    await startSignedIn(page, owner);
    const created = await page.request.post("/api/v1/tickets", { data: { type: "REPORT_BUG", title: "Private", description: "Only mine." } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await page.context().clearCookies();

    const other = await createE2EUser();
    await startSignedIn(page, other);
    for (const path of [`/ticket/${id}`, "/ticket/2147483647", "/ticket/abc"]) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
    }
    // The landing page's help blocks lead somewhere real; the preset reaches the form.
    await page.goto("/tickets/");
    await page.getByRole("link", { name: "Report a player" }).click();
    await expect(page.getByRole("main").getByLabel("Type")).toHaveValue("REPORT_PLAYER");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
