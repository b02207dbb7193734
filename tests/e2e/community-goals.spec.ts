import { type Page, expect } from "@playwright/test";
import { type E2EUser, createE2EUser, e2eQuery as sql, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";

// Community goals in the browser (docs/payments.md, "Community goals"): an administrator makes a
// goal with the form at /staff/store/goals, and the home page and the store show its bar with the
// amount raised and the percent the database holds; a player hides themselves from the supporter
// widgets on the account page (shown before, hidden after). Each new page passes axe and fits a
// 360 px screen.

const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A completed Stripe payment of `cents` by `user`, paid `secondsAgo` ago (written as a settle leaves it). */
async function paid(user: E2EUser, cents: number, secondsAgo = 5): Promise<void> {
  await sql(
    `INSERT INTO credit_purchases ("userId", "creditPackageId", method, status, "providerRef", credits, "bonusCredits", "amountCents", "paidAt", "updatedAt")
     SELECT $1, id, 'STRIPE', 'PAID', $2, 100, 0, $3, (now() AT TIME ZONE 'UTC') - make_interval(secs => $4), now() FROM credit_packages ORDER BY id LIMIT 1`,
    [user.id, `pi_e2e_${uniqueUsername("p")}`, cents, secondsAgo],
  );
}

/** What a goal's window holds now, as the site counts it. */
async function raised(goalId: number): Promise<number> {
  const [row] = await sql<{ sum: number }>(
    `SELECT COALESCE(sum(p."amountCents"), 0)::int AS sum FROM credit_purchases p, community_goals g
     WHERE g.id = $1 AND p.status = 'PAID' AND p.method IN ('STRIPE', 'PAYPAL', 'COINBASE') AND p.currency = 'USD'
       AND p."paidAt" >= (g."startsAt" AT TIME ZONE 'UTC') AND p."paidAt" < (g."endsAt" AT TIME ZONE 'UTC')`,
    [goalId],
  );
  return row!.sum;
}

/** A moment `minutes` from now as datetime-local text in the browser's own zone. */
async function localInput(page: Page, minutes: number): Promise<string> {
  return page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const p = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, minutes);
}

const noSidewaysScroll = async (page: Page) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
};

/** The goal's bar on the page shows what the database holds for it: amount, target and percent. */
async function expectBar(page: Page, path: string, goalId: number, targetCents: number) {
  await expect(async () => {
    const cents = await raised(goalId);
    await page.goto(path);
    const bar = page.locator(`[data-testid="community-goal"][data-goal-id="${goalId}"]`);
    const percent = Math.floor((cents * 100) / targetCents);
    await expect(bar.getByTestId("community-goal-amounts")).toHaveText(`${money(cents)} of ${money(targetCents)} · ${percent}%`, { timeout: 5000 });
    await expect(bar.getByRole("progressbar")).toHaveAttribute("aria-valuenow", String(percent), { timeout: 1000 });
  }).toPass({ timeout: 60_000 });
}

test("an administrator makes a goal with the form; the home page and the store show its bar with the amount and percent", async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
  const donor = await createE2EUser();
  await paid(donor, 12_345);
  await startSignedIn(page, admin);
  await page.goto("/staff/store");
  await page.getByRole("link", { name: "Community goals" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Community goals" })).toBeVisible();

  const title = `Goal ${uniqueUsername("g").slice(1, 8)}`;
  const form = page.getByRole("region", { name: "New goal" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Description (the reward in players' words)").fill("Double XP for an hour for everyone.");
  await form.getByLabel("Target (US dollars)").fill("abc");
  await form.getByLabel("Starts").fill(await localInput(page, -2));
  await form.getByLabel("Ends").fill(await localInput(page, 24 * 60));
  await form.getByRole("button", { name: "Create goal" }).click();
  // A target that is not a dollar amount is named under its field, and nothing is made.
  await expect(form.getByText("Enter the target in dollars, e.g. 500 or 499.99.")).toBeVisible();
  await form.getByLabel("Target (US dollars)").fill("500");
  await form.getByRole("button", { name: "Create goal" }).click();
  await expect(form.getByText(`Created "${title}".`)).toBeVisible();

  const card = page.getByTestId("staff-goal").filter({ hasText: title });
  await expect(card.getByTestId("staff-goal-state")).toHaveText("open");
  const [goal] = await sql<{ id: number }>(`SELECT id FROM community_goals WHERE title = $1`, [title]);
  const [entry] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'goal.created' AND "targetId" = $1 AND "actorId" = $2`, [
    String(goal!.id),
    admin.id,
  ]);
  expect(entry!.n).toBe(1);

  await expectBar(page, "/", goal!.id, 50_000);
  await expectBar(page, "/store", goal!.id, 50_000);
  // Another payment moves the bar (the settle's announcement, or the cache's few seconds).
  await paid(donor, 5_000, 1);
  await expectBar(page, "/", goal!.id, 50_000);
  await sql(`UPDATE community_goals SET "endedAt" = now() WHERE id = $1`, [goal!.id]);
});

test("a player hides themselves from the supporter widgets on the account page", async ({ page }) => {
  test.setTimeout(180_000);
  const player = await createE2EUser();
  await paid(player, 2_500, 0);
  await startSignedIn(page, player);
  const recent = () => page.getByTestId("recent-supporters");
  // Shown by default: the positive twin.
  await expect(async () => {
    await page.goto("/");
    await expect(recent().getByText(player.username, { exact: true })).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });

  await page.goto("/account");
  const box = page.getByRole("checkbox", { name: "Show me in the store's supporter lists" });
  await expect(box).toBeChecked();
  await expect(box).toBeEnabled();
  await box.uncheck();
  await expect(page.getByText("You are hidden from the supporter lists.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Show me in the store's supporter lists" })).not.toBeChecked();

  await page.goto("/");
  await expect(page.getByTestId("supporters")).toBeVisible();
  await expect(recent().getByText(player.username, { exact: true })).toHaveCount(0);
  const api = (await (await page.request.get("/api/v1/store/supporters")).json()) as { recent: { username: string }[] };
  expect(api.recent.map((r) => r.username)).not.toContain(player.username);
});

test("the goals page, the home page with a goal and the account page pass axe and fit the screen @mobile", async ({ page }) => {
  test.setTimeout(300_000);
  const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
  await startSignedIn(page, admin);
  const made = await page.request.post("/api/v1/staff/store/goals", {
    data: {
      title: `Axe goal ${uniqueUsername("a").slice(1, 8)} with a long title`,
      description: "Reach it and the whole server gets double XP for an hour.",
      target_cents: 100_000,
      starts_at: new Date(Date.now() - 60_000).toISOString(),
      ends_at: new Date(Date.now() + 86_400_000).toISOString(),
      reward_type: "double_xp",
      reward_payload: { multiplier: 2, minutes: 60 },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { id: number }).id;
  for (const [path, ready] of [
    ["/staff/store/goals", page.getByRole("button", { name: "Create goal" })],
    ["/", page.locator(`[data-goal-id="${id}"]`)],
    ["/store", page.locator(`[data-goal-id="${id}"]`)],
    ["/account", page.getByRole("checkbox", { name: "Show me in the store's supporter lists" })],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    await noSidewaysScroll(page);
    expect(await axeViolations(page), path).toEqual([]);
  }
  await sql(`UPDATE community_goals SET "endedAt" = now() WHERE id = $1`, [id]);
});
