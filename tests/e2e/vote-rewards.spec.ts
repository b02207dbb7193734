import { expect } from "@playwright/test";
import { siteConfig } from "../../lib/site-config";
import { addDays, dayOf } from "../../lib/votes/vote-days";
import { createE2EUser, e2eQuery } from "../factories/e2e-users";
import { axeViolations as violations } from "./support/axe";
import { holdVoteSites } from "./support/vote-sites";
import { startSignedIn, test } from "./support/accounts";
import { fitsPhone } from "./support/layout";

// The vote page tells the truth (GET /api/v1/vote/standing against the real database, no stand-ins):
// each site's reward with the player's donator bonus, the rewards still waiting in game, the streak
// and its next milestone, the month's place; a site cooling down is a disabled button, not a link.

const [firstMilestone] = siteConfig.voteRewards.streakMilestones;

test.describe("vote rewards on the vote page", () => {
  // Exactly the shipped sites are active while each test runs (tests/e2e/vote-staff.spec.ts adds one).
  let release: (() => Promise<void>) | undefined;
  test.beforeEach(async () => {
    release = await holdVoteSites("shared");
  });
  test.afterEach(async () => {
    await release?.();
  });

  test("shows each site's reward, the rewards waiting in game and the streak; a cooling site's button is disabled", async ({ page }) => {
    const user = await createE2EUser();
    // An Uber donator (2x vote points) who voted on RuneLocus a minute ago, with a 3-day streak ending yesterday (longest 5).
    await e2eQuery(`UPDATE users SET "memberRank" = 'UBER' WHERE id = $1`, [user.id]);
    await e2eQuery(
      `INSERT INTO vote_sites (key, name, "sortOrder") VALUES ('runelocus', 'RuneLocus', 0), ('rsps_list', 'RSPS-List', 1), ('runelist', 'Runelist', 2)
       ON CONFLICT (key) DO NOTHING`,
    );
    const [vote] = await e2eQuery<{ id: number }>(
      `INSERT INTO votes ("userId", "siteId", "createdAt") SELECT $1, id, (now() AT TIME ZONE 'UTC') - interval '1 minute' FROM vote_sites WHERE key = 'runelocus' RETURNING id`,
      [user.id],
    );
    await e2eQuery(`INSERT INTO game_deliveries ("userId", kind, payload, "voteId") VALUES ($1, 'VOTE_REWARD', '{"points": 4, "site": "runelocus"}', $2)`, [
      user.id,
      vote!.id,
    ]);
    await e2eQuery(`INSERT INTO game_deliveries ("userId", kind, payload) VALUES ($1, 'VOTE_STREAK_REWARD', '{"streakDays": 7, "points": 20}')`, [user.id]);
    const today = dayOf(new Date(), siteConfig.progress.timeZone);
    await e2eQuery(`INSERT INTO vote_streaks ("userId", current, longest, "startDay", "lastDay") VALUES ($1, 3, 5, $2::date, $3::date)`, [
      user.id,
      addDays(today, -3),
      addDays(today, -1),
    ]);

    await startSignedIn(page, user);
    await page.goto("/vote");
    const sites = page.getByRole("list", { name: "Vote sites" });
    // Each site's reward for this player: 2 points, doubled for Uber.
    for (const key of ["runelocus", "rsps_list", "runelist"])
      await expect(page.getByTestId(`vote-site-${key}`).getByTestId("vote-site-reward")).toHaveText("Reward: 4 vote points");
    await expect(page.getByTestId("vote-multiplier")).toHaveText(/multiplies vote points by 2/);

    // RuneLocus is cooling down: a disabled button with the countdown, not a link; the others link out.
    const runelocus = page.getByTestId("vote-site-runelocus");
    await expect(runelocus.getByTestId("vote-countdown")).toHaveText(/^Next Vote \d\d:\d\d:\d\d$/);
    await expect(runelocus.getByRole("button", { name: "RuneLocus" })).toBeDisabled();
    await expect(runelocus.getByRole("link")).toHaveCount(0);
    await expect(sites.getByRole("link")).toHaveCount(2);
    await expect(page.getByTestId("vote-site-rsps_list").getByTestId("vote-countdown")).toHaveText("Available!");

    // What is waiting in game, the streak and its next milestone (doubled too), the month's place.
    const rewards = page.getByRole("region", { name: "Your vote rewards" });
    await expect(rewards.getByTestId("vote-waiting").getByRole("listitem")).toHaveText(["4 vote points (RuneLocus)", "20 vote points for a 7-day streak"]);
    await expect(rewards.getByTestId("streak-current")).toHaveText("3 days");
    await expect(rewards.getByTestId("streak-longest")).toHaveText("5 days");
    await expect(rewards.getByTestId("streak-today")).toContainText("to keep your streak");
    await expect(rewards.getByTestId("streak-next")).toHaveText(
      `Next milestone: ${firstMilestone!.days} days in a row, ${firstMilestone!.points * 2} vote points.`,
    );
    await expect(rewards.getByTestId("vote-month-standing")).toHaveText(/^Place \d+ with 1 vote\.$/);
    // The page's long-standing texts stay.
    await expect(page.getByRole("region", { name: "Vote Statistics" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Top voters' prizes" })).toBeVisible();

    expect(await violations(page)).toEqual([]);
    await fitsPhone(page);
  });

  test("a player with nothing waiting and no streak is told so", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await page.goto("/vote");
    const rewards = page.getByRole("region", { name: "Your vote rewards" });
    await expect(rewards.getByTestId("vote-waiting-empty")).toBeVisible();
    await expect(rewards.getByTestId("streak-current")).toHaveText("0 days");
    await expect(rewards.getByTestId("vote-month-standing")).toHaveText("No votes this month yet.");
    for (const key of ["runelocus", "rsps_list", "runelist"])
      await expect(page.getByTestId(`vote-site-${key}`).getByTestId("vote-site-reward")).toHaveText("Reward: 2 vote points");
    await expect(page.getByTestId("vote-multiplier")).toHaveCount(0);
    await expect(page.getByRole("list", { name: "Vote sites" }).getByRole("link")).toHaveCount(3);
  });
});
