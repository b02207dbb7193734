import { expect, type Page } from "@playwright/test";
import { createE2EUser, e2eQuery } from "../factories/e2e-users";
import { axeViolations as violations } from "./support/axe";
import { startSignedIn, test } from "./support/accounts";
import { fitsPhone } from "./support/layout";
import { holdVoteSites } from "./support/vote-sites";

// The vote page follows the staff pages: a server vote goal shows as a bar with its progress, and
// a vote site an administrator adds with the form at /staff/votes/sites is a button on /vote with
// its own reward, until the administrator turns it off. The staff vote pages pass axe and fit a
// phone.

const RUN = Math.random().toString(36).slice(2, 7);

/** The goal API is kept by the guest page cache until `votes:goal` is announced (as a staff change or a vote does). */
const announceVoteGoal = () => e2eQuery(`SELECT pg_notify('site_changes', 'votes:goal')`);

async function asAdmin(page: Page) {
  const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
  await page.context().clearCookies();
  await startSignedIn(page, admin);
}

async function asPlayer(page: Page) {
  const player = await createE2EUser();
  await page.context().clearCookies();
  await startSignedIn(page, player);
}

test.describe("the vote page and the staff vote pages", () => {
  test("the server vote goal shows on /vote as a bar with its progress", async ({ page }) => {
    const player = await createE2EUser();
    const [goal] = await e2eQuery<{ id: number }>(
      `INSERT INTO vote_goals (title, "targetVotes", "rewardType", "rewardPayload", "startsAt", "updatedAt")
       VALUES ($1, 400, 'double_xp', '{"hours": 1}', now() - interval '10 minutes', now()) RETURNING id`,
      [`Vote party ${RUN}`],
    );
    try {
      // The player's first vote API call makes the shipped site rows, if no one has yet.
      await startSignedIn(page, player);
      expect((await page.request.get("/api/v1/vote/links")).status()).toBe(200);
      // A hundred counted votes today, after the goal's start: at least a quarter of its target.
      await e2eQuery(
        `INSERT INTO votes ("userId", "siteId", "createdAt")
         SELECT $1, (SELECT id FROM vote_sites WHERE key = 'runelocus'), (now() AT TIME ZONE 'UTC') - make_interval(secs => g)
         FROM generate_series(0, 99) AS g`,
        [player.id],
      );
      await announceVoteGoal();
      await page.goto("/vote");
      const goals = page.locator('[data-testid="vote-goals"]');
      await expect(goals).toBeVisible();
      const bar = goals.locator(`[data-vote-goal-id="${goal!.id}"]`);
      await expect(bar).toContainText(`Vote party ${RUN}`);
      const progress = bar.getByRole("progressbar", { name: `Vote party ${RUN}: progress` });
      await expect(progress).toHaveAttribute("aria-valuetext", /^\d[\d,]* of 400 votes$/);
      const votes = Number((await progress.getAttribute("aria-valuetext"))!.split(" ")[0]!.replace(/,/g, ""));
      expect(votes).toBeGreaterThanOrEqual(100);
      // The percent shown is the votes' share of the target, and the bar is that wide.
      const percent = Math.floor((votes * 100) / 400);
      await expect(progress).toHaveAttribute("aria-valuenow", String(percent));
      await expect(bar.getByTestId("vote-goal-count")).toHaveText(`${votes} of 400 votes · ${percent}%`);
      await expect(progress.locator("div")).toHaveAttribute("style", `width: ${percent}%;`);
    } finally {
      await e2eQuery(`UPDATE vote_goals SET active = false, "updatedAt" = now() WHERE id = $1`, [goal!.id]);
      await announceVoteGoal();
    }
  });

  test("a site an administrator adds on /staff/votes/sites is a button on /vote with its reward, until it is turned off", async ({ page }) => {
    const key = `e2e_${RUN}`;
    const name = `E2E List ${RUN}`;
    // The other vote journeys expect exactly the shipped sites: they wait while this one is on.
    const release = await holdVoteSites("alone");
    try {
      await asAdmin(page);
      await page.goto("/staff/votes/sites");
      await expect(page.getByRole("heading", { level: 1, name: "Vote sites" })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await fitsPhone(page);

      const form = page.getByRole("region", { name: "Add a site" });
      await form.getByLabel("Key", { exact: true }).fill(key);
      await form.getByLabel("Name", { exact: true }).fill(name);
      await form.getByLabel("Vote link").fill(`https://e2e-list.example/vote/7?incentive={token}`);
      await form.getByLabel("Token parameter").fill("incentive");
      await form.getByLabel("Allowed addresses").fill("203.0.113.77");
      await form.getByLabel("Cooldown (hours)").fill("24");
      await form.getByLabel("Reward (vote points)").fill("5");
      await form.getByLabel(/^Active/).check();
      await form.getByRole("button", { name: "Add site" }).click();
      await expect(form.getByText(`Added ${name}: its callback address is /api/v1/vote/callback/${key}.`)).toBeVisible();

      // A player's vote page: the new site's button (through /vote/go), its reward and its countdown.
      await asPlayer(page);
      await page.goto("/vote");
      const card = page.getByTestId(`vote-site-${key}`);
      const button = card.getByRole("link", { name: `${name} (opens in a new tab)` });
      await expect(button).toHaveAttribute("href", `/vote/go/${key}`);
      await expect(card.getByTestId("vote-site-reward")).toHaveText("Reward: 5 vote points");
      await expect(card.getByTestId("vote-countdown")).toHaveText("Available!");
      await expect(page.getByRole("list", { name: "Vote sites" }).getByRole("link")).toHaveCount(4);

      // Turned off with its edit form: gone from the vote page.
      await asAdmin(page);
      await page.goto("/staff/votes/sites");
      const article = page.getByRole("article", { name: new RegExp(`^${name}`) });
      await article.getByText("Edit or turn off").click();
      await article.getByLabel(/^Active/).uncheck();
      await article.getByRole("button", { name: "Save site" }).click();
      await expect(article.getByText(`Saved ${name}.`)).toBeVisible();
      await expect(article.getByTestId("staff-vote-site-state")).toHaveText("off");

      await asPlayer(page);
      await page.goto("/vote");
      await expect(page.getByRole("list", { name: "Vote sites" }).getByRole("link")).toHaveCount(3);
      await expect(page.getByTestId(`vote-site-${key}`)).toHaveCount(0);
    } finally {
      await e2eQuery(`UPDATE vote_sites SET active = false WHERE key = $1`, [key]);
      await release();
    }
  });

  test("the staff vote callbacks page passes axe and fits a phone", async ({ page }) => {
    await asAdmin(page);
    await page.goto("/staff/votes/callbacks");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await fitsPhone(page);
  });
});
