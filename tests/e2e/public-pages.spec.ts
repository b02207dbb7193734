import { expect, test } from "@playwright/test";
import { siteConfig } from "../../lib/site-config";

// Public information pages: titles, headings and the key facts each must show.

test("terms page shows version and date", async ({ page }) => {
  await page.goto("/terms");
  await expect(page).toHaveTitle(`Terms | ${siteConfig.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  const main = page.locator("main");
  await expect(main.getByText("Version 0.1")).toBeVisible();
  await expect(main.getByText(/February 2022/)).toBeVisible();
  await expect(main.getByRole("link", { name: "Rules", exact: true })).toHaveAttribute("href", "/rules");
});

test("privacy page shows version", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page).toHaveTitle(`Privacy Policy | ${siteConfig.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  const main = page.locator("main");
  await expect(main.getByText("Version 0.1")).toBeVisible();
  await expect(main.getByText(/HttpOnly/)).toBeVisible();
});

test("rules page has 17 numbered sections and a working contents list", async ({ page }) => {
  await page.goto("/rules");
  await expect(page).toHaveTitle(`Rules | ${siteConfig.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rules");

  const main = page.locator("main");
  const sectionHeadings = main.getByRole("heading", { level: 2, name: /^\d+\. / });
  await expect(sectionHeadings).toHaveCount(17);
  await expect(sectionHeadings.first()).toHaveText(/^1\. /);
  await expect(sectionHeadings.last()).toHaveText(/^17\. /);

  const contents = page.getByRole("navigation", { name: "Contents" });
  const links = contents.getByRole("link");
  await expect(links).toHaveCount(17);
  for (const href of await links.evaluateAll((els) => els.map((el) => el.getAttribute("href") ?? ""))) {
    expect(href).toMatch(/^#[a-z][a-z0-9-]*$/);
    await expect(main.locator(`section${href}`)).toHaveCount(1);
  }

  // Penalty ladders are shown: e.g. spam escalates from a 24-hour mute to a permanent ban.
  const spam = main.locator("section#spam");
  await expect(spam.getByRole("row")).toHaveCount(5);
  await expect(spam.getByRole("row", { name: /1st offense/ })).toContainText("24-hour mute");
  await expect(spam.getByRole("row", { name: /4th offense/ })).toContainText("Permanent ban");

  // Pages the rules name are links: the partners (advertising) and the download page (third-party software).
  await expect(main.locator("section#advertising").getByRole("link", { name: "Partnerships page" })).toHaveAttribute("href", "/partnerships");
  await expect(main.locator("section#third-party-software").getByRole("link", { name: "download page" })).toHaveAttribute("href", "/play");

  const tenth = links.nth(9);
  const target = (await tenth.getAttribute("href")) ?? "";
  await tenth.click();
  await expect(page).toHaveURL(new RegExp(`${target}$`));
  await expect(main.locator(`section${target}`).getByRole("heading", { level: 2 })).toBeInViewport();

  await main.locator("section#advertising").getByRole("link", { name: "Partnerships page" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/partnerships");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Partnerships");
});

test("faq page has 6 questions and links to the credit store", async ({ page }) => {
  await page.goto("/faq");
  await expect(page).toHaveTitle(`FAQ | ${siteConfig.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frequently Asked Questions");
  const main = page.locator("main");
  await expect(main.getByRole("heading", { level: 2 })).toHaveCount(6);
  await expect(main.locator('a[href="/credits"]')).toHaveCount(1);
  await expect(main.getByText(/::store/)).toBeVisible();
  await expect(main.getByText(/12 hours/)).toBeVisible();
  await expect(main.locator(`a[href="${siteConfig.chatInviteUrl}"]`).first()).toBeVisible();
});

test("partnerships page lists both partners with join links", async ({ page }) => {
  await page.goto("/partnerships");
  await expect(page).toHaveTitle(`Partnerships | ${siteConfig.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Partnerships");
  const main = page.locator("main");
  for (const partner of siteConfig.partners) {
    await expect(main.getByRole("heading", { level: 2, name: partner.name })).toBeVisible();
    await expect(main.getByText(partner.members)).toBeVisible();
    const join = main.getByRole("link", { name: `Join ${partner.name}` });
    await expect(join).toHaveAttribute("href", partner.inviteUrl);
    await expect(join).toHaveAttribute("target", "_blank");
  }
});

test("play page offers every download with requirements and the terms notice", async ({ page }) => {
  await page.goto("/play");
  await expect(page).toHaveTitle(`Play | ${siteConfig.name}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Play ${siteConfig.name}`);
  const main = page.locator("main");
  for (const d of siteConfig.downloads) {
    const link = main.getByRole("link", { name: `Download ${d.label}`, exact: true });
    await expect(link).toHaveAttribute("href", d.href);
    await expect(link).toHaveAttribute("download", d.file);
    await expect(main.getByText(d.requirements, { exact: true })).toBeVisible();
  }
  await expect(main.getByText(/Java 11/)).toBeVisible();
  await expect(main.locator('a[href="/terms"]')).toBeVisible();
  await expect(main.locator('a[href="/rules"]').first()).toBeVisible();
  await expect(main.locator('a[href="/register"]')).toBeVisible();
});

test("public pages fit a 360px phone without horizontal scrolling @mobile", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/terms", "/privacy", "/rules", "/faq", "/partnerships", "/play"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
