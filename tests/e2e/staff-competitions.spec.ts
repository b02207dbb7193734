import { type Browser, type Page, expect } from "@playwright/test";
import { type E2EUser, createE2EUser, e2eQuery as sql, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";

// The staff competition pages in the browser (docs/competitions.md, "Staff pages"): an
// administrator makes a team competition through the form and finds it in the list and on its
// public page; a wrong end is refused under its field; an edit before the start, a cancel with a
// reason, a started competition read-only; the weekly schedules made, edited and deleted; and
// the pages are the 404 page below administrator, with their twins. Each page passes axe and fits
// a 360 px screen.

type Privilege = "PLAYER" | "MODERATOR" | "ADMINISTRATOR" | "OWNER";

/** Another browser context signed in as a new account of this privilege. */
async function signedIn(browser: Browser, privilege: Privilege): Promise<{ page: Page; user: E2EUser }> {
  const use = test.info().project.use;
  const context = await browser.newContext({ baseURL: use.baseURL, extraHTTPHeaders: use.extraHTTPHeaders, viewport: use.viewport });
  const page = await context.newPage();
  const user = await createE2EUser({ privilege });
  await startSignedIn(page, user);
  return { page, user };
}

/** A moment `minutes` from now as datetime-local text in the browser's own zone. */
async function localInput(page: Page, minutes: number): Promise<string> {
  return page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const p = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
  }, minutes);
}

