import { createHash, randomBytes } from "node:crypto";
import { axeViolations } from "./support/axe";
import { type Page, expect } from "@playwright/test";
import { createE2ESession, createE2EUser } from "../factories/e2e-users";
import { startSignedIn, submitLogin, test } from "./support/accounts";
import { sql } from "./support/store-link";

// The staff console's Players area and audit log in the browser: an administrator
// finds a player by email and bans them until tomorrow (the player's open session ends, the
// site and the game refuse them with the reason), unbans them, and adds credits that show in
// the ledger; the audit log shows it all. Who may not see these pages gets the 404 page, and
// the pages pass axe and fit a 360 px wide phone.

/** A game server key allowed to verify logins (only its hash is stored, as the CLI does). */
async function loginKey(): Promise<string> {
  const prefix = `gsk_${randomBytes(12).toString("hex").slice(0, 8)}`;
  const key = `${prefix}_${randomBytes(32).toString("base64url")}`;
  await sql(`INSERT INTO game_api_keys (name, prefix, "keyHash", scopes) VALUES ($1, $2, $3, ARRAY['login'])`, [
    `e2e-${prefix}`,
    prefix,
    createHash("sha256").update(key).digest("hex"),
  ]);
  return key;
}

/** Tomorrow at this time, as a datetime-local field takes it (the browser runs in this machine's zone). */
function tomorrowLocal(): string {
  const t = new Date(Date.now() + 24 * 3600_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())}T${p(t.getHours())}:${p(t.getMinutes())}`;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test("an administrator bans a player until tomorrow, the player is refused everywhere, then unbanned and given credits", async ({ page, browser, baseURL }) => {
  test.setTimeout(270_000);
  const [admin, player] = await Promise.all([createE2EUser({ privilege: "ADMINISTRATOR" }), createE2EUser()]);

  // The player is signed in, in a browser of their own.
  const theirs = await browser.newContext({ baseURL, extraHTTPHeaders: { "x-forwarded-for": `127.9.${randomBytes(1)[0]}.${(randomBytes(1)[0]! % 250) + 1}` } });
  await theirs.addCookies([{ name: "session", value: await createE2ESession(player.id), url: baseURL! }]);
  const playerPage = await theirs.newPage();
  expect((await playerPage.request.get("/api/v1/user")).status()).toBe(200);

  await startSignedIn(page, admin);
  await page.goto("/staff/players");
  await page.getByLabel("Username, email or id").fill(player.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: player.username, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: player.username })).toBeVisible();

  await page.getByRole("button", { name: "Ban", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Ban: ${player.username}` });
  await dialog.getByRole("radio", { name: "Until a date" }).check();
  await dialog.getByLabel("Ban ends").fill(tomorrowLocal());
  await dialog.getByLabel("Reason (kept in the audit log)").fill("Botting at the fishing guild");
  await dialog.getByRole("button", { name: `Ban ${player.username}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `${player.username} is banned until` })).toBeVisible();
  await expect(page.getByTestId("ban-state")).toContainText("Banned for now");
  await expect(page.getByTestId("ban-state")).toContainText("Reason: Botting at the fishing guild");

  // Their open session ended at once ...
  expect((await playerPage.request.get("/api/v1/user")).status()).toBe(401);
  await playerPage.goto("/account");
  await expect(playerPage).toHaveURL((u) => u.pathname === "/login");
  // ... the site's login tells them why and until when ...
  await submitLogin(playerPage, player.username, player.password);
  await expect(playerPage.getByRole("main")).toContainText("This account has been banned until");
  await expect(playerPage.getByRole("main")).toContainText("Botting at the fishing guild");
  // ... and so does the game's login check.
  const key = await loginKey();
  const game = await page.request.post("/api/v1/game/login", { headers: { "x-api-key": key }, data: { username: player.username, password: player.password } });
  expect(await game.json()).toMatchObject({ ok: false, reason: "banned", ban_reason: "Botting at the fishing guild" });

  await page.getByRole("button", { name: "Unban", exact: true }).click();
  const undo = page.getByRole("dialog", { name: `Unban: ${player.username}` });
  await undo.getByLabel("Reason (kept in the audit log)").fill("Appeal accepted on ticket #12");
  await undo.getByRole("button", { name: "Unban" }).click();
  await expect(undo).toBeHidden();
  await expect(page.getByRole("region", { name: "Account" }).getByText("Not banned")).toBeVisible();
  const again = await page.request.post("/api/v1/game/login", {
    headers: { "x-api-key": key },
    data: { username: player.username, password: player.password },
  });
  expect(await again.json()).toMatchObject({ ok: true });

  // Credits from the player's page: the ledger line and the new balance.
  const credits = page.getByRole("region", { name: "Add or remove credits" });
  await credits.getByLabel("Amount (credits)").fill("100");
  await credits.getByLabel("Reason").fill("Ticket #13: 1M OSRS gold");
  await credits.getByRole("button", { name: "Add credits" }).click();
  await expect(credits.getByRole("status")).toContainText(`Added 100 credits to ${player.username}. New balance: 100.`);
  const ledger = page.getByTestId("section-ledger");
  await expect(ledger.getByRole("row").filter({ hasText: "Ticket #13: 1M OSRS gold" })).toContainText("+100");
  await expect(ledger.getByRole("row").filter({ hasText: "Ticket #13: 1M OSRS gold" })).toContainText(admin.username);
  await expect(page.getByTestId("player-balance")).toHaveText("100");

  // The audit log has each action as a sentence, with its reason.
  await page.getByRole("link", { name: "Audit log of this player" }).click();
  const entries = page.getByTestId("audit-entry");
  await expect(entries).toHaveCount(3);
  const sentence = (i: number) => entries.nth(i).getByTestId("audit-sentence");
  await expect(sentence(0)).toHaveText(`${admin.username} added 100 credits to ${player.username}; balance 100.`);
  await expect(entries.nth(0).getByTestId("audit-reason")).toHaveText("Reason: Ticket #13: 1M OSRS gold");
  await expect(entries.nth(0)).toContainText(/Balance: 0 → (changed to )?100/);
  await expect(sentence(1)).toHaveText(`${admin.username} lifted ${player.username}'s ban.`);
  await expect(entries.nth(1)).toContainText("Appeal accepted on ticket #12");
  await expect(sentence(2)).toContainText(`${admin.username} banned ${player.username} until `);
  await expect(entries.nth(2)).toContainText("Botting at the fishing guild");
  // No stored names in what a person reads first: they wait folded under "Technical details".
  await expect(page.getByText("credits.granted")).toBeHidden();
  await entries.nth(0).getByText("Technical details").click();
  await expect(entries.nth(0).getByText("credits.granted")).toBeVisible();
  // A compact table: an entry is a line or three, not a panel per field.
  expect((await entries.nth(1).boundingBox())!.height).toBeLessThan(200);

  // The action picker: the actions the site records, by area.
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  await filters.getByLabel("Action").selectOption({ label: "Banned" });
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=account\.banned/);
  await expect(entries).toHaveCount(1);
  await expect(filters.getByLabel("Action")).toHaveValue("account.banned");
  await filters.getByLabel("Action").selectOption({ label: "Accounts: every action" });
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=account(&|$)/);
  await expect(entries).toHaveCount(2);
  await theirs.close();
});

