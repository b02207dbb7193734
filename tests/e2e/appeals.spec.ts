import { expect } from "@playwright/test";
import { createE2EUser, e2eQuery } from "../factories/e2e-users";
import { startSignedIn, submitLogin, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { linkFromLatestEmail } from "./support/outbox";

// Appeals without signing in, and ticket images, in Chromium: a banned player is refused at
// login, follows the refusal to /appeal, sends a ban appeal, and reads and answers staff through
// the emailed link; staff see the account's ban beside the ticket. A player attaches an image to
// a ticket (a thumbnail on the ticket page) and sees the refusal of a text file named .png.

/** A 1×1 PNG. */
const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const noOverflow = (page: import("@playwright/test").Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe("appeals and ticket images", () => {
  test("a banned player appeals without signing in and answers staff through the emailed link", async ({ page, browser, baseURL, extraHTTPHeaders }) => {
    test.setTimeout(240_000);
    const player = await createE2EUser();
    await e2eQuery(`UPDATE users SET "bannedAt" = now(), "banReason" = 'Botting at the furnace' WHERE id = $1`, [player.id]);

    await page.goto("/login");
    await submitLogin(page, player.username, player.password);
    await expect(page.getByText(/This account has been banned: Botting at the furnace/)).toBeVisible();
    await page.getByRole("link", { name: "Appeal the ban" }).click();
    await expect(page).toHaveURL(/\/appeal\?type=BAN_APPEAL$/);
    await expect(page.getByRole("heading", { level: 1, name: "Appeal or Recover an Account" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    const main = page.getByRole("main");
    await expect(main.getByLabel("Request")).toHaveValue("BAN_APPEAL");
    await main.getByLabel("Username").fill(player.username);
    await main.getByLabel("Email").fill(player.email);
    await main.getByLabel("Message").fill("My cousin used my account; it will not happen again.");
    await main.getByRole("button", { name: "Send ban appeal" }).click();
    await expect(main.getByText(/If the username and email match an account, we have emailed/)).toBeVisible({ timeout: 30_000 });

    const link = await linkFromLatestEmail(page, player.email, /\/appeal\/ticket\?token=/);
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1, name: `Ban Appeal: ${player.username}` })).toBeVisible();
    await expect(page.getByRole("article", { name: "Your request" })).toContainText("My cousin used my account");
    expect(await axeViolations(page)).toEqual([]);

    // Staff answer from the queue and see the account's ban beside the ticket.
    const staffContext = await browser.newContext({ baseURL, extraHTTPHeaders });
    const staffPage = await staffContext.newPage();
    await startSignedIn(staffPage, await createE2EUser({ privilege: "MODERATOR" }));
    await staffPage.goto("/staff/tickets?type=BAN_APPEAL");
    await staffPage.getByRole("link", { name: `Ban Appeal: ${player.username}` }).click();
    const account = staffPage.getByTestId("appeal-account");
    await expect(account).toContainText("Botting at the furnace");
    await expect(account.getByRole("link", { name: player.username })).toBeVisible();
    await staffPage.getByLabel("Your reply").fill("Which world were you on?");
    await staffPage.getByRole("button", { name: "Post Reply" }).click();
    await expect(staffPage.getByRole("article", { name: /Reply by/ })).toContainText("Which world were you on?");
    await staffContext.close();

    // The player, still banned and signed out, reads the answer and replies through the link.
    await page.reload();
    await expect(page.getByRole("article", { name: /Reply by/ }).first()).toContainText("Which world were you on?");
    await page.getByLabel("Your reply").fill("World 302, at the Edgeville furnace.");
    await page.getByRole("button", { name: "Send reply" }).click();
    await expect(page.getByText("Your reply was sent.")).toBeVisible();
    await expect(page.getByRole("article", { name: `Reply by ${player.username}` })).toContainText("World 302");

    // Both pages fit a phone screen.
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/appeal", link]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await noOverflow(page), path).toBeLessThanOrEqual(0);
    }
  });

  test("a player attaches an image to a ticket and sees it as a thumbnail; a text file named .png is refused by name", async ({ page }) => {
    test.setTimeout(120_000);
    await startSignedIn(page, await createE2EUser());
    await page.goto("/tickets/create?type=REPORT_BUG");
    const main = page.getByRole("main");
    await main.getByLabel("Title").fill("Broken bank tab");
    await main.getByLabel("Description").fill("See the screenshot.");
    const picker = main.getByLabel("Images (optional)");

    // Declared as an image, but the bytes are text: the server refuses it, naming the file.
    await picker.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text, not an image") });
    await expect(main.getByRole("list", { name: "Chosen images" })).toContainText("notes.png");
    await main.getByRole("button", { name: "Submit Ticket" }).click();
    await expect(main.getByText("notes.png is not a PNG, JPEG, WebP or GIF image.", { exact: true })).toBeVisible();
    await expect(picker).toHaveAttribute("aria-invalid", "true");
    await main.getByRole("button", { name: "Remove notes.png" }).click();

    await picker.setInputFiles({ name: "bank.png", mimeType: "image/png", buffer: PIXEL });
    expect(await axeViolations(page)).toEqual([]);
    await main.getByRole("button", { name: "Submit Ticket" }).click();
    await expect(page).toHaveURL(/\/account\/tickets\/?$/);
    await page.getByRole("row").filter({ hasText: "Broken bank tab" }).getByRole("cell", { name: "Report Bug" }).click();
    const thumb = page.getByRole("article", { name: "Original description" }).getByRole("img", { name: "Attached image bank.png" });
    await expect(thumb).toBeVisible();
    expect(await thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await noOverflow(page)).toBeLessThanOrEqual(0);
  });
});
