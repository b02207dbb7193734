import { axeViolations } from "./support/axe";
import { expect } from "@playwright/test";
import { createE2ESession, createE2EUser } from "../factories/e2e-users";
import { test } from "./support/accounts";
import { askLink, sql } from "./support/store-link";
import { totp } from "./support/totp";

// The ::store journey: the game asks for a one-time link; the player's browser
// opens its page ("Continue to the store as …?", which signs no one in by itself), presses the
// button and lands signed in on the credit store, and a package bought there is handed over in
// game: a CREDIT_PACKAGE delivery, the website balance untouched. A second opening is refused,
// and the session reaches the store only.

test("a ::store link signs the player in once, and credits bought there are handed over in game", async ({ page }) => {
  test.setTimeout(180_000);
  const user = await createE2EUser();
  const url = await askLink(page.request, user.id);

  // Opening the link (a GET) only asks: the browser is not signed in yet.
  const opened = await page.goto(url);
  expect(opened!.headers()["set-cookie"]).toBeUndefined();
  expect(opened!.headers()["referrer-policy"]).toBe("no-referrer");
  await expect(page.getByTestId("store-link-player")).toHaveText(user.username);
  expect((await page.request.get("/api/v1/user")).status()).toBe(401);
  await page.getByRole("button", { name: "Continue to the store" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/credits" && u.searchParams.get("via") === "game");
  const main = page.getByRole("main");
  const option = main.getByTestId("deliver-in-game");
  await expect(option.getByRole("checkbox", { name: "Deliver in game" })).toBeChecked();
  await expect(option).toContainText(`handed over in game to ${user.username} by the NPC at home`);

  await main.getByTestId("credit-package").first().click();
  await main.getByRole("radio", { name: "Card (Stripe)" }).check();
  await main.getByRole("button", { name: "Checkout" }).click();
  const modal = page.getByRole("dialog", { name: "Pay with Card (Stripe)" });
  await expect(modal.getByTestId("order-summary")).toContainText("New balance0 credits");
  await expect(modal.getByTestId("delivered-in-game")).toHaveText("In game, by the NPC at home");
  await modal.getByRole("button", { name: "Continue to payment" }).click();
  await modal.getByTestId("test-checkout").getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/store/success");

  const deliveries = () => sql<{ kind: string; status: string }>(`SELECT kind, status FROM game_deliveries WHERE "userId" = $1`, [user.id]);
  await expect.poll(deliveries).toEqual([{ kind: "CREDIT_PACKAGE", status: "PENDING" }]);
  expect(await sql(`SELECT "storeCredits" FROM users WHERE id = $1`, [user.id])).toEqual([{ storeCredits: 0 }]);
  await page.goto("/account/purchases?type=credits");
  await expect(page.getByRole("row").filter({ hasText: "Credit Package" })).toContainText("Delivered in game");

  // A store session: the account page asks for the password instead.
  await page.goto("/account");
  await expect(page).toHaveURL((u) => u.pathname === "/login" && u.searchParams.get("next") === "/account");
  await expect(page.getByRole("main").getByLabel("Username")).toBeVisible();

  // Spent: the same link now leads to the login page, with a word on why.
  await page.context().clearCookies();
  await page.goto(url);
  await expect(page).toHaveURL((u) => u.pathname === "/login" && u.searchParams.get("next") === "/credits");
  await expect(page.getByTestId("store-link-refused")).toContainText("expired or was already used");
});

test("a 2FA player's link asks for the code before it signs in", async ({ page, request, baseURL }) => {
  const user = await createE2EUser();
  // 2FA turned on through the API with a password session of the player's own.
  const headers = { cookie: `session=${await createE2ESession(user.id)}`, origin: new URL(baseURL!).origin };
  const { secret } = (await (await request.get("/api/v1/2fa/status", { headers })).json()) as { secret: string };
  const activated = await request.post("/api/v1/2fa/activate", { headers, data: { code: await totp(secret) } });
  expect(activated.status()).toBe(200);
  const { recovery_codes } = (await activated.json()) as { recovery_codes: string[] };

  await page.goto(await askLink(page.request, user.id));
  const code = page.getByLabel("Two-factor code");
  await code.fill("000000");
  await page.getByRole("button", { name: "Continue to the store" }).click();
  await expect(page.locator("#store-link-code-errors")).toContainText("Enter the current code");
  await expect(code).toHaveAttribute("aria-invalid", "true");
  expect((await page.request.get("/api/v1/user")).status()).toBe(401);
  // A recovery code works here as at login (the authenticator's code of this step is spent).
  await code.fill(recovery_codes[0]!);
  await page.getByRole("button", { name: "Continue to the store" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/credits");
  expect(await (await page.request.get("/api/v1/user")).json()).toMatchObject({ id: user.id, store_session: true });
});

test("unticking 'Deliver in game' buys credits for the website balance as usual", async ({ page }) => {
  const user = await createE2EUser();
  await page.goto(await askLink(page.request, user.id));
  await page.getByRole("button", { name: "Continue to the store" }).click();
  const main = page.getByRole("main");
  await expect(main.getByTestId("credit-package").first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await main.getByRole("checkbox", { name: "Deliver in game" }).uncheck();
  await expect(main.getByTestId("deliver-in-game")).toContainText("added to your website balance");
  await main.getByTestId("credit-package").first().click();
  await main.getByRole("radio", { name: "Card (Stripe)" }).check();
  await main.getByRole("button", { name: "Checkout" }).click();
  const modal = page.getByRole("dialog", { name: "Pay with Card (Stripe)" });
  await expect(modal.getByTestId("delivered-in-game")).toHaveCount(0);
  await modal.getByRole("button", { name: "Continue to payment" }).click();
  await modal.getByTestId("test-checkout").getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/store/success");
  await expect
    .poll(async () => (await sql<{ storeCredits: number }>(`SELECT "storeCredits" FROM users WHERE id = $1`, [user.id]))[0]!.storeCredits)
    .toBeGreaterThan(0);
  expect(await sql(`SELECT id FROM game_deliveries WHERE "userId" = $1`, [user.id])).toEqual([]);
});