/** A competition made through the staff API (the session cookie rides along), starting in two hours. */
async function madeCompetition(page: Page, title: string): Promise<number> {
  const res = await page.request.post("/api/v1/staff/competitions", {
    data: {
      title,
      starts_at: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      ends_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      metric_kind: "skills",
      metrics: [{ metric: "fishing" }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

const noSidewaysScroll = async (page: Page) => {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
};

test("an administrator makes a team competition with the form: a wrong end is named, then it is listed and public", async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
  await startSignedIn(page, admin);
  const title = `Skill race ${uniqueUsername("c").slice(1, 8)}`;
  await page.goto("/staff/competitions");
  await expect(page.getByRole("heading", { level: 1, name: "Competitions" })).toBeVisible();
  const form = page.getByRole("region", { name: "New competition" });
  await expect(form.getByRole("button", { name: "Create competition" })).toBeEnabled();

  const starts = await localInput(page, 2 * 24 * 60);
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Starts").fill(starts);
  // Five minutes long: the server refuses it, under the end.
  await form.getByLabel("Ends").fill(await localInput(page, 2 * 24 * 60 + 5));
  await form.getByLabel("Metric 1", { exact: true }).selectOption("attack");
  await form.getByRole("button", { name: "Add a metric" }).click();
  await form.getByLabel("Metric 2", { exact: true }).selectOption({ label: "Strength" });
  await form.getByLabel("Weight of metric 2").fill("2");
  await form.getByRole("radio", { name: /^Team/ }).check();
  await form.getByLabel("Team 1 name").fill("Red");
  await form.getByLabel("Team 2 name").fill("Blue");
  await form.getByRole("button", { name: "Add a team" }).click();
  await form.getByLabel("Team 3 name").fill("Green");
  await form.getByRole("button", { name: "Remove team 3" }).click();
  await expect(form.getByTestId("competition-team-row")).toHaveCount(2);
  // Sign-up is open in a team competition: the choice is shown, not offered.
  await expect(form.getByRole("radio", { name: /^Everyone counted/ })).toBeDisabled();
  await form.getByRole("button", { name: "Add a prize" }).click();
  await form.getByLabel("Place 1 item id").fill("995");
  await form.getByLabel("Place 1 quantity").fill("1000");
  await form.getByRole("button", { name: "Create competition" }).click();

  const ends = form.getByLabel("Ends");
  await expect(ends).toHaveAttribute("aria-invalid", "true");
  await expect(ends).toBeFocused();
  await expect(page.locator("#competition-ends-errors")).toHaveText(/The end must be at least 10 minutes after the start\./);
  await expect(form.getByLabel("Starts")).not.toHaveAttribute("aria-invalid", "true");
  const none = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM competitions WHERE title = $1`, [title]);
  expect(none[0]!.n).toBe(0);

  const endsAt = await localInput(page, 9 * 24 * 60);
  await ends.fill(endsAt);
  await form.getByRole("button", { name: "Create competition" }).click();
  await expect(form.getByRole("status").filter({ hasText: `Created "${title}".` })).toBeVisible();
  // The form is empty again for the next one.
  await expect(form.getByLabel("Title")).toHaveValue("");

  const row = page.getByTestId("staff-competition-table").getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Upcoming");
  await expect(row).toContainText("Attack, Strength ×2");
  await expect(row).toContainText("Team competition · sign-up · experience");
  const id = Number(await row.getAttribute("data-competition"));

  // Stored as typed: the local times as instants, the teams and the prize.
  const stored = (await (await page.request.get(`/api/v1/competitions/${id}`)).json()) as {
    competition: { starts_at: string; ends_at: string; teams: { name: string }[]; prizes: unknown[]; signup: string; type: string };
  };
  expect(stored.competition.starts_at).toBe(await page.evaluate((s) => new Date(s).toISOString(), starts));
  expect(stored.competition.ends_at).toBe(await page.evaluate((s) => new Date(s).toISOString(), endsAt));
  expect(stored.competition.teams.map((t) => t.name)).toEqual(["Red", "Blue"]);
  expect(stored.competition.prizes).toEqual([{ place: 1, item_id: 995, quantity: 1000 }]);
  expect([stored.competition.type, stored.competition.signup]).toEqual(["team", "open"]);

  await row.getByRole("link", { name: `Public page of ${title}` }).click();
  await expect(page).toHaveURL((u) => u.pathname === `/competitions/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("1st place: 1,000 × item 995 for every scoring member")).toBeVisible();
});

test("an administrator edits a competition before its start, then cancels it with a reason; a started one is read-only", async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
  await startSignedIn(page, admin);
  const suffix = uniqueUsername("e").slice(1, 8);
  const id = await madeCompetition(page, `Fish off ${suffix}`);

  await page.goto(`/staff/competitions/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Fish off ${suffix}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open its public page" })).toHaveAttribute("href", `/competitions/${id}`);
  const edit = page.getByRole("region", { name: "Edit" });
  await expect(edit.getByLabel("Title")).toHaveValue(`Fish off ${suffix}`);
  await expect(edit.getByLabel("Metric 1", { exact: true })).toHaveValue("fishing");
  // Nothing changed: nothing is sent.
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByText("Nothing has changed: there is nothing to save.")).toBeVisible();

  await edit.getByLabel("Title").fill(`Big fish off ${suffix}`);
  await edit.getByLabel("Weight of metric 1").fill("3");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit.getByRole("status").filter({ hasText: `Saved "Big fish off ${suffix}".` })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `Big fish off ${suffix}` })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: `Big fish off ${suffix}` })).toBeVisible();
  await expect(page.getByText("Fishing ×3").first()).toBeVisible();

  // Cancel: a reason first, then it is gone from the lists and its page says so.
  await page.getByRole("button", { name: "Cancel competition…" }).click();
  const dialog = page.getByRole("dialog", { name: `Cancel "Big fish off ${suffix}"?` });
  await dialog.getByRole("button", { name: "Cancel the competition" }).click();
  await expect(dialog.getByLabel("Reason (for the audit log)")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Reason (for the audit log)").fill("Clashes with the double XP weekend");
  await dialog.getByRole("button", { name: "Cancel the competition" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("competition-status").first()).toHaveText("Cancelled");
  await expect(page.getByTestId("competition-read-only")).toContainText("It is cancelled: it can no longer be edited.");
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel competition…" })).toHaveCount(0);
  const [audit] = await sql<{ reason: string }>(`SELECT data->>'reason' AS reason FROM audit_log WHERE action = 'competition.cancelled' AND "targetId" = $1`, [
    String(id),
  ]);
  expect(audit?.reason).toBe("Clashes with the double XP weekend");
  await page.goto(`/competitions/${id}`);
  await expect(page.getByText("Cancelled by staff")).toBeVisible();

  // Started: read-only, still cancellable.
  const started = await madeCompetition(page, `Started ${suffix}`);
  await sql(`UPDATE competitions SET "startsAt" = now() - interval '1 hour' WHERE id = $1`, [started]);
  await page.goto(`/staff/competitions/${started}`);
  await expect(page.getByTestId("competition-read-only")).toContainText("It has started: it can no longer be edited.");
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cancel competition…" })).toBeVisible();
});

test("an administrator makes, edits and deletes a weekly schedule", async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
  await startSignedIn(page, admin);
  await page.goto("/staff/competitions/schedules");
  await expect(page.getByRole("heading", { level: 1, name: "Weekly schedules" })).toBeVisible();
  await page.getByRole("button", { name: "New schedule" }).click();
  let dialog = page.getByRole("dialog", { name: "New schedule" });
  await dialog.getByRole("radio", { name: /^Boss of the Week/ }).check();
  await dialog.getByLabel("Weekday").selectOption({ label: "Sunday" });
  await dialog.getByLabel("Start hour").selectOption({ label: "03:00" });
  // No rotation and staff not choosing: said before anything is sent.
  await dialog.getByRole("button", { name: "Create schedule" }).click();
  await expect(dialog.getByText("Give the rotation at least one metric, or let staff choose.")).toBeVisible();
  await expect(dialog.getByLabel("Week 1")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Week 1").selectOption({ label: "Zulrah" });
  await dialog.getByRole("button", { name: "Add a metric" }).click();
  await dialog.getByLabel("Week 2").selectOption({ label: "Vorkath" });
  await dialog.getByRole("button", { name: "Create schedule" }).click();
  await expect(dialog).toBeHidden();
  const name = "Boss of the Week on Sunday at 03:00";
  await expect(page.getByRole("status").filter({ hasText: `Created the schedule ${name}.` })).toBeVisible();
  const row = page
    .getByTestId("schedule-table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${name}`) }) });
  await expect(row).toContainText("Zulrah, Vorkath");
  await expect(row).toContainText("168 h");

  await row.getByRole("button", { name: `Edit ${name}` }).click();
  dialog = page.getByRole("dialog", { name: "Edit schedule" });
  await dialog.getByLabel("Duration (hours)").fill("48");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("48 h");
  await page.reload();
  await expect(page.getByTestId("schedule-table").getByRole("row").filter({ hasText: name })).toContainText("48 h");

  await page.getByRole("button", { name: `Delete ${name}` }).click();
  dialog = page.getByRole("dialog", { name: `Delete the ${name}?` });
  await dialog.getByRole("button", { name: "Delete schedule" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `Deleted the schedule ${name}.` })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: new RegExp(`^${name}`) })).toHaveCount(0);
  const left = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM competition_schedules WHERE weekday = 7 AND hour = 3`);
  expect(left[0]!.n).toBe(0);
});

test("below administrator the pages are the 404 page and the API 403; an administrator's twin gets them and the menu entry", async ({
  browser,
  page: guest,
}) => {
  test.setTimeout(180_000);
  const [{ page: moderator }, { page: player }, { page: admin }] = await Promise.all([
    signedIn(browser, "MODERATOR"),
    signedIn(browser, "PLAYER"),
    signedIn(browser, "ADMINISTRATOR"),
  ]);
  const id = await madeCompetition(admin, `Access ${uniqueUsername("a").slice(1, 8)}`);
  const paths = ["/staff/competitions", `/staff/competitions/${id}`, "/staff/competitions/schedules"];
  for (const path of paths) {
    expect((await moderator.goto(path))?.status(), path).toBe(404);
    await expect(moderator.getByRole("heading", { name: "You seem to have wandered off the map" })).toBeVisible();
    // A moderator is told which rank it needs; a player and a guest are not.
    await expect(moderator.getByTestId("staff-rank-note")).toContainText("The staff page Competitions is for administrators and owners.");
    for (const p of [player, guest]) {
      expect((await p.goto(path))?.status(), path).toBe(404);
      await expect(p.getByRole("heading", { name: "You seem to have wandered off the map" })).toBeVisible();
      await expect(p.getByTestId("staff-rank-note")).toHaveCount(0);
    }
    expect((await admin.goto(path))?.status(), path).toBe(200);
  }
  expect((await moderator.request.post("/api/v1/staff/competitions", { data: {} })).status()).toBe(403);
  expect((await moderator.request.get("/api/v1/staff/competitions/schedules")).status()).toBe(403);
  expect((await admin.request.get("/api/v1/staff/competitions/schedules")).status()).toBe(200);
  await moderator.goto("/staff");
  await expect(moderator.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Tickets" })).toBeVisible();
  await expect(moderator.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Competitions" })).toHaveCount(0);
  await admin.goto("/staff");
  await admin.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Competitions" }).click();
  await expect(admin).toHaveURL((u) => u.pathname === "/staff/competitions");
});

test("the three staff competition pages pass axe and fit the screen @mobile", async ({ page }) => {
  test.setTimeout(300_000); // three axe runs on a shared machine
  const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
  await startSignedIn(page, admin);
  const id = await madeCompetition(page, `Axe ${uniqueUsername("x").slice(1, 8)} with a long title`);
  const schedule = await page.request.post("/api/v1/staff/competitions/schedules", {
    data: { kind: "skill", weekday: 2, hour: 5, duration_hours: 24, rotation: ["cooking"] },
  });
  expect(schedule.status(), await schedule.text()).toBe(201);
  for (const [path, ready] of [
    ["/staff/competitions", "Create competition"],
    [`/staff/competitions/${id}`, "Save changes"],
    ["/staff/competitions/schedules", "New schedule"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("button", { name: ready })).toBeEnabled();
    await noSidewaysScroll(page);
    expect(await axeViolations(page), path).toEqual([]);
  }
  // The form's rows fit too, with teams and prizes added.
  await page.goto("/staff/competitions");
  const form = page.getByRole("region", { name: "New competition" });
  await form.getByRole("radio", { name: /^Team/ }).check();
  await form.getByRole("button", { name: "Add a prize" }).click();
  await form.getByRole("button", { name: "Add a metric" }).click();
  await noSidewaysScroll(page);
  await sql(`DELETE FROM competition_schedules WHERE id = $1`, [((await schedule.json()) as { id: number }).id]);
});
