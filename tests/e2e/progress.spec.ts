import { type Page, expect } from "@playwright/test";
import { type E2EUser, createE2EUser } from "../factories/e2e-users";
import { test } from "./support/accounts";
import { axeViolations as violations } from "./support/axe";
import { LADDER_QUERY, XP_99, age, progressKey, push, pushEvents, refreshGains, skills, statsBeforeHistory } from "./support/progress";

// Progress journeys (docs/progress.md, "Pages"): a player's tabs (Stats, Gains with its chart and
// periods, Achievements, Adventure log, Records), the Top gainers and Records boards, and the home
// page's Recent achievements, on history made through the game API. Each journey makes its own
// player; the skill each one takes to 99 and the boss it kills first differ per journey and
// project, so every journey's server firsts are its own. Keyboard, axe and a 360 px phone.

const fmt = (n: number) => n.toLocaleString("en-US");

/** Skill indexes (0 = Attack) each journey takes to 99, per project: server firsts are claimed once per server. */
const SKILL_99: Record<string, { desktop: number; phone: number }> = {
  gains: { desktop: 7, phone: 8 }, // Cooking, Woodcutting
  achievements: { desktop: 9, phone: 10 }, // Fletching, Fishing
  log: { desktop: 2, phone: 1 }, // Strength, Defence
  boards: { desktop: 11, phone: 12 }, // Firemaking, Crafting
  home: { desktop: 13, phone: 14 }, // Smithing, Mining
};
const SKILL_NAMES = [
  "Attack",
  "Defence",
  "Strength",
  "Hitpoints",
  "Ranged",
  "Prayer",
  "Magic",
  "Cooking",
  "Woodcutting",
  "Fletching",
  "Fishing",
  "Firemaking",
  "Crafting",
  "Smithing",
  "Mining",
];
const MAGIC = 6;

type Seeded = { player: E2EUser; skill: number; skillName: string; key: string };

/**
 * A player with three pushes of history: Attack 99 before the site kept history; 33 hours ago
 * `skill` went to 99; 3 hours ago 500,000 more in it and 2,000,000 Magic; this hour 1,000,000
 * more Magic. `activities` go with the first and last push.
 */
async function seedPlayer(
  request: Page["request"],
  journey: keyof typeof SKILL_99,
  activities: { first?: Record<string, number>; last?: Record<string, number> } = {},
): Promise<Seeded> {
  const project = test.info().project.name === "phone" ? "phone" : "desktop";
  const skill = SKILL_99[journey]![project];
  const player = await createE2EUser();
  const key = await progressKey();
  await statsBeforeHistory(player.id, skills({ 0: 13_100_000 }));
  await push(request, key, player.id, skills({ 0: 13_100_000, [skill]: XP_99 }), activities.first);
  await age(player.id, 30);
  await push(request, key, player.id, skills({ 0: 13_100_000, [skill]: XP_99 + 500_000, [MAGIC]: 2_000_000 }));
  await age(player.id, 3);
  await push(request, key, player.id, skills({ 0: 13_100_000, [skill]: XP_99 + 500_000, [MAGIC]: 3_000_000 }), activities.last);
  return { player, skill, skillName: SKILL_NAMES[skill]!, key };
}

const noSidewaysScroll = async (page: Page) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
};

const atPath = (path: string) => (url: URL) => decodeURIComponent(url.pathname) === path;
const tabs = (page: Page) => page.getByRole("navigation", { name: "Player pages" });
const skillRow = (page: Page, slug: string) => page.getByRole("region", { name: "Skills" }).locator(`tr[data-metric="${slug}"]`);