test("a player gets the plain 404 page at /staff; a moderator gets it at /staff/audit, told which rank it needs, and 403 from its API", async ({ page }) => {
  const player = await createE2EUser();
  await startSignedIn(page, player);
  for (const path of ["/staff", "/staff/audit"]) {
    expect((await page.goto(path))?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "You seem to have wandered off the map" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
    // Nothing tells a player which staff pages exist.
    await expect(page.getByTestId("staff-rank-note")).toHaveCount(0);
    // One main landmark: the message sits in the site's frame, not in a second <main>.
    await expect(page.getByRole("main")).toHaveCount(1);
    await expect(page.getByRole("main")).not.toContainText("administrators");
  }

  await page.context().clearCookies();
  const mod = await createE2EUser({ privilege: "MODERATOR" });
  await startSignedIn(page, mod);
  expect((await page.goto("/staff/audit"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "You seem to have wandered off the map" })).toBeVisible();
  await expect(page.getByTestId("staff-rank-note")).toHaveText(
    "The staff page Audit log is for administrators and owners. You are signed in as a moderator, so it is not shown to you.Back to the staff console",
  );
  expect(await axeViolations(page)).toEqual([]);
  // A path below their own areas that does not exist is the plain 404 page.
  expect((await page.goto("/staff/players/2147483647"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "You seem to have wandered off the map" })).toBeVisible();
  await expect(page.getByTestId("staff-rank-note")).toHaveCount(0);
  await page.goto("/staff/audit");
  await page.getByRole("link", { name: "Back to the staff console" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Staff dashboard" })).toBeVisible();
  expect((await page.request.get("/api/v1/staff/audit")).status()).toBe(403);
  // The Players area is theirs.
  expect((await page.goto("/staff/players"))?.status()).toBe(200);
});

test("the players, player and audit pages pass axe and fit a phone @mobile", async ({ page }) => {
  test.setTimeout(180_000);
  const [admin, player] = await Promise.all([createE2EUser({ privilege: "ADMINISTRATOR" }), createE2EUser()]);
  await startSignedIn(page, admin);
  // Something in each part of the player's page: a ledger line and a ban.
  expect(
    (await page.request.post("/api/v1/staff/credits", { data: { username: player.username, amount: 250, reason: "Gold bought on ticket #20" } })).status(),
  ).toBe(200);
  expect((await page.request.post(`/api/v1/staff/players/${player.id}/ban`, { data: { reason: "Spamming the trade channel" } })).status()).toBe(200);

  for (const path of [
    `/staff/players?q=${encodeURIComponent(player.username)}`,
    `/staff/players/${player.id}`,
    `/staff/audit?targetType=user&target=${player.id}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await axeViolations(page), path).toEqual([]);
    await expectNoSidewaysScroll(page);
  }
  // The ban dialog too.
  await page.goto(`/staff/players/${player.id}`);
  await page.getByRole("button", { name: "Unban", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await axeViolations(page), "ban dialog").toEqual([]);
});
