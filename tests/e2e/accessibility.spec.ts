import AxeBuilder from "@axe-core/playwright";
import { expect } from "@playwright/test";
import { createE2EUser } from "../factories/e2e-users";
import { signIn, test } from "./support/accounts";

// WCAG 2.1 A/AA checks by axe-core on every page of the foundation and accounts issues.

const PUBLIC_PAGES = [
  "/",
  "/terms",
  "/privacy",
  "/rules",
  "/faq",
  "/partnerships",
  "/play",
  "/login",
  "/register",
  "/welcome",
  "/registration-failed",
  "/account/request-password-reset",
  "/account/reset-password?uid=1&token=abc",
  "/tickets",
  "/ticketinfo",
  "/no-such-page",
];

async function violations(page: import("@playwright/test").Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
}

test.describe("accessibility", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(await violations(page)).toEqual([]);
    });
  }

  test("the signed-in account pages have no WCAG A/AA violations", async ({ page }) => {
    const user = await createE2EUser();
    await signIn(page, user);
    for (const path of ["/account", "/account/change-password"]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
    // Ticket pages (issue 11), with a ticket of the player's own.
    const created = await page.request.post("/api/v1/tickets", { data: { type: "GENERAL_INQUIRY", title: "Axe check", description: "Checking." } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    for (const path of ["/tickets/create", "/account/tickets", "/account/tickets?tab=closed", `/ticket/${id}`]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
    // The open account menu too.
    await page.getByRole("banner").getByRole("button", { name: user.username }).click();
    expect(await violations(page), "account menu").toEqual([]);
  });

  test("the staff ticket pages have no WCAG A/AA violations", async ({ page }) => {
    const moderator = await createE2EUser({ privilege: "MODERATOR" });
    await signIn(page, moderator);
    const created = await page.request.post("/api/v1/tickets", { data: { type: "REPORT_BUG", title: "Staff axe check", description: "Checking." } });
    const { id } = (await created.json()) as { id: number };
    for (const path of ["/staff/tickets", "/staff/tickets?status=all", `/ticket/${id}`]) {
      await page.goto(path);
      await expect(page.locator("h1").first()).toBeVisible();
      expect(await violations(page), path).toEqual([]);
    }
  });
});
