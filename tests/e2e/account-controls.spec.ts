import { readFile } from "node:fs/promises";
import { expect } from "@playwright/test";
import { createE2EUser, e2eQuery, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { linkFromLatestEmail } from "./support/outbox";

// /account/settings (docs/accounts.md, "Account controls"): the change of email address through
// the link mailed to the new address (read from the local outbox), the data export download, the
// deletion; and the link pages. Each new page passes axe and fits a 360 px screen.

const overflowOf = (page: import("@playwright/test").Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe("account controls", () => {
  test("change of email address end to end, through the link mailed to the new address", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await page.goto("/account");
    await page.getByRole("link", { name: "Email, data and deletion" }).click();
    await expect(page).toHaveURL(/\/account\/settings$/);
    const form = page.getByRole("region", { name: "Change email address" });
    const newEmail = `${uniqueUsername("mv")}@example.com`;
    // A wrong password: named under the field, nothing sent.
    await form.getByLabel("New email address").fill(newEmail);
    await form.getByLabel("Current password").fill("not-my-password");
    await form.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(page.locator("#ce-password-errors")).toContainText("incorrect");
    await form.getByLabel("Current password").fill(user.password);
    await form.getByRole("button", { name: "Send confirmation link" }).click();
    await expect(form.getByRole("status").or(form.locator("[aria-live]")).first()).toContainText("We sent a link to your new address");

    const link = await linkFromLatestEmail(page, newEmail, /\/account\/confirm-email\?/);
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my new address" }).click();
    await expect(page.getByTestId("email-change-done")).toContainText(newEmail);
    const [row] = await e2eQuery<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [user.id]);
    expect(row?.email).toBe(newEmail);
    // The link is spent: a second try is refused with a clear message.
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm my new address" }).click();
    await expect(page.getByText(/invalid, has been used or has expired/)).toBeVisible();
  });

  test("the export downloads a JSON file without secrets", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await page.goto("/account/settings");
    const download = page.waitForEvent("download");
    await page.getByTestId("export-link").click();
    const file = await (await download).path();
    const text = await readFile(file, "utf8");
    const data = JSON.parse(text) as { account: { username: string; email: string } };
    expect(data.account.username).toBe(user.username);
    expect(data.account.email).toBe(user.email);
    expect(text).not.toMatch(/argon2|passwordHash|tokenHash|totpSecret/);
  });

  test("deleting the account: refused without the box ticked, then deleted and signed out", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await page.goto("/account/settings");
    const panel = page.getByRole("region", { name: "Delete account" });
    await panel.getByLabel("Current password").fill(user.password);
    await panel.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.locator("#da-confirm-errors")).toContainText("Tick the box");
    await panel.getByLabel(/I understand/).check();
    await panel.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByTestId("account-deleted")).toBeVisible();
    const [row] = await e2eQuery<{ username: string; deletedAt: Date | null }>(`SELECT username, "deletedAt" FROM users WHERE id = $1`, [user.id]);
    expect(row?.username).toBe(`Deleted player #${user.id}`);
    expect(row?.deletedAt).not.toBeNull();
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login/);
  });

  test("the new pages pass axe and fit a 360 px screen, keyboard first @mobile", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/account/settings", "/account/confirm-email?uid=1&token=x", "/account/end-session?token=x"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await axeViolations(page), path).toEqual([]);
      expect(await overflowOf(page), path).toBeLessThanOrEqual(0);
    }
    // Keyboard: the end-session page's button is reached with Tab and answers a bad link clearly.
    await page.goto("/account/end-session?token=x");
    const button = page.getByRole("button", { name: "End this session" });
    await expect(button).toBeEnabled();
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(/invalid or has expired/)).toBeVisible();
  });
});
