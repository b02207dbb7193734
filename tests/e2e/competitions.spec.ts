import { type Browser, type Page, expect } from "@playwright/test";
import { type E2EUser, createE2EUser, e2eQuery as sql } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { progressKey, push, skills } from "./support/progress";

// Competitions in the browser (docs/competitions.md): the list by status, a competition's page
// with its window, prizes, the leaders' chart, the standings and the reader's own place; joining
// and leaving; a team competition's team table (total, average, MVP) and its team choice. Staff
// make the competitions through their API; the start is then moved into the past in the database
// (a competition may only be made to start a minute ahead), and players push through the game API.

const ATTACK = 0;
const STRENGTH = 2;
const fmt = (n: number) => n.toLocaleString("en-US");

/** Another signed-in browser context (a second player, or staff), with this test's forwarded address. */
async function signedInContext(browser: Browser, user: E2EUser): Promise<Page> {
  const use = test.info().project.use;
  const context = await browser.newContext({ baseURL: use.baseURL, extraHTTPHeaders: use.extraHTTPHeaders });
  const page = await context.newPage();
  await startSignedIn(page, user);
  return page;
}

/** A competition made through the staff API, then started three hours ago. */
async function startedCompetition(staff: Page, body: Record<string, unknown>): Promise<number> {
  const res = await staff.request.post("/api/v1/staff/competitions", {
    data: {
      starts_at: new Date(Date.now() + 5 * 60_000).toISOString(),
      ends_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      metric_kind: "skills",
      ...body,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await sql(`UPDATE competitions SET "startsAt" = now() - interval '3 hours' WHERE id = $1`, [id]);
  return id;
}

async function join(page: Page, id: number, data: Record<string, unknown> = {}) {
  const res = await page.request.post(`/api/v1/competitions/${id}/join`, { data });
  expect(res.status(), await res.text()).toBe(200);
}

const noSidewaysScroll = async (page: Page) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
};

test("a classic competition: found in the list, joined late, ranked with weights, charted, and left @mobile", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const [admin, ava, bo] = await Promise.all([createE2EUser({ privilege: "ADMINISTRATOR" }), createE2EUser(), createE2EUser()]);
  const staff = await signedInContext(browser, admin);
  const title = `Melee week ${ava.id}`;
  const id = await startedCompetition(staff, {
    title,
    metrics: [{ metric: "attack" }, { metric: "strength", weight: 2 }],
    prizes: [{ item_id: 995, quantity: 1_000_000 }],
  });
  const key = await progressKey();
  // Both were on the hiscores before they signed up: only what they gain after counts.
  await push(page.request, key, ava.id, skills({ [ATTACK]: 1_000 }));
  await push(page.request, key, bo.id, skills({ [ATTACK]: 1_000 }));

  // A guest finds it among the ongoing competitions, from the hiscores.
  await page.goto("/hiscores");
  await page.getByRole("navigation", { name: "Hiscores boards" }).getByRole("link", { name: "Competitions" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/competitions");
  await expect(page.getByRole("heading", { level: 1, name: "Competitions" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Competitions shown" }).getByRole("link", { name: "Ongoing" })).toHaveAttribute("aria-current", "page");
  const card = page.locator(`[data-competition="${id}"]`);
  await expect(card).toContainText("Attack, Strength ×2");
  await expect(card.getByTestId("competition-status")).toHaveText("Ongoing");
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await card.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL((u) => u.pathname === `/competitions/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId("my-place").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", `/login?next=%2Fcompetitions%2F${id}`);
  await expect(page.getByRole("region", { name: "Prizes" })).toContainText("1st place: 1,000,000 × item 995");
  await expect(page.getByTestId("standings")).toContainText("Nobody has gained anything yet.");

  // Ava signs up on the page; Bo through the API.
  await startSignedIn(page, ava);
  await page.reload();
  await page.getByRole("button", { name: "Join competition" }).click();
  await expect(page.getByTestId("my-rank")).toHaveText("You are 1st of 1 with 0 points.");
  const boPage = await signedInContext(browser, bo);
  await join(boPage, id);

  // Ava: +5,000 Attack and +1,000 Strength (×2) = 7,000; Bo: +19,000 Attack.
  await push(page.request, key, ava.id, skills({ [ATTACK]: 6_000, [STRENGTH]: 1_000 }));
  await push(page.request, key, bo.id, skills({ [ATTACK]: 20_000 }));
  await page.reload();
  await expect(page.getByTestId("my-rank")).toHaveText("You are 2nd of 2 with 7,000 points.");
  const rows = page.getByTestId("standings").locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-player", bo.username);
  await expect(rows.nth(0).locator("td").nth(2)).toHaveText(fmt(19_000));
  await expect(rows.nth(1)).toHaveAttribute("data-player", ava.username);
  await expect(rows.nth(1)).toContainText("(you)");
  await expect(rows.nth(1)).toContainText(`Attack +${fmt(5_000)} · Strength +${fmt(1_000)}`);
  await expect(rows.nth(1).locator("td").nth(2)).toHaveText(fmt(7_000));

  // The leaders' chart: drawn once the page has loaded it, both names in its legend.
  const chart = page.getByTestId("standings-chart");
  await expect(chart.locator("canvas").first()).toBeVisible();
  await expect(chart).toContainText(`the first 2: ${bo.username}, ${ava.username}`);
  await expect(chart.locator(".u-legend")).toContainText(bo.username);
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);

  // Leaving drops her from the standings.
  await page.getByRole("button", { name: "Leave competition" }).click();
  await expect(page.getByRole("button", { name: "Join competition" })).toBeVisible();
  await expect(page.getByTestId("my-rank")).toHaveCount(0);
  await expect(rows).toHaveCount(1);
  await expect(page.getByText("It has started: what you gain from the moment you join counts.")).toBeVisible();

  // A competition that does not exist is the 404 page.
  expect((await page.goto("/competitions/2147483000"))?.status()).toBe(404);
  expect((await page.goto("/competitions/abc"))?.status()).toBe(404);
  await staff.context().close();
  await boPage.context().close();
});

test("a team competition: a team is chosen to join, and the teams rank by total with average and MVP @mobile", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const [admin, ava, bo, cy] = await Promise.all([createE2EUser({ privilege: "ADMINISTRATOR" }), createE2EUser(), createE2EUser(), createE2EUser()]);
  const staff = await signedInContext(browser, admin);
  const id = await startedCompetition(staff, { title: `Teams ${ava.id}`, type: "team", teams: ["Red", "Blue"], metrics: [{ metric: "attack" }] });
  const teams = (await (await page.request.get(`/api/v1/competitions/${id}`)).json()).competition.teams as { id: number; name: string }[];
  const team = (name: string) => teams.find((t) => t.name === name)!.id;
  const key = await progressKey();
  for (const u of [ava, bo, cy]) await push(page.request, key, u.id, skills({ [ATTACK]: 100 }));

  await startSignedIn(page, ava);
  await page.goto(`/competitions/${id}`);
  const joinForm = page.getByRole("form", { name: "Join this competition" });
  // Joining without a team is refused beside the field; with one it goes through.
  await joinForm.getByRole("button", { name: "Join competition" }).click();
  await expect(joinForm.getByText("Choose a team.")).toBeVisible();
  await expect(joinForm.getByLabel("Team")).toHaveAttribute("aria-invalid", "true");
  await joinForm.getByLabel("Team").selectOption({ label: "Red" });
  await joinForm.getByRole("button", { name: "Join competition" }).click();
  await expect(page.getByTestId("my-rank")).toHaveText("You are 1st of 1 with 0 points, for Red.");

  const boPage = await signedInContext(browser, bo);
  await join(boPage, id, { team_id: team("Red") });
  const cyPage = await signedInContext(browser, cy);
  await join(cyPage, id, { team_id: team("Blue") });
  await push(page.request, key, ava.id, skills({ [ATTACK]: 3_100 })); // +3,000
  await push(page.request, key, bo.id, skills({ [ATTACK]: 1_100 })); // +1,000
  await push(page.request, key, cy.id, skills({ [ATTACK]: 5_100 })); // +5,000

  await page.reload();
  const teamRows = page.getByTestId("team-standings").locator("tbody tr");
  await expect(teamRows).toHaveCount(2);
  // Blue leads on its total (5,000 against 4,000), though Red has two members.
  await expect(teamRows.nth(0)).toHaveAttribute("data-team", "Blue");
  await expect(teamRows.nth(0).locator("td").nth(2)).toHaveText(fmt(5_000));
  const red = teamRows.nth(1);
  await expect(red).toHaveAttribute("data-team", "Red");
  await expect(red.locator("td").nth(2)).toHaveText(fmt(4_000));
  await expect(red).toContainText("2 members");
  await expect(red).toContainText(ava.username);
  await expect(red).toContainText(`${fmt(3_000)} points`);
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(red).toContainText(`average ${fmt(2_000)}`);
  await noSidewaysScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(red.locator("td").nth(3)).toHaveText(fmt(2_000));
  await expect(page.getByTestId("my-rank")).toHaveText("You are 2nd of 3 with 3,000 points, for Red.");
  for (const p of [staff, boPage, cyPage]) await p.context().close();
});
