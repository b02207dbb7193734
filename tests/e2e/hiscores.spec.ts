import AxeBuilder from "@axe-core/playwright";
import { type Page, expect } from "@playwright/test";
import { test } from "./support/accounts";

// Hiscores journeys (issue 9; spec §2 Hiscores, Player hiscores; §4; §5) on the demo ladder
// (over 100 regular players): browse a skill, page forward, open a player from the table and
// by search, switch the game mode; keyboard, phone width and axe.

const atPath = (path: string) => (url: URL) => decodeURIComponent(url.pathname) === path;

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
}

const table = (page: Page) => page.getByTestId("hiscores-table");
const ranks = async (page: Page) => (await table(page).locator("tbody tr").evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-rank")))));

test.describe("hiscores", () => {
  test("browse a skill, page forward, open a player from the table and find them again by search @mobile", async ({ page }) => {
    await page.goto("/hiscores");
    await expect(page.getByRole("heading", { level: 1, name: "Hiscores" })).toBeVisible();
    await expect(table(page).locator("tbody tr")).toHaveCount(25);

    // Overall plus the 23 skills, in spec order; pick Attack.
    const categories = page.getByRole("navigation", { name: "Hiscores categories" }).getByRole("link");
    await expect(categories).toHaveCount(24);
    await expect(categories.first()).toHaveText("Overall");
    await expect(categories.last()).toHaveText("Construction");
    await categories.filter({ hasText: /^Attack$/ }).click();
    await expect(page).toHaveURL(atPath("/hiscores/attack"));
    await expect(page.getByRole("heading", { level: 2, name: "Attack" })).toBeVisible();
    await expect(categories.filter({ hasText: /^Attack$/ })).toHaveAttribute("aria-current", "page");
    await expect(table(page).locator("tbody tr")).toHaveCount(25);
    expect(await ranks(page)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    // The top three are set apart.
    const firstBg = await table(page).locator('tr[data-rank="1"]').evaluate((el) => getComputedStyle(el).backgroundColor);
    const fourthBg = await table(page).locator('tr[data-rank="4"]').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(firstBg).not.toBe(fourthBg);
    // Experience never rises down the ladder.
    const xp = await table(page).locator("tbody tr td:nth-child(4)").allInnerTexts();
    const values = xp.map((t) => Number(t.replace(/,/g, "")));
    expect(values).toEqual([...values].sort((a, b) => b - a));

    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL((u) => u.pathname === "/hiscores/attack" && u.searchParams.get("page") === "2");
    await expect(table(page).locator('tr[data-rank="26"]')).toBeVisible();
    await expect(page.getByRole("link", { name: "Previous" })).toBeVisible();

    // The phone layout has no sideways scroll.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);

    // Open the player at rank 26 from the table: their page shows the same Attack rank.
    const row = table(page).locator('tr[data-rank="26"]');
    const name = (await row.getByRole("link").innerText()).trim();
    await row.getByRole("link").click();
    await expect(page).toHaveURL(atPath(`/hiscores/player/${name}`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const skills = page.locator("table tbody tr");
    await expect(skills).toHaveCount(24);
    const attack = skills.nth(1);
    await expect(attack.locator("td").nth(1)).toHaveText("Attack");
    await expect(attack.locator("td").nth(2)).toHaveText("26");
    await expect(page.getByRole("heading", { name: "Boss kill counts" })).toBeVisible();
    await expect(page.getByText("Coming Soon").first()).toBeVisible();
    expect(await violations(page)).toEqual([]);

    // Search: empty is ignored; Enter opens the player's page.
    await page.goto("/hiscores");
    const search = page.getByRole("searchbox", { name: "Player name" }).or(page.getByLabel("Player name"));
    await search.fill("   ");
    await search.press("Enter");
    await expect(page).toHaveURL(atPath("/hiscores"));
    await search.fill(name.toLowerCase());
    await search.press("Enter");
    await expect(page).toHaveURL(atPath(`/hiscores/player/${name.toLowerCase()}`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  test("the game mode filter opens that mode's own ladder, shareable by URL, by keyboard", async ({ page }) => {
    await page.goto("/hiscores/overall?page=0");
    await expect(table(page).locator("tbody tr")).toHaveCount(25);
    expect((await ranks(page))[0]).toBe(1);
    const mode = page.getByLabel("Game mode");
    await mode.focus();
    await mode.selectOption("ironman");
    await expect(page).toHaveURL((u) => u.searchParams.get("mode") === "ironman");
    await expect(table(page).locator("tbody tr").first()).toBeVisible();
    const ironmen = await table(page).locator("tbody tr td:nth-child(2)").allInnerTexts();
    // An ironman's page carries the Ironman badge, from the player's real mode.
    await page.getByRole("link", { name: ironmen[0]!.trim(), exact: true }).click();
    await expect(page.getByRole("list", { name: "Account type" })).toContainText("Ironman");
    // A name nobody has: the page says so and keeps the search.
    await page.goto("/hiscores/player/Nobody%20Here");
    await expect(page.getByText("This player is not on the hiscores.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Search" })).toBeVisible();
  });
});
