import { randomBytes } from "node:crypto";
import { type Page, expect } from "@playwright/test";
import { e2eCredits } from "../factories/credits";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { sql } from "./support/store-link";
import { sideScroll } from "./support/layout";

// Gifting in the browser (docs/store.md "Gifting"): a player buys a store item for another player
// by username (an unknown name is refused under the field first), sees "Gift to" in their
// purchases; the recipient sees "Gift from", the delivery and no price, in their purchases and on
// the receipt. Axe and a 360 px phone on each changed page.

const tag = () => `E2E${randomBytes(3).toString("hex")}`;

async function fitsPhoneWithAxe(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await sideScroll(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a player gifts a store item to another player, who sees it in their purchases and on its receipt", async ({ page }) => {
  test.setTimeout(240_000);
  const t = tag();
  const item = `${t} Party hat`;
  const { categoryId } = await e2eCredits.createCategoryWithProducts(`${t} Gifts`, [{ name: item, price: 200 }]);
  const buyer = await createE2EUser();
  const friend = await createE2EUser();
  await e2eCredits.grantCredits(buyer.id, 500);
  await startSignedIn(page, buyer);

  await page.goto(`/store?category=${categoryId}`);
  await page.getByRole("main").getByTestId("product-card").filter({ hasText: item }).click();
  const details = page.getByRole("dialog", { name: item });
  const giftField = details.getByLabel("Gift to (optional)");

  // An unknown player is refused under the field; nothing is bought.
  await giftField.fill(`zz${t}`.slice(0, 12));
  await details.getByRole("button", { name: "Purchase" }).click();
  await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Yes" }).click();
  await expect(details.getByLabel("Gift to (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(details).toContainText("There is no player with that username.");
  expect(await e2eCredits.balanceOf(buyer.id)).toBe(500);
  await fitsPhoneWithAxe(page);

  // The recipient's name in another case is the same player.
  await giftField.fill(friend.username.toUpperCase());
  await details.getByRole("button", { name: "Purchase" }).click();
  const confirm = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(confirm.getByTestId("gift-recipient")).toHaveText(friend.username.toUpperCase());
  await confirm.getByRole("button", { name: "Yes" }).click();
  await expect(page.getByRole("dialog", { name: "Purchase complete" })).toBeVisible();
  expect(await e2eCredits.balanceOf(buyer.id)).toBe(300);
  const [row] = await sql<{ userId: number; recipientId: number; deliveredTo: number }>(
    `SELECT o."userId", o."recipientId", d."userId" AS "deliveredTo" FROM store_orders o JOIN game_deliveries d ON d."storeOrderId" = o.id WHERE o."userId" = $1`,
    [buyer.id],
  );
  expect(row).toEqual({ userId: buyer.id, recipientId: friend.id, deliveredTo: friend.id });

  // The buyer's history: Gift to NAME, with the price.
  await page.goto("/account/purchases");
  const mine = page.getByTestId("order").filter({ hasText: item });
  await expect(mine.getByTestId("order-gift")).toHaveText(`Gift to ${friend.username}`);
  await expect(mine.getByTestId("order-price")).toHaveText("200 credits");
  await expect(mine).toContainText(`${friend.username} claims it from the donation manager at home.`);
  const number = await mine.getAttribute("data-order");
  expect(number).toMatch(/^S-\d{6,}$/);
  await fitsPhoneWithAxe(page);

  // The recipient's history: Gift from NAME, waiting in game, no price.
  await page.context().clearCookies();
  await startSignedIn(page, friend);
  await page.goto("/account/purchases");
  const theirs = page.getByTestId("order").filter({ hasText: item });
  await expect(theirs.getByTestId("order-gift")).toHaveText(`Gift from ${buyer.username}`);
  await expect(theirs.getByTestId("delivery-state")).toHaveAttribute("data-state", "waiting");
  await expect(theirs.getByTestId("order-price")).toHaveCount(0);
  await expect(theirs).not.toContainText("200 credits");
  await fitsPhoneWithAxe(page);

  // Its receipt page: who sent it and the item, no amounts.
  await theirs.getByRole("link", { name: `Receipt for order ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${number}$`));
  await expect(page.getByTestId("receipt-gift")).toHaveText(`Gift from ${buyer.username}`);
  await expect(page.getByTestId("receipt-total")).toHaveCount(0);
  await expect(page.locator("[data-receipt]")).toContainText(item);
  await fitsPhoneWithAxe(page);
});
