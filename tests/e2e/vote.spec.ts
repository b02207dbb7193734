import { axeViolations as violations } from "./support/axe";
import { type Locator, type Page, expect } from "@playwright/test";
import { ZErrorBody } from "../../lib/schemas/api";
import { NO_LEADERBOARD, ZVoteCountdown, ZVoteHistory, ZVoteMetrics } from "../../lib/schemas/votes";
import { siteConfig } from "../../lib/site-config";
import { monthYear } from "../../lib/votes/vote-display";
import { createE2EUser, e2eQuery, uniqueUsername } from "../factories/e2e-users";
import { holdVoteSites } from "./support/vote-sites";
import { startSignedIn, submitLogin, test } from "./support/accounts";

// The vote page (docs/product.md §2 Vote, §4 Vote countdown, §8, §9). The journey plays a listing
// site: it reads the incentive token from the page's RuneLocus link and calls our callback with
// it, as RuneLocus would. The rendering tests answer the page's API calls with fixed data
// (page.route), so every state (ticking, failed call, leaderboard, reasons) is checked exactly.

const HOURS = 3600;
const RUNELOCUS = siteConfig.voteSites.find((s) => s.key === "runelocus")!;
const COOLDOWN_SEC = RUNELOCUS.cooldownHours * HOURS;
/** Our vote API as the page calls it, with the schema each stand-in answer must meet. */
const API = {
  countdown: { glob: "**/api/v1/vote/countdown", schema: ZVoteCountdown.strict() },
  metrics: { glob: "**/api/v1/vote/metrics", schema: ZVoteMetrics.strict() },
  history: { glob: "**/api/v1/vote/history", schema: ZVoteHistory.strict() },
};
type Api = (typeof API)[keyof typeof API];

const atPath = (path: string) => (url: URL) => url.pathname === path;

/** "11:59:58" → seconds. */
function seconds(hms: string): number {
  const [h, m, s] = hms.split(":").map(Number);
  return h! * HOURS + m! * 60 + s!;
}

const site = (page: Page, key: string) => page.getByTestId(`vote-site-${key}`);
const label = (page: Page, key: string) => site(page, key).getByTestId("vote-countdown");
const timer = (page: Page, key: string) => site(page, key).getByRole("timer");

/**
 * Answers a page's GET with JSON (or a failure) instead of the server. The body must be one the
 * server could send: it is checked against the operation's schema (an error body's for a
 * failure), so a stand-in cannot drift from the contract the page is written against.
 */
function contractBody(api: Api, body: unknown, status = 200): string {
  (status === 200 ? api.schema : ZErrorBody).parse(body);
  return JSON.stringify(body);
}

async function answer(page: Page, api: Api, body: unknown, status = 200) {
  const json = contractBody(api, body, status);
  await page.route(api.glob, (route) => route.fulfill({ status, contentType: "application/json", body: json }));
}

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

/**
 * A vote button goes through our /vote/go/{site} (which records the open for the staff fraud
 * signals) and is redirected from there to the listing site's own link: that link, as the
 * signed-in player's browser is sent on to it.
 */
async function externalHref(page: Page, link: Locator, key: string): Promise<string> {
  await expect(link).toHaveAttribute("href", `/vote/go/${key}`);
  const res = await page.request.get(`/vote/go/${key}`, { maxRedirects: 0 });
  expect(res.status()).toBe(303);
  return res.headers()["location"]!;
}

