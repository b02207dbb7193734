import { createHash, randomBytes } from "node:crypto";
import { type APIRequestContext, type Page, expect } from "@playwright/test";
import { e2eCredits } from "../factories/credits";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { sql } from "./support/store-link";

// The order history (docs/payments.md "Orders"): a player buys an item with credits and follows
// it: waiting in game, blocked with the game's reason, then claimed with its time, all through
// the game's own API calls; the receipt page; axe and a 360 px phone on each.

const tag = () => `E2E${randomBytes(3).toString("hex")}`;

/** A game API key with the deliveries scope (hash only in the database, as the CLI stores one). */
async function deliveriesKey(): Promise<string> {
  const prefix = `gsk_${randomBytes(12).toString("hex").slice(0, 8)}`;
  const key = `${prefix}_${randomBytes(32).toString("base64url")}`;
  const hash = createHash("sha256").update(key).digest("hex");
  await sql(`INSERT INTO game_api_keys (name, prefix, "keyHash", scopes) VALUES ($1, $2, $3, ARRAY['deliveries'])`, [`e2e-${prefix}`, prefix, hash]);
  return key;
}

async function gameCall(request: APIRequestContext, key: string, path: string, data: unknown) {
  const res = await request.post(path, { headers: { "x-api-key": key }, data });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a player follows an item bought with credits from waiting in game to blocked to claimed, and opens its receipt", async ({ page, request }) => {
  test.setTimeout(240_000);
  const t = tag();
  const { categoryId } = await e2eCredits.createCategoryWithProducts(`${t} Hats`, [{ name: `${t} Party hat`, price: 120 }]);
  const user = await createE2EUser();
  await e2eCredits.grantCredits(user.id, 500);
  await startSignedIn(page, user);

  // Nothing bought yet: the empty history.
  await page.goto("/account/purchases");
  await expect(page.getByTestId("no-orders")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Buy it in the store.
  await page.goto(`/store?category=${categoryId}`);
  const main = page.getByRole("main");
  await main
    .getByTestId("product-card")
    .filter({ hasText: `${t} Party hat` })
    .click();
  await page
    .getByRole("dialog", { name: `${t} Party hat` })
    .getByRole("button", { name: "Purchase" })
    .click();
  await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Yes" }).click();
  await expect(page.getByRole("dialog", { name: "Purchase complete" })).toBeVisible();

  // Waiting in game, with its order number.
  await page.goto("/account/purchases");
  const order = page.getByTestId("order").filter({ hasText: `${t} Party hat` });
  await expect(order.getByTestId("delivery-state")).toHaveAttribute("data-state", "waiting");
  await expect(order.getByTestId("delivery-state")).toContainText("Waiting in game");
  await expect(order).toContainText("120 credits");
  const number = await order.getAttribute("data-order");
  expect(number).toMatch(/^S-\d{6,}$/);
  await expect(page.getByRole("link", { name: "Store items" })).toBeVisible();

  // The game claims it, cannot hand it over (inventory full) and says so.
  const key = await deliveriesKey();
  const first = await gameCall(request, key, "/api/v1/game/deliveries/claim", { player_id: user.id });
  const ids = (first.deliveries as { id: number }[]).map((d) => d.id);
  expect(ids).toHaveLength(1);
  expect(
    await gameCall(request, key, "/api/v1/game/deliveries/blocked", {
      lease_id: first.lease_id,
      delivery_ids: ids,
      reason: "inventory_full",
      message: "Free 1 slot",
    }),
  ).toEqual({ blocked: ids, rejected: [] });
  await page.reload();
  await expect(order.getByTestId("delivery-state")).toHaveAttribute("data-state", "blocked");
  await expect(order.getByTestId("delivery-state")).toContainText("Blocked: Not enough free inventory space");
  await expect(order.getByTestId("delivery-state")).toContainText("Free 1 slot");
  expect(await axeViolations(page)).toEqual([]);
  await fitsPhone(page);

  // Next time it hands it over and acknowledges it: claimed, with the time.
  const second = await gameCall(request, key, "/api/v1/game/deliveries/claim", { player_id: user.id });
  expect(await gameCall(request, key, "/api/v1/game/deliveries/ack", { lease_id: second.lease_id, delivery_ids: ids })).toMatchObject({ delivered: ids });
  await page.reload();
  await expect(order.getByTestId("delivery-state")).toHaveAttribute("data-state", "claimed");
  await expect(order.getByTestId("delivery-state")).toContainText("Claimed");
  await expect(order.getByTestId("delivery-state").locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);

  // The receipt page, and nobody else's.
  await order.getByRole("link", { name: `Receipt for order ${number}` }).click();
  await expect(page).toHaveURL((u) => u.pathname === `/account/orders/${number}`);
  await expect(page.getByTestId("receipt-number")).toHaveText(number!);
  await expect(page.getByTestId("receipt-total")).toHaveText("120 credits");
  await expect(page.getByRole("button", { name: "Print receipt" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await fitsPhone(page);

  const other = await createE2EUser();
  await page.context().clearCookies();
  await startSignedIn(page, other);
  const res = await page.goto(`/account/orders/${number}`);
  expect(res!.status()).toBe(404);
});
