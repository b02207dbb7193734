import { createHash, randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { type Page, expect } from "@playwright/test";
import pg from "pg";
import { createE2EUser } from "../factories/e2e-users";
import { test } from "./support/accounts";

// The ::store journey (issue 8): the game asks for a one-time link, the player's browser opens
// it signed in on the credit store, and a package bought there is handed over in game: a
// CREDIT_PACKAGE delivery, the website balance untouched. A second opening is refused.

async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A game API key with the store-link scope, stored as the operator CLI stores one (hash only). */
async function storeLinkKey(): Promise<string> {
  const prefix = `gsk_${randomBytes(12).toString("hex").slice(0, 8)}`;
  const key = `${prefix}_${randomBytes(32).toString("base64url")}`;
  const hash = createHash("sha256").update(key).digest("hex");
  await sql(`INSERT INTO game_api_keys (name, prefix, "keyHash", scopes) VALUES ($1, $2, $3, ARRAY['store-link'])`, [`e2e-${prefix}`, prefix, hash]);
  return key;
}

async function askLink(page: Page, playerId: number): Promise<string> {
  const res = await page.request.post("/api/v1/game/store-link", { headers: { "x-api-key": await storeLinkKey() }, data: { player_id: playerId } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { url: string }).url;
}

test("a ::store link signs the player in once, and credits bought there are handed over in game", async ({ page }) => {
  test.setTimeout(60_000);
  const user = await createE2EUser();
  const url = await askLink(page, user.id);

  await page.goto(url);
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

  // Spent: the same link now leads to the login page, with a word on why.
  await page.context().clearCookies();
  await page.goto(url);
  await expect(page).toHaveURL((u) => u.pathname === "/login" && u.searchParams.get("next") === "/credits");
  await expect(page.getByTestId("store-link-refused")).toContainText("expired or was already used");
  // The token is in the URL: the real server's answer keeps it out of caches and Referers.
  const raw = await page.request.get(url, { maxRedirects: 0 });
  expect(raw.status()).toBe(303);
  expect(raw.headers()["referrer-policy"]).toBe("no-referrer");
  expect(raw.headers()["cache-control"]).toBe("no-store");
});

test("unticking 'Deliver in game' buys credits for the website balance as usual", async ({ page }) => {
  const user = await createE2EUser();
  await page.goto(await askLink(page, user.id));
  const main = page.getByRole("main");
  await expect(main.getByTestId("credit-package").first()).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
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
  await expect.poll(async () => (await sql<{ storeCredits: number }>(`SELECT "storeCredits" FROM users WHERE id = $1`, [user.id]))[0]!.storeCredits).toBeGreaterThan(0);
  expect(await sql(`SELECT id FROM game_deliveries WHERE "userId" = $1`, [user.id])).toEqual([]);
});