test.describe("vote page", () => {
  // Exactly the shipped sites are active while each test runs (tests/e2e/vote-staff.spec.ts adds one).
  let release: (() => Promise<void>) | undefined;
  test.beforeEach(async () => {
    release = await holdVoteSites("shared");
  });
  test.afterEach(async () => {
    await release?.();
  });

  test("a stand-in answer that drifts from the API's schema is refused before any page sees it", () => {
    const metrics = { totalVotes: 1, monthlyVotes: 1, monthlyLeaderboard: [], month: 11, year: 2026, refreshed: new Date().toISOString() };
    expect(contractBody(API.metrics, metrics)).toBe(JSON.stringify(metrics));
    expect(() => contractBody(API.metrics, { ...metrics, total_votes: 1 })).toThrow();
    expect(() => contractBody(API.metrics, { ...metrics, totalVotes: "1" })).toThrow();
    expect(() =>
      contractBody(API.history, {
        results: [{ id: 1, site: "runelocus", site_name: "RuneLocus", time: "2026-11-22T07:00:00.000Z", counted: true, reason: null, reward: "sent" }],
      }),
    ).toThrow();
    expect(() => contractBody(API.countdown, { runelocus: null, rsps_list: null })).toThrow();
    expect(() => contractBody(API.countdown, { details: 500 }, 500)).toThrow();
  });

  test("guests are sent to /login and back to /vote", async ({ page }) => {
    await page.goto("/vote");
    await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/vote");
    const user = await createE2EUser();
    await submitLogin(page, user.username, user.password);
    await expect(page).toHaveURL(atPath("/vote"), { timeout: 20_000 });
    await expect(page).toHaveTitle(`Vote | ${siteConfig.name}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vote every 12 hours");
  });

  test("three vote-site buttons, in order, link out with the player's name and one incentive token", async ({ page }) => {
    // A space in the name: the links must carry it URL-encoded.
    const user = await createE2EUser({ username: `V ${uniqueUsername("").slice(0, 9)}` });
    await startSignedIn(page, user);
    await page.goto("/vote");
    const links = page.getByRole("list", { name: "Vote sites" }).getByRole("link");
    await expect(links).toHaveCount(3);
    await expect(links).toHaveText(["RuneLocus (opens in a new tab)", "RSPS-List (opens in a new tab)", "Runelist (opens in a new tab)"]);

    const tokens = new Set<string>();
    for (const [i, cfg] of siteConfig.voteSites.entries()) {
      const link = links.nth(i);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
      // The configured link with the encoded name in place and the token read from its slot.
      const pattern = cfg.urlTemplate
        .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
        .replace("\\{username\\}", encodeURIComponent(user.username))
        .replace("\\{token\\}", "([A-Za-z0-9_-]{20,32})");
      const href = await externalHref(page, link, cfg.key);
      const match = new RegExp(`^${pattern}$`).exec(href);
      expect(match, `${cfg.name}: ${href}`).not.toBeNull();
      tokens.add(match![1]!);
    }
    expect(tokens.size, "one token per player, the same in every link").toBe(1);

    // Stable: the next visit carries the same token.
    const first = await links.first().getAttribute("href");
    await page.reload();
    await expect(links.first()).toHaveAttribute("href", first!);
  });

  test("'Next Vote' ticks every second, 'Available!' for a null or past time, and a return to the tab fetches again", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    let calls = 0;
    let votedOnRspsList = false;
    await page.route(API.countdown.glob, (route) => {
      calls += 1;
      // Once the player has voted on RSPS-List (in another tab), the answer says so.
      const body = { runelocus: inSeconds(HOURS - 1), rsps_list: votedOnRspsList ? inSeconds(2 * HOURS) : null, runelist: inSeconds(-60) };
      return route.fulfill({ status: 200, contentType: "application/json", body: contractBody(API.countdown, body) });
    });
    await page.goto("/vote");

    await expect(label(page, "runelocus")).toHaveText(/^Next Vote \d\d:\d\d:\d\d$/);
    await expect(label(page, "rsps_list")).toHaveText("Available!");
    await expect(label(page, "runelist")).toHaveText("Available!");
    const t1 = (await timer(page, "runelocus").innerText()).trim();
    expect(seconds(t1)).toBeGreaterThan(HOURS - 60);
    expect(seconds(t1)).toBeLessThanOrEqual(HOURS);
    await expect(timer(page, "runelocus")).not.toHaveText(t1);
    const t2 = (await timer(page, "runelocus").innerText()).trim();
    expect(seconds(t1) - seconds(t2)).toBeGreaterThanOrEqual(1);
    expect(seconds(t1) - seconds(t2)).toBeLessThanOrEqual(3);

    // Back from the vote site: the tab regains focus and asks again.
    const callsBefore = calls;
    votedOnRspsList = true;
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await expect(label(page, "rsps_list")).toHaveText(/^Next Vote \d\d:\d\d:\d\d$/, { timeout: 1500 });
    }).toPass();
    expect(seconds((await timer(page, "rsps_list").innerText()).trim())).toBeGreaterThan(2 * HOURS - 60);
    expect(calls).toBeGreaterThan(callsBefore);
  });

  test("when the countdown call fails the Next Vote labels are hidden, the buttons stay", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await answer(page, API.countdown, { details: "Server error" }, 500);
    const failed = page.waitForResponse((r) => r.url().endsWith("/api/v1/vote/countdown"));
    await page.goto("/vote");
    await failed;
    const list = page.getByRole("list", { name: "Vote sites" });
    await expect(list).toHaveAttribute("aria-busy", "false");
    await expect(list.getByRole("link")).toHaveCount(3);
    await expect(list.getByTestId("vote-countdown")).toHaveText(["", "", ""]);
    await expect(page.getByRole("main")).not.toContainText("Next Vote");
    await expect(page.getByRole("main")).not.toContainText("Available!");
  });

  test("statistics and recent votes: leaderboard rows, totals for the month, outcomes and rewards", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await answer(page, API.countdown, { runelocus: null, rsps_list: null, runelist: null });
    await answer(page, API.metrics, {
      totalVotes: 1204,
      monthlyVotes: 87,
      monthlyLeaderboard: [
        { username: "Zezima", count: 31 },
        { username: "Lynx Titan", count: 2 },
        { username: "B0aty", count: 1 },
      ],
      month: 11,
      year: 2026,
      refreshed: new Date().toISOString(),
    });
    await answer(page, API.history, {
      results: [
        {
          id: 3,
          site: "runelist",
          site_name: "Runelist",
          time: "2026-11-22T09:00:00.000Z",
          counted: false,
          reason: "Within the 12-hour cooldown",
          reward: null,
        },
        { id: 2, site: "rsps_list", site_name: "RSPS-List", time: "2026-11-22T08:00:00.000Z", counted: true, reason: null, reward: "delivered" },
        { id: 1, site: "runelocus", site_name: "RuneLocus", time: "2026-11-22T07:00:00.000Z", counted: true, reason: null, reward: "pending" },
      ],
    });
    await page.goto("/vote");

    const stats = page.getByRole("region", { name: "Vote Statistics" });
    await expect(stats).toContainText("Updated every five minutes.");
    await expect(stats.getByTestId("total-votes")).toHaveText("1,204");
    await expect(stats.getByTestId("monthly-votes-label")).toHaveText("Votes in November 2026");
    await expect(stats.getByTestId("monthly-votes")).toHaveText("87");
    const leaders = stats.getByTestId("vote-leaderboard").getByRole("listitem");
    await expect(leaders.getByTestId("leaderboard-username")).toHaveText(["Zezima", "Lynx Titan", "B0aty"]);
    await expect(leaders.getByTestId("leaderboard-count")).toHaveText(["31 votes", "2 votes", "1 vote"]);

    const history = page.getByRole("region", { name: "Your recent votes" });
    const rows = history.getByTestId("vote-history").getByRole("listitem");
    await expect(rows.getByTestId("vote-site")).toHaveText(["Runelist", "RSPS-List", "RuneLocus"]);
    const row = (name: string) => rows.filter({ has: page.getByTestId("vote-site").getByText(name, { exact: true }) });
    await expect(row("RuneLocus").locator("time")).toHaveText(/^\d\d\/\d\d\/2026 \d\d:\d\d [AP]M$/);
    await expect(row("RuneLocus").getByTestId("vote-outcome")).toHaveText("Counted");
    await expect(row("RuneLocus").getByTestId("vote-reward")).toHaveText("Reward: Waiting in game");
    await expect(row("RSPS-List").getByTestId("vote-reward")).toHaveText("Reward: Received");
    await expect(row("Runelist").getByTestId("vote-outcome")).toHaveText("Not counted: Within the 12-hour cooldown");
    await expect(row("Runelist").getByTestId("vote-reward")).toHaveCount(0);
    expect(await violations(page)).toEqual([]);
  });

  test("empty states: no leaderboard yet, no votes yet", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await answer(page, API.metrics, { totalVotes: 0, monthlyVotes: 0, monthlyLeaderboard: [], month: 1, year: 2027, refreshed: new Date().toISOString() });
    await answer(page, API.history, { results: [] });
    await page.goto("/vote");
    const stats = page.getByRole("region", { name: "Vote Statistics" });
    await expect(stats.getByText(NO_LEADERBOARD, { exact: true })).toBeVisible();
    await expect(stats.getByTestId("monthly-votes-label")).toHaveText("Votes in January 2027");
    await expect(page.getByRole("region", { name: "Your recent votes" })).toContainText("No votes yet.");
  });

  test("the vote page fits a phone screen and is keyboard-usable @mobile", async ({ page }) => {
    const user = await createE2EUser({ username: `W${uniqueUsername("").slice(0, 11)}` });
    await startSignedIn(page, user);
    await answer(page, API.countdown, { runelocus: inSeconds(11 * HOURS), rsps_list: null, runelist: inSeconds(-5) });
    await answer(page, API.metrics, {
      totalVotes: 123456,
      monthlyVotes: 9876,
      monthlyLeaderboard: Array.from({ length: 10 }, (_, i) => ({ username: `Wwwwwwwwww${String(i).padStart(2, "0")}`, count: 1000 - i })),
      month: 9,
      year: 2026,
      refreshed: new Date().toISOString(),
    });
    await answer(page, API.history, {
      results: Array.from({ length: 5 }, (_, i) => ({
        id: i + 1,
        site: "rsps_list",
        site_name: "RSPS-List",
        time: "2026-09-22T21:00:00.000Z",
        counted: i !== 0,
        reason: i === 0 ? "Within the 12-hour cooldown for this site and account" : null,
        reward: i === 0 ? null : "pending",
      })),
    });
    await page.goto("/vote");
    await expect(label(page, "runelocus")).toHaveText(/^Next Vote/);
    await expect(page.getByTestId("vote-leaderboard").getByRole("listitem")).toHaveCount(10);
    await expect(page.getByTestId("vote-history").getByRole("listitem")).toHaveCount(5);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The buttons are reachable by keyboard and show where focus is; a cooling site's is a disabled button, skipped.
    await expect(site(page, "runelocus").getByRole("button", { name: "RuneLocus" })).toBeDisabled();
    const first = site(page, "rsps_list").getByRole("link");
    await first.focus();
    // Onto the next link and back by keyboard, so the focus ring is the keyboard's (:focus-visible).
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(first).toBeFocused();
    expect(await first.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe("none");
    await page.keyboard.press("Tab");
    await expect(site(page, "runelist").getByRole("link")).toBeFocused();
    expect(await violations(page)).toEqual([]);
  });

  // Needs the vote API (countdown, metrics, history, callbacks): the whole path a real vote takes.
  test("after a vote on RuneLocus its button counts down, the others stay available, and the vote shows in recent votes and statistics", async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await page.goto("/vote");
    for (const key of ["runelocus", "rsps_list", "runelist"]) await expect(label(page, key)).toHaveText("Available!");
    const history = page.getByRole("region", { name: "Your recent votes" });
    await expect(history).toContainText("No votes yet.");
    const [before] = await e2eQuery<{ total: number; monthly: number }>(
      `SELECT count(*)::int AS total, (count(*) FILTER (WHERE "createdAt" >= date_trunc('month', now() AT TIME ZONE 'UTC')))::int AS monthly FROM votes`,
    );
    const [votesBefore, monthlyBefore] = [before!.total, before!.monthly];

    // The player clicks RuneLocus: a new tab opens on the listing site (answered here: no internet).
    await context.route(/^https:\/\/www\.runelocus\.com\//, (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>RuneLocus</title><p>Thanks for voting!</p>" }),
    );
    const link = site(page, "runelocus").getByRole("link");
    const href = await externalHref(page, link, "runelocus");
    // The query parameters the template fills with the token and the name.
    const slots = Object.fromEntries([...new URL(RUNELOCUS.urlTemplate).searchParams].map(([k, v]) => [v, k]));
    const token = new URL(href).searchParams.get(slots["{token}"]!)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{20,32}$/);
    expect(new URL(href).searchParams.get(slots["{username}"]!)).toBe(user.username);
    const opened = context.waitForEvent("page");
    await link.click();
    const tab = await opened;
    await expect(tab).toHaveURL(href);

    // RuneLocus tells us about the vote: its token parameter and the shared secret.
    const callback = await request.post("/api/v1/vote/callback/runelocus", {
      form: { [RUNELOCUS.callback.token]: token, [RUNELOCUS.callback.secret]: process.env.VOTE_RUNELOCUS_SECRET! },
    });
    expect(callback.status(), await callback.text()).toBe(200);
    expect((await callback.json()).status).toBe("accepted");
    const votedAt = Date.now();

    // Back on our tab: it fetches again when it regains focus, no reload needed.
    await tab.close();
    await page.bringToFront();
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event("focus")));
      await expect(label(page, "runelocus")).toHaveText(/^Next Vote \d\d:\d\d:\d\d$/, { timeout: 1500 });
    }).toPass({ timeout: 15_000 });
    const t1 = (await timer(page, "runelocus").innerText()).trim();
    expect(seconds(t1)).toBeGreaterThan(COOLDOWN_SEC - 120);
    expect(seconds(t1)).toBeLessThanOrEqual(COOLDOWN_SEC);
    await expect(timer(page, "runelocus")).not.toHaveText(t1);
    await expect(label(page, "rsps_list")).toHaveText("Available!");
    await expect(label(page, "runelist")).toHaveText("Available!");
    const row = history.getByRole("listitem").filter({ has: page.getByTestId("vote-site").getByText("RuneLocus", { exact: true }) });
    await expect(row.locator("time")).toHaveText(/^\d\d\/\d\d\/\d{4} \d\d:\d\d [AP]M$/);
    await expect(row.getByTestId("vote-outcome")).toHaveText("Counted");
    await expect(row.getByTestId("vote-reward")).toHaveText("Reward: Waiting in game");

    // A reload shows the same: the countdown lives on the server.
    await page.reload();
    await expect(label(page, "runelocus")).toHaveText(/^Next Vote (11:5\d|12:00):\d\d$/);
    await expect(row.getByTestId("vote-outcome")).toHaveText("Counted");

    // Statistics are cached (the job recomputes them every five minutes; a cache older than two
    // periods is recomputed by the route itself). Age the cache as if the job had stopped: the
    // next read computes the figures after the vote, and they must count it.
    await e2eQuery(`UPDATE cached_values SET "refreshedAt" = now() - interval '1 hour' WHERE key = $1`, ["vote-metrics"]);
    const counted = page.waitForResponse((r) => r.url().endsWith("/api/v1/vote/metrics") && r.ok());
    await page.reload();
    const metrics = await (await counted).json();
    expect(Date.parse(metrics.refreshed)).toBeGreaterThan(votedAt);
    expect(metrics.totalVotes).toBeGreaterThanOrEqual(votesBefore + 1);
    expect(metrics.monthlyVotes).toBeGreaterThanOrEqual(monthlyBefore + 1);
    const mine = await e2eQuery<{ n: number }>(`SELECT count(*)::int AS n FROM votes WHERE "userId" = $1`, [user.id]);
    expect(mine[0]!.n).toBe(1);
    // The page shows exactly what the API computed.
    const stats = page.getByRole("region", { name: "Vote Statistics" });
    await expect(stats.getByTestId("monthly-votes-label")).toHaveText(`Votes in ${monthYear(metrics.month, metrics.year)}`);
    await expect(stats.getByTestId("total-votes")).toHaveText(metrics.totalVotes.toLocaleString("en-US"));
    await expect(stats.getByTestId("monthly-votes")).toHaveText(metrics.monthlyVotes.toLocaleString("en-US"));
    await expect(stats.getByTestId("vote-leaderboard").getByTestId("leaderboard-username")).toHaveText(
      metrics.monthlyLeaderboard.map((r: { username: string }) => r.username),
    );
    // With fewer than ten other voters this month, everyone who voted is on the leaderboard.
    const [others] = await e2eQuery<{ n: number }>(
      `SELECT count(DISTINCT v."userId")::int AS n FROM votes v JOIN users u ON u.id = v."userId"
        WHERE v."createdAt" >= date_trunc('month', now() AT TIME ZONE 'UTC') AND u."bannedAt" IS NULL AND v."userId" <> $1`,
      [user.id],
    );
    if (others!.n < 10) expect(metrics.monthlyLeaderboard.map((r: { username: string }) => r.username)).toContain(user.username);
    expect(await violations(page)).toEqual([]);
  });
});