test.describe("progress", () => {
  test("the player's tabs, and the Gains tab: the chart, period switching, a metric from the table, without JavaScript too @mobile", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const { player, skillName } = await seedPlayer(page.request, "gains");
    const base = `/hiscores/player/${player.username}`;

    // The stats page keeps its content and gains the tab bar, Stats marked as the current tab.
    await page.goto(base);
    await expect(page.getByRole("heading", { level: 1, name: player.username })).toBeVisible();
    await expect(tabs(page).getByRole("link")).toHaveText(["Stats", "Gains", "Achievements", "Adventure log", "Records"]);
    await expect(tabs(page).getByRole("link", { name: "Stats" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("region", { name: "Skills" }).locator("table tbody tr")).toHaveCount(24);

    // By keyboard to the Gains tab.
    await tabs(page).getByRole("link", { name: "Gains" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(atPath(`${base}/gains`));
    await expect(tabs(page).getByRole("link", { name: "Gains" })).toHaveAttribute("aria-current", "page");
    const periods = page.getByRole("navigation", { name: "Gains period" });
    await expect(periods.getByRole("link")).toHaveText(["Day", "Week", "Month", "Year", "This week", "This month"]);
    await expect(periods.getByRole("link", { name: "Week", exact: true })).toHaveAttribute("aria-current", "page");

    // The week holds all three pushes: the skill's 99 and more, 3,000,000 Magic; Overall first.
    const slug = skillName.toLowerCase();
    const cells = skillRow(page, slug).locator("td");
    await expect(cells.first()).toHaveText(skillName);
    await expect(cells.nth(1)).toHaveText(/^1\D+99$/);
    await expect(cells.nth(3)).toHaveText(fmt(XP_99 + 500_000));
    await expect(cells.last()).toHaveText(`+${fmt(XP_99 + 500_000)}`);
    await expect(page.getByRole("region", { name: "Skills" }).locator("tbody tr").first()).toHaveAttribute("data-metric", "overall");
    await expect(skillRow(page, "magic").locator("td").last()).toHaveText("+3,000,000");
    await expect(skillRow(page, "attack").locator("td").last()).toHaveText("0");

    // The chart of Overall: drawn on a canvas, with its figures as a sentence and a table.
    const chart = page.getByTestId("gains-chart");
    await expect(chart.locator("canvas").first()).toBeVisible();
    await expect(chart).toHaveAttribute("data-state", "ready");
    const overallGain = XP_99 + 500_000 + 3_000_000;
    await expect(page.getByTestId("chart-summary")).toContainText(
      `Overall: ${fmt(13_100_000)} XP to ${fmt(13_100_000 + overallGain)} XP, +${fmt(overallGain)} gained`,
    );
    await page.getByText("The chart's figures as a table").click();
    await expect(page.getByRole("region", { name: /^Overall/ }).locator("details table tbody tr")).toHaveCount(4);
    await noSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);

    // The day leaves out the push 33 hours ago: 500,000 in the skill, levels unchanged.
    await periods.getByRole("link", { name: "Day", exact: true }).click();
    await expect(page).toHaveURL((u) => u.pathname === `${base}/gains` && u.searchParams.get("period") === "day");
    await expect(periods.getByRole("link", { name: "Day", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(skillRow(page, slug).locator("td").nth(1)).toHaveText("99");
    await expect(skillRow(page, slug).locator("td").last()).toHaveText("+500,000");
    await expect(page.getByTestId("chart-summary")).toContainText(`+${fmt(3_500_000)} gained`);

    // A metric's name in the table puts it on the chart, keeping the period.
    await skillRow(page, "magic").getByRole("link", { name: "Magic" }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get("period") === "day" && u.searchParams.get("metric") === "magic");
    await expect(page.getByRole("heading", { level: 2, name: "Magic: day" })).toBeVisible();
    await expect(page.getByTestId("chart-summary")).toContainText(`Magic: ${fmt(0)} XP to ${fmt(3_000_000)} XP, +3,000,000 gained`);
    await expect(chart.locator("canvas").first()).toBeVisible();
    // The metric picker is a form: Attack by its select and Show.
    await page.getByLabel("Metric", { exact: true }).selectOption("attack");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get("period") === "day" && u.searchParams.get("metric") === "attack");
    // Attack has not moved since before the history began: a flat line at its value, not at 0.
    await expect(page.getByTestId("chart-summary")).toContainText(`Attack: ${fmt(13_100_000)} XP to ${fmt(13_100_000)} XP, nothing gained`);
    await noSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);

    // Without JavaScript: the same table and sentence, and the chart's place says why it is empty.
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
    try {
      const plain = await noJs.newPage();
      await plain.goto(`${base}/gains?period=week`);
      // The <noscript> message is in the page. (Playwright turns scripts off after the parser has
      // decided, so Chromium here still keeps <noscript> unrendered: its text is read, not its box.)
      const noscript = await plain
        .getByTestId("gains-chart")
        .locator("noscript p")
        .evaluate((p) => p.textContent);
      expect(noscript).toBe("The chart needs JavaScript: its figures are in the table below.");
      await expect(plain.getByTestId("chart-summary")).toContainText(`+${fmt(overallGain)} gained`);
      await expect(plain.getByText("Loading the chart…")).toHaveCount(0);
      await plain.getByRole("navigation", { name: "Gains period" }).getByRole("link", { name: "Year" }).click();
      await expect(plain).toHaveURL((u) => u.searchParams.get("period") === "year");
    } finally {
      await noJs.close();
    }
  });

  test("Achievements: groups, dates, before history, and the progress to each next tier @mobile", async ({ page }) => {
    const { player, skillName } = await seedPlayer(page.request, "achievements", { first: { kraken: 20 }, last: { kraken: 620 } });
    await page.goto(`/hiscores/player/${player.username}/achievements`);
    await expect(tabs(page).getByRole("link", { name: "Achievements" })).toHaveAttribute("aria-current", "page");
    for (const group of ["Base stats & Overall", "Skills", "Bosses", "Clues"]) await expect(page.getByRole("region", { name: group })).toBeVisible();

    const skillsGroup = page.getByRole("region", { name: "Skills" });
    // Attack 99 was met before the site kept history: no date, said so, and explained.
    const attack = skillsGroup.locator('[data-achievement="xp:1:13034431"]');
    await expect(attack).toContainText("99 Attack");
    await expect(attack).toContainText("before history");
    await expect(attack.getByText("before history")).toHaveAttribute("title", /not known/);
    await expect(page.getByTestId("before-history-note")).toContainText("the day is not known");
    // The skill's 99 is dated by the push that crossed it, 33 hours ago.
    const reached = skillsGroup.locator(
      `[data-achievement="xp:${SKILL_99.achievements![test.info().project.name === "phone" ? "phone" : "desktop"] + 1}:13034431"]`,
    );
    await expect(reached).toContainText(`99 ${skillName}`);
    const when = reached.locator("time");
    const at = Date.parse((await when.getAttribute("datetime"))!);
    expect(Math.abs(Date.now() - 33 * 3_600_000 - at)).toBeLessThan(10 * 60_000);
    await expect(when).toHaveAttribute("title", /\d{2}:\d{2}:\d{2}/);

    // The next tier of Magic: 3,000,000 of the 13,034,431 of level 99, as a progress bar.
    const magic = skillsGroup.locator('[data-line="xp:7"]');
    const bar = magic.getByRole("progressbar");
    await expect(bar).toHaveAttribute("aria-valuenow", "3000000");
    await expect(bar).toHaveAttribute("aria-valuemax", String(XP_99));
    await expect(bar).toHaveAttribute("aria-valuetext", /3,000,000 XP of 13,034,431 XP \(23%\)/);
    await expect(bar).toHaveAccessibleName("Next: 99 Magic");
    // Bosses: Kraken's 500 kills reached this hour, 1,000 next; bosses never fought are folded away.
    const kraken = page.getByRole("region", { name: "Bosses" }).locator('[data-line="score:149"]');
    await expect(kraken).toContainText("500 Kraken kills");
    await expect(kraken.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "620");
    await expect(page.getByRole("region", { name: "Bosses" }).getByText(/bosses not killed yet/)).toBeVisible();
    await noSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
  });

  test("Adventure log: entries with their times, server firsts set apart, pages, and the empty log @mobile", async ({ page }) => {
    const boss = test.info().project.name === "phone" ? { key: "vorkath", name: "Vorkath" } : { key: "zulrah", name: "Zulrah" };
    const { player, skillName, key } = await seedPlayer(page.request, "log", { first: { [boss.key]: 1 }, last: { [boss.key]: 60 } });
    await page.goto(`/hiscores/player/${player.username}`);
    await tabs(page).getByRole("link", { name: "Adventure log" }).click();
    await expect(page).toHaveURL(atPath(`/hiscores/player/${player.username}/log`));
    await expect(tabs(page).getByRole("link", { name: "Adventure log" })).toHaveAttribute("aria-current", "page");

    const log = page.getByTestId("adventure-log");
    // Newest first: this hour's Magic levels and kills, then three hours ago, then the first push.
    await expect(log.locator("li").first()).toContainText(/Magic|Killed|kills/);
    await expect(log.getByText(`Server first! Achieved 99 ${skillName}`)).toBeVisible();
    await expect(log.getByText(`Server first! Killed ${boss.name}`)).toBeVisible();
    await expect(log.getByText(`Reached 50 ${boss.name} kills`)).toBeVisible();
    await expect(log.getByText(`Reached level 99 ${skillName} (98 levels)`)).toBeVisible();
    const first = log.locator("li[data-server-first]");
    await expect(first).toHaveCount(2);
    // Set apart by more than the text: a border of its own.
    const firstBorder = await first.first().evaluate((el) => getComputedStyle(el).borderTopWidth);
    const plainBorder = await log
      .locator("li:not([data-server-first])")
      .first()
      .evaluate((el) => getComputedStyle(el).borderTopWidth);
    expect(firstBorder).not.toBe(plainBorder);
    const time = log.locator("li").first().locator("time");
    expect(Math.abs(Date.parse((await time.getAttribute("datetime"))!) - Date.now())).toBeLessThan(10 * 60_000);
    await expect(time).toHaveAttribute("title", /UTC/);
    await noSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);

    // 30 quests reported by the game: 25 a page, Next and Previous.
    await pushEvents(
      page.request,
      key,
      player.id,
      Array.from({ length: 30 }, (_, i) => ({ type: "quest", name: `Quest number ${i + 1}` })),
    );
    await page.reload();
    await expect(log.locator("li")).toHaveCount(25);
    await expect(log.locator("li").first()).toContainText("Completed the quest Quest number 30");
    await page.getByRole("navigation", { name: "Adventure log pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get("page") === "2");
    await expect(log.getByText(`Server first! Achieved 99 ${skillName}`)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Adventure log pages" }).getByRole("link", { name: "Previous" })).toBeVisible();

    // A player on the hiscores with nothing logged, and a name that is not on the hiscores.
    const quiet = await createE2EUser();
    await statsBeforeHistory(quiet.id, skills({}));
    await page.goto(`/hiscores/player/${quiet.username}/log`);
    await expect(page.getByText("Nothing in the adventure log yet.")).toBeVisible();
    await page.goto("/hiscores/player/Nobody%20Here/log");
    await expect(page.getByText("This player is not on the hiscores.")).toBeVisible();
    await expect(tabs(page)).toHaveCount(0);
  });

  test("Top gainers and Records: from /hiscores, by form, with their refresh time, windows and empty states @mobile", async ({ page }) => {
    test.setTimeout(180_000);
    const { player, skillName } = await seedPlayer(page.request, "boards");
    const slug = skillName.toLowerCase();
    await refreshGains(player.id);

    await page.goto(`/hiscores?${LADDER_QUERY}`);
    const boards = page.getByRole("navigation", { name: "Hiscores boards" });
    await expect(boards.getByRole("link", { name: "Ladders" })).toHaveAttribute("aria-current", "page");
    await boards.getByRole("link", { name: "Top gainers" }).click();
    await expect(page).toHaveURL(
      (u) => u.pathname === "/hiscores/gains" && u.searchParams.get("mode") === "hardcore_ironman" && u.searchParams.get("xp") === "15x",
    );
    await expect(page.getByRole("heading", { level: 1, name: "Top gainers" })).toBeVisible();

    // The skill over the week, by the form (what a reader without a script does too).
    const form = page.getByRole("form", { name: "Top gainers filters" });
    await form.getByLabel("Period").selectOption("week");
    await form.getByLabel("Skill or activity").selectOption(slug);
    await form.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get("metric") === slug && u.searchParams.get("mode") === "hardcore_ironman");
    await expect(page.getByRole("heading", { level: 2, name: `${skillName}: week` })).toBeVisible();
    // The job rebuilds the lists: wait for this player's row, running it again if another run got there first.
    await expect(async () => {
      await refreshGains(player.id);
      await page.reload();
      await expect(page.getByTestId("top-gains").locator("tbody tr").filter({ hasText: player.username })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 90_000 });
    const row = page.getByTestId("top-gains").locator("tbody tr").filter({ hasText: player.username });
    await expect(row.locator("td").nth(2)).toHaveText(`+${fmt(XP_99 + 500_000)}`);
    await expect(page.getByTestId("refreshed-at").locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await noSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
    // The player's name leads to their gains over the same period and metric.
    await row.getByRole("link", { name: player.username }).click();
    await expect(page).toHaveURL((u) => u.pathname === `/hiscores/player/${player.username}/gains` && u.searchParams.get("metric") === slug);

    // An empty board says so.
    await page.goto("/hiscores/gains?period=day&metric=zalcano&mode=ultimate_ironman&xp=25x");
    await expect(page.getByText("No gains in this period yet.")).toBeVisible();

    // Records: the skill's best day was the push 33 hours ago (99 from nothing), shown with its window.
    await page.goto(`/hiscores/gains?${LADDER_QUERY}`);
    await page.getByRole("navigation", { name: "Hiscores boards" }).getByRole("link", { name: "Records" }).click();
    await expect(page).toHaveURL((u) => u.pathname === "/hiscores/records" && u.searchParams.get("xp") === "15x");
    const records = page.getByRole("form", { name: "Records filters" });
    await expect(records.getByLabel("Period").locator("option")).toHaveText(["Day", "Week", "Month", "Year"]);
    await records.getByLabel("Period").selectOption("day");
    await records.getByLabel("Skill or activity").selectOption(slug);
    await records.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL((u) => u.searchParams.get("period") === "day" && u.searchParams.get("metric") === slug);
    await expect(async () => {
      await refreshGains(player.id);
      await page.reload();
      await expect(page.getByTestId("records-board").locator("tbody tr").filter({ hasText: player.username })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 90_000 });
    const record = page.getByTestId("records-board").locator("tbody tr").filter({ hasText: player.username });
    await expect(record.locator("td").nth(2)).toHaveText(`+${fmt(XP_99)}`);
    // Its window: the 24 hours ending with the hour of that push, 32 hours ago.
    const times = record.locator("time:visible");
    await expect(times).toHaveCount(2);
    const [from, to] = await times.evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute("datetime")!)));
    expect(to! - from!).toBe(24 * 3_600_000);
    expect(Math.abs(Date.now() - 32 * 3_600_000 - to!)).toBeLessThan(3_600_000);
    await noSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
    // Over a week the record is the whole climb.
    await page.goto(`/hiscores/records?period=week&metric=${slug}&${LADDER_QUERY}`);
    await expect(page.getByTestId("records-board").locator("tbody tr").filter({ hasText: player.username }).locator("td").nth(2)).toHaveText(
      `+${fmt(XP_99 + 500_000)}`,
    );

    // The player's Records tab lists the same record, linked to that board.
    await page.goto(`/hiscores/player/${player.username}/records`);
    await expect(tabs(page).getByRole("link", { name: "Records" })).toHaveAttribute("aria-current", "page");
    const card = page.locator(`[data-metric="${slug}"]`);
    // (Chromium may or may not put a space before the hidden ": see…": the name a reader hears either way.)
    const boardLink = (gained: number, period: string) =>
      card.getByRole("link", { name: new RegExp(`^\\+${fmt(gained)} XP ?: see the ${period} records board$`) });
    await expect(boardLink(XP_99, "day")).toHaveAttribute("href", `/hiscores/records?period=day&metric=${slug}&mode=hardcore_ironman&xp=15x`);
    await expect(boardLink(XP_99 + 500_000, "week")).toBeVisible();
    await noSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
  });

  test("home: Recent achievements, server firsts marked, with no script of its own @mobile", async ({ page }) => {
    test.setTimeout(180_000);
    const { player, skillName } = await seedPlayer(page.request, "home");
    const entry = `${player.username}: Server first! Achieved 99 ${skillName}`;
    // The home page is regenerated in the background every 30 seconds: reload until it shows.
    await expect(async () => {
      await page.goto("/");
      await expect(page.getByTestId("recent-achievements").locator("li").filter({ hasText: entry })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 120_000, intervals: [2_000] });
    const feed = page.getByRole("region", { name: "Recent achievements" });
    const item = feed.locator("li").filter({ hasText: entry });
    await expect(item).toHaveAttribute("data-server-first", "true");
    await expect(item.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T/);
    await item.getByRole("link", { name: player.username }).click();
    await expect(page).toHaveURL(atPath(`/hiscores/player/${player.username}/log`));
    await page.goto("/");
    await expect(feed).toBeVisible();
    await noSidewaysScroll(page);
    expect(await violations(page)).toEqual([]);
  });
});
