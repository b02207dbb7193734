import { axeViolations as violations } from "./support/axe";
import { type Page, expect } from "@playwright/test";
import pg from "pg";
import { SKILLS } from "../../lib/skills";
import { XP_FOR_LEVEL } from "../../lib/xp";
import { type E2EUser, createE2EUser, e2eQuery } from "../factories/e2e-users";
import { test } from "./support/accounts";

// Hiscores journeys (docs/product.md §2 Hiscores, Player hiscores; §4; §5) on the demo ladder
// (over 100 regular players): browse a skill, page forward, open a player from the table and
// by search, switch the game mode; a player's skill icons, combat level and last change;
// activity ladders (Top Pkers, a boss) and a player's activity panels; the Old School lookups
// under Jagex's per-mode path through the real server; keyboard, phone width and axe.

/**
 * A player on the regular ladder with 0 XP everywhere (the bottom of every skill, so nobody else's
 * rank moves) and the given activity scores, written as the game's push stores them (ids from
 * lib/hiscores-layout.ts: skill = the activity's id, level 0, experience = the score).
 */
async function playerWithActivities(scores: Record<number, number>): Promise<E2EUser> {
  const user = await createE2EUser();
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    const skills = Array.from({ length: 24 }, (_, i) => i);
    const ids = [...skills, ...Object.keys(scores).map(Number)];
    const levels = [...skills.map((i) => (i === 0 ? 23 : 1)), ...Object.keys(scores).map(() => 0)];
    const values = [...skills.map(() => 0), ...Object.values(scores)];
    await client.query(
      `INSERT INTO hiscore_stats ("userId", "gameMode", "xpMode", skill, level, experience, "reachedAt", hidden)
       SELECT $1, 'REGULAR', 'REGULAR', s.skill, s.level, s.xp, now(), false
       FROM unnest($2::smallint[], $3::smallint[], $4::bigint[]) AS s(skill, level, xp)`,
      [user.id, ids, levels, values],
    );
  } finally {
    await client.end();
  }
  return user;
}

/**
 * A player on a ladder no other journey reads (Group Ironman, 25x) with the given levels by skill
 * id (1 elsewhere), each row dated as given (`when`, by skill id, else `base`), as a push stores them.
 */
async function playerWithLevels(levels: Record<number, number>, base: string, when: Record<number, string>): Promise<E2EUser> {
  const user = await createE2EUser();
  const ids = SKILLS.map((_, i) => i + 1);
  const lv = ids.map((id) => levels[id] ?? 1);
  const xp = lv.map((l) => XP_FOR_LEVEL[l] ?? 0);
  await e2eQuery(
    `INSERT INTO hiscore_stats ("userId", "gameMode", "xpMode", skill, level, experience, "reachedAt", hidden)
     SELECT $1, 'GROUP_IRONMAN', 'X25', s.skill, s.level, s.xp, s.at, false
     FROM unnest($2::smallint[], $3::smallint[], $4::bigint[], $5::timestamp[]) AS s(skill, level, xp, at)`,
    [user.id, [0, ...ids], [lv.reduce((a, b) => a + b, 0), ...lv], [xp.reduce((a, b) => a + b, 0), ...xp], [0, ...ids].map((id) => when[id] ?? base)],
  );
  return user;
}
const PVP_KILLS = 500;
const ZULRAH = 187;
const CLUES_ALL = 106;

const atPath = (path: string) => (url: URL) => decodeURIComponent(url.pathname) === path;

const table = (page: Page) => page.getByTestId("hiscores-table");
const ranks = async (page: Page) =>
  await table(page)
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute("data-rank"))));

