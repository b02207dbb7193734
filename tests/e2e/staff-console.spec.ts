import { axeViolations } from "./support/axe";
import { type Browser, expect, type Page } from "@playwright/test";
import { createE2ESession, createE2EUser, uniqueUsername } from "../factories/e2e-users";
import { test } from "./support/accounts";
import { sql } from "./support/store-link";

// The staff console's owner and administrator areas in Chromium: forum structure,
// game-server keys and background jobs. Each passes axe (WCAG 2.1 A/AA) and fits a 360 px
// screen; an administrator gets the 404 page at /staff/game-keys and 403 from its API; and the
// forms work against the real server. The whole first start of a real owner (production mode,
// empty database, first forum, first thread) is tests/smoke/staff-forums.test.mjs.

/** A signed-in page for a new account of this privilege (a session cookie, as the login route makes one). */
async function signedIn(browser: Browser, baseURL: string, privilege: "OWNER" | "ADMINISTRATOR" | "PLAYER"): Promise<Page> {
  const user = await createE2EUser({ privilege });
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": `127.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  // The session and the readable hint beside it, as the login route sets them.
  await context.addCookies([
    { name: "session", value: await createE2ESession(user.id), url: baseURL },
    { name: "signed_in", value: privilege === "PLAYER" ? "1" : "staff", url: baseURL },
  ]);
  return context.newPage();
}

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** Nothing sticks out sideways: the page scrolls only down at this width. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test.describe("staff console: forums, game keys, jobs", () => {
  for (const [path, heading] of [
    ["/staff/forums", "Forum structure"],
    ["/staff/game-keys", "Game keys"],
    ["/staff/jobs", "Background jobs"],
  ] as const) {
    test(`${path} passes axe and fits a 360 px screen`, async ({ browser, baseURL }) => {
      test.setTimeout(270_000); // two axe runs on a shared machine
      const page = await signedIn(browser, baseURL!, "OWNER");
      // A failed job (of a task no runner knows), so the jobs page shows one with its actions.
      const [job] = await sql<{ id: string }>(
        `SELECT id::text FROM graphile_worker.permanently_fail_jobs(ARRAY[(SELECT id FROM graphile_worker.add_job('e2e-axe-unknown-task', '{}'::json))], 'e2e: the fishing guild is closed')`,
      );
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page);
      await page.setViewportSize({ width: 360, height: 740 });
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await sql(`SELECT graphile_worker.complete_jobs(ARRAY[$1::bigint])`, [job!.id]);
    });
  }

  test("an administrator gets the 404 page at /staff/game-keys and 403 from its API, but may use forums and jobs", async ({ browser, baseURL }) => {
    const page = await signedIn(browser, baseURL!, "ADMINISTRATOR");
    const res = await page.goto("/staff/game-keys");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "You seem to have wandered off the map" })).toBeVisible();
    // A member of staff is told which rank the page needs.
    await expect(page.getByTestId("staff-rank-note")).toContainText("The staff page Game keys is for owners. You are signed in as an administrator");
    expect((await page.request.get("/api/v1/staff/game-keys")).status()).toBe(403);
    expect((await page.request.post("/api/v1/staff/game-keys", { data: { name: "nope", scopes: ["login"] } })).status()).toBe(403);
    expect((await page.goto("/staff/forums"))?.status()).toBe(200);
    expect((await page.goto("/staff/jobs"))?.status()).toBe(200);
    // The staff menu offers only what this role may use.
    await expect(page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Jobs" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Game keys" })).toHaveCount(0);
  });

  test("a player and a guest get the 404 page on all three", async ({ browser, baseURL, page: guest }) => {
    const player = await signedIn(browser, baseURL!, "PLAYER");
    for (const path of ["/staff/forums", "/staff/game-keys", "/staff/jobs"]) {
      expect((await player.goto(path))?.status(), path).toBe(404);
      expect((await guest.goto(path))?.status(), path).toBe(404);
      // The plain 404 page: no word of which rank the page needs.
      for (const p of [player, guest]) {
        await expect(p.getByRole("heading", { name: "You seem to have wandered off the map" })).toBeVisible();
        await expect(p.getByTestId("staff-rank-note")).toHaveCount(0);
      }
    }
  });

  test("an administrator makes a category and a forum, hides the forum, and players no longer see it", async ({ browser, baseURL, page: guest }) => {
    const page = await signedIn(browser, baseURL!, "ADMINISTRATOR");
    const suffix = uniqueUsername("f").slice(1, 8);
    const category = `Cat ${suffix}`;
    const forum = `Forum ${suffix}`;
    await page.goto("/staff/forums");
    await page.getByRole("button", { name: "New category" }).click();
    let dialog = page.getByRole("dialog", { name: "New category" });
    await dialog.getByRole("button", { name: "Create category" }).click();
    await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Name").fill(category);
    await dialog.getByRole("button", { name: "Create category" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: `Created category "${category}".` })).toBeVisible();

    await page.getByRole("button", { name: `New forum in ${category}` }).click();
    dialog = page.getByRole("dialog", { name: "New forum" });
    await dialog.getByLabel("Name").fill(forum);
    await dialog.getByLabel("Description").fill("Made in the browser");
    await dialog.getByRole("button", { name: "Create forum" }).click();
    await expect(dialog).toBeHidden();
    const section = page.getByRole("region", { name: category });
    await expect(section.getByRole("heading", { name: forum })).toBeVisible();

    await guest.goto("/forums");
    await expect(guest.getByRole("link", { name: forum })).toBeVisible();

    await section.getByRole("button", { name: `Edit forum ${forum}` }).click();
    dialog = page.getByRole("dialog", { name: "Edit forum" });
    await dialog.getByLabel("Hidden from players and guests").check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByTestId("staff-forum-row").filter({ hasText: forum })).toContainText("Hidden");

    await guest.goto("/forums");
    await expect(guest.getByRole("heading", { level: 1, name: "Forums" })).toBeVisible();
    await expect(guest.getByRole("link", { name: forum })).toHaveCount(0);
  });

  test("an owner creates a key with the scopes ticked, sees its secret once, copies it, and revokes it", async ({ browser, baseURL }) => {
    const page = await signedIn(browser, baseURL!, "OWNER");
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL! });
    const label = `world-${uniqueUsername("k").slice(1, 8)}`;
    await page.goto("/staff/game-keys");
    await page.getByLabel("Label").fill(label);
    // No default: with nothing ticked the form says so and nothing is made.
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByText("Tick at least one scope")).toBeVisible();
    await page.getByRole("checkbox", { name: /^hiscores/ }).check();
    await page.getByRole("checkbox", { name: /^players/ }).check();
    await page.getByRole("button", { name: "Create key" }).click();

    const secret = page.getByLabel("The key (give it to the game server as X-Api-Key)");
    await expect(secret).toHaveValue(/^gsk_[A-Za-z0-9]{8}_/);
    const key = await secret.inputValue();
    await page.getByRole("button", { name: "Copy key" }).click();
    await expect(page.getByText("Copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const row = page.getByTestId("game-key-row").filter({ hasText: label });
    await expect(row).toContainText("Scopes: hiscores, players");
    await expect(row).toContainText(key.slice(0, 12));
    // Shown once: a fresh load has the prefix, never the secret.
    await page.reload();
    await expect(page.getByTestId("game-key-row").filter({ hasText: label })).toBeVisible();
    expect(await page.content()).not.toContain(key);

    const res = await page.request.post("/api/v1/game/players-online", { headers: { "x-api-key": key }, data: { world: 998, count: 1 } });
    expect(res.status()).toBe(200);
    await page.getByRole("button", { name: `Revoke key ${label} (${key.slice(0, 12)})` }).click();
    await page
      .getByRole("dialog", { name: `Revoke ${label}?` })
      .getByRole("button", { name: "Revoke key" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: `Revoked ${label}` })).toBeVisible();
    await expect(page.getByTestId("game-key-row").filter({ hasText: label })).toContainText("Revoked");
    const after = await page.request.post("/api/v1/game/players-online", { headers: { "x-api-key": key }, data: { world: 998, count: 1 } });
    expect(after.status()).toBe(401);
  });

  test("an administrator sees a failed job with its error, retries one and deletes another", async ({ browser, baseURL }) => {
    const page = await signedIn(browser, baseURL!, "ADMINISTRATOR");
    // A task no runner knows, so nothing takes the job once it is retried; failed on purpose.
    const task = `e2e-${uniqueUsername("j").slice(1, 8)}`;
    const fail = async (error: string) =>
      Number(
        (
          await sql<{ id: string }>(
            `SELECT id::text FROM graphile_worker.permanently_fail_jobs(ARRAY[(SELECT id FROM graphile_worker.add_job($1, '{}'::json))], $2)`,
            [task, error],
          )
        )[0]!.id,
      );
    const first = await fail("e2e: SMTP said no");
    const second = await fail("e2e: Discord said no");
    await page.goto("/staff/jobs");
    const card = (id: number) => page.getByTestId("failed-job").filter({ has: page.getByRole("heading", { name: `#${id} ${task}`, exact: true }) });
    await expect(card(first)).toContainText("e2e: SMTP said no");
    // graphile-worker's default of 25 attempts, all used (permanently_fail_jobs).
    await expect(card(first)).toContainText("25 of 25 attempts");
    await expect(page.getByRole("rowheader", { name: task })).toBeVisible();

    await card(first)
      .getByRole("button", { name: `Retry job #${first}` })
      .click();
    await expect(card(first)).toHaveCount(0);
    expect((await sql<{ attempts: number }>(`SELECT attempts FROM graphile_worker.jobs WHERE id = $1`, [first]))[0]).toEqual({ attempts: 0 });

    await card(second)
      .getByRole("button", { name: `Delete job #${second}` })
      .click();
    await page
      .getByRole("dialog", { name: `Delete job #${second}?` })
      .getByRole("button", { name: "Delete job" })
      .click();
    await expect(card(second)).toHaveCount(0);
    expect(await sql(`SELECT id FROM graphile_worker.jobs WHERE id = $1`, [second])).toEqual([]);
    // Tidy up the retried one (no runner knows its task).
    await sql(`SELECT graphile_worker.complete_jobs(ARRAY[$1::bigint])`, [first]);
  });
});