test.describe("hiscores", () => {
  test("browse a skill, page forward, open a player from the table and find them again by search @mobile", async ({ page }) => {
    await page.goto("/hiscores");
    await expect(page.getByRole("heading", { level: 1, name: "Hiscores" })).toBeVisible();
    await expect(table(page).locator("tbody tr")).toHaveCount(25);
    if (test.info().project.name === "phone") {
      // On a phone the ladder comes before the lists of ladders: its first row is on the first screen,
      // and a link leads on to the lists.
      const top = await table(page)
        .locator("tbody tr")
        .first()
        .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      expect(top).toBeLessThan(page.viewportSize()!.height);
      await page.getByRole("link", { name: "Other skills and activities" }).click();
      await expect(page.getByRole("navigation", { name: "Hiscores categories" })).toBeInViewport();
    } else await expect(page.getByRole("link", { name: "Other skills and activities" })).toBeHidden();

    // Overall plus the 23 skills, in the order of docs/product.md §9; pick Attack.
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
    const firstBg = await table(page)
      .locator('tr[data-rank="1"]')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    const fourthBg = await table(page)
      .locator('tr[data-rank="4"]')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
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
    const skills = page.getByRole("region", { name: "Skills" }).locator("table tbody tr");
    await expect(skills).toHaveCount(24);
    const attack = skills.nth(1);
    await expect(attack.locator("td").nth(1)).toHaveText("Attack");
    await expect(attack.locator("td").nth(2)).toHaveText("26");
    // The activity panels (the demo players have no activity scores).
    for (const title of ["Boss kill counts", "PvP stats", "Clue scrolls", "Minigames and more"]) {
      await expect(page.getByRole("region", { name: title })).toContainText("None ranked yet.");
    }
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

  test("a player's page: an icon named after each skill, the combat level, and when the stats last changed", async ({ page }) => {
    // Attack 60, Defence 50, Strength 70, Hitpoints 65, Ranged 40, Prayer 43, Magic 55: ¼(50 + 65 + 21)
    // + 0.325 × (60 + 70) = 76.25. Fishing changed last.
    const fishing = SKILLS.indexOf("Fishing") + 1;
    const player = await playerWithLevels({ 1: 60, 2: 50, 3: 70, 4: 65, 5: 40, 6: 43, 7: 55, [fishing]: 62 }, "2024-01-01 08:00:00", {
      [fishing]: "2025-03-14 12:34:56",
    });
    await page.goto(`/hiscores/player/${encodeURIComponent(player.username)}`);
    await expect(page.getByRole("heading", { level: 1, name: player.username })).toBeVisible();

    // One icon per row, named after its skill: Fishing and Firemaking (once both "Fi") apart.
    const skills = page.getByRole("region", { name: "Skills" });
    const rows = skills.locator("tbody tr");
    await expect(rows).toHaveCount(24);
    await expect(skills.getByRole("img", { name: "Fishing", exact: true })).toBeVisible();
    await expect(skills.getByRole("img", { name: "Firemaking", exact: true })).toBeVisible();
    const labels = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector("td [role=img]")?.getAttribute("aria-label")));
    expect(labels).toEqual(["Overall", ...SKILLS]);
    // Each a drawing of its own.
    const drawings = await skills.getByRole("img").evaluateAll((svgs) => svgs.map((svg) => svg.querySelector("use")?.getAttribute("href")));
    expect(new Set(drawings).size).toBe(24);
    for (const href of drawings) await expect(page.locator(`symbol${href}`)).toHaveCount(1);
    // The Skill Name column still names each skill.
    await expect(rows.nth(fishing).locator("td").nth(1)).toHaveText("Fishing");
    await expect(rows.nth(fishing).locator("td").nth(3)).toHaveText("62");

    await expect(page.getByTestId("combat-level")).toHaveText("76");
    const changed = page.getByTestId("stats-changed").locator("time");
    await expect(changed).toHaveAttribute("datetime", "2025-03-14T12:34:56.000Z");
    await expect(changed).toHaveText(/^Mar 14, 2025/);
    await expect(page.getByTestId("stats-changed")).toContainText("Stats last changed:");
    expect(await violations(page)).toEqual([]);
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

  test("activity ladders: Top Pkers and a boss from the menus, the player's activity panels, and the Old School lookups by per-mode path @mobile", async ({
    page,
    request,
  }) => {
    const pker = await playerWithActivities({ [PVP_KILLS]: 987_654, [ZULRAH]: 4321, [CLUES_ALL]: 12 });

    await page.goto("/hiscores");
    await page.getByRole("navigation", { name: "PvP hiscores" }).getByRole("link", { name: "Top Pkers" }).click();
    await expect(page).toHaveURL(atPath("/hiscores/pvp-kills"));
    await expect(page.getByRole("heading", { level: 2, name: "PvP Kills" })).toBeVisible();
    await expect(table(page).locator("thead th")).toHaveText(["Rank", "Username", "Score"]);
    const row = table(page).locator("tbody tr").filter({ hasText: pker.username });
    await expect(row.locator("td").nth(2)).toHaveText("987,654");
    expect(await ranks(page)).toEqual(Array.from({ length: await table(page).locator("tbody tr").count() }, (_, i) => i + 1));
    await expect(page.getByRole("navigation", { name: "PvP hiscores" }).getByRole("link", { name: "Top Pkers" })).toHaveAttribute("aria-current", "page");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);

    // A boss from the closed Activities menu, by keyboard.
    const activities = page.getByRole("navigation", { name: "Activity hiscores" });
    await activities.getByText("Boss kill counts").click();
    const zulrah = activities.getByRole("link", { name: "Zulrah", exact: true });
    await zulrah.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(atPath("/hiscores/zulrah"));
    await expect(page.getByRole("heading", { level: 2, name: "Zulrah" })).toBeVisible();
    await expect(table(page).locator("tbody tr").filter({ hasText: pker.username }).locator("td").nth(2)).toHaveText("4,321");

    // The player's page lists each score in its panel, with its rank, linked to the ladder.
    await table(page).getByRole("link", { name: pker.username, exact: true }).click();
    await expect(page).toHaveURL(atPath(`/hiscores/player/${pker.username}`));
    const bosses = page.getByRole("region", { name: "Boss kill counts" });
    await expect(bosses.locator("tbody tr")).toHaveCount(1);
    await expect(bosses.locator("tbody tr td")).toHaveText(["Zulrah", /^\d+$/, "4,321"]);
    await expect(page.getByRole("region", { name: "PvP stats" }).locator("tbody tr td").first()).toHaveText("PvP Kills");
    await expect(page.getByRole("region", { name: "Clue scrolls" }).locator("tbody tr td")).toHaveText(["Clue Scrolls (all)", /^\d+$/, "12"]);
    await expect(page.getByRole("region", { name: "Minigames and more" })).toContainText("None ranked yet.");
    expect(await violations(page)).toEqual([]);

    // Through the real server: Jagex's per-mode path (the `=` in the segment included) answers
    // what ?mode= does, every official row, Jagex's names.
    const q = `player=${encodeURIComponent(pker.username)}`;
    const byPath = await request.get(`/api/v1/hiscores/m=hiscore_oldschool/index_lite.json?${q}`);
    expect(byPath.status()).toBe(200);
    const json = (await byPath.json()) as { name: string; skills: { name: string }[]; activities: { name: string; rank: number; score: number }[] };
    expect(json.name).toBe(pker.username);
    expect(json.skills).toHaveLength(25);
    expect(json.skills[21]!.name).toBe("Runecraft");
    expect(json.activities).toHaveLength(88);
    expect(json.activities.find((a) => a.name === "Zulrah")).toMatchObject({ score: 4321 });
    expect(await (await request.get(`/api/v1/hiscores/index_lite.json?${q}&mode=regular`)).json()).toEqual(json);
    const ws = await request.get(`/api/v1/hiscores/m=hiscore_oldschool/index_lite.ws?${q}`);
    expect(ws.headers()["content-type"]).toMatch(/^text\/plain/);
    expect((await ws.text()).split("\n")).toHaveLength(114);
    expect((await request.get(`/api/v1/hiscores/m=hiscore_oldschool_ironman/index_lite.json?${q}`)).status()).toBe(404);
    expect((await request.get(`/api/v1/hiscores/m=hiscore_oldschool_deadman/index_lite.ws?${q}`)).status()).toBe(404);
  });
});
