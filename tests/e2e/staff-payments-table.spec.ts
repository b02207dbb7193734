import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { sql } from "./support/store-link";

// The payments table in the browser: an administrator searches by player with the keyboard,
// filters by status and days, downloads the CSV of what the filters show (its content read from
// the download), and sees the player's payment risk beside each payment and on the player's page,
// with the spending hold of an open dispute; the player sees the hold in the store. Each page
// passes axe and fits a 360 px wide screen.

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function purchasesFor(playerId: number, tag: string) {
  const [pkg] = await sql<{ id: number }>(
    `INSERT INTO credit_packages (credits, "bonusCredits", "priceCents", "imageUrl", active) VALUES (1000, 0, 5000, '/favicon.ico', false) RETURNING id`,
  );
  const add = async (status: string, method: string, ref: string, cents: number, created: string, dispute = false) =>
    (
      await sql<{ id: number }>(
        `INSERT INTO credit_purchases ("userId", "creditPackageId", method, status, "providerRef", credits, "bonusCredits", "amountCents", "createdAt", "paidAt", "updatedAt", "disputeOpenedAt")
         VALUES ($1, $2, $3::"PaymentMethod", $4::"PurchaseStatus", $5, 1000, 0, $6, $7::timestamp, $7::timestamp, now(), CASE WHEN $8 THEN now() ELSE NULL END) RETURNING id`,
        [playerId, pkg!.id, method, status, ref, cents, created, dispute],
      )
    )[0]!.id;
  return {
    paid: await add("PAID", "STRIPE", `pi_${tag}_paid`, 5000, "2026-05-02T10:00:00"),
    refunded: await add("REFUNDED", "PAYPAL", `=cmd|' /C calc'!A0 ${tag}`, 2000, "2026-05-03T10:00:00"),
    disputed: await add("DISPUTED", "STRIPE", `pi_${tag}_disputed`, 1000, "2026-06-10T10:00:00", true),
  };
}

test("an administrator searches and filters payments, exports them as CSV and reads the player's risk", async ({ page }) => {
  test.setTimeout(180_000);
  const [admin, player] = await Promise.all([createE2EUser({ privilege: "ADMINISTRATOR" }), createE2EUser()]);
  const tag = randomBytes(4).toString("hex");
  const ids = await purchasesFor(player.id, tag);

  await page.setViewportSize({ width: 360, height: 740 });
  await startSignedIn(page, admin);
  await page.goto("/staff/payments");
  // Keyboard only: type the player's name into the search and submit with Enter.
  await page.getByLabel("Search").focus();
  await page.keyboard.type(player.username);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/[?&]q=/);
  const rows = page.getByTestId("payment-row");
  await expect(page.getByRole("heading", { name: "3 purchases" })).toBeVisible();
  await expect(rows).toHaveCount(3);
  // Beside each payment: the player's risk, and the open dispute's hold.
  await expect(rows.first()).toContainText("3 payments · 1 refund · 1 dispute (1 open) · 33.3 % chargebacks");
  await expect(rows.first()).toContainText("Spending on hold");
  await expect(page.locator(`[data-purchase-id="${ids.disputed}"]`)).toContainText("dispute open");
  expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);

  // Filters: paid or refunded in May only.
  await page.getByLabel("Status").selectOption("refunded");
  await page.getByLabel("From (UTC)").fill("2026-05-01");
  await page.getByLabel("To (UTC)").fill("2026-05-31");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("heading", { name: "1 purchase", exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute("data-purchase-id", String(ids.refunded));
  await page.getByLabel("Status").selectOption("");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("heading", { name: "2 purchases" })).toBeVisible();

  // The CSV of the same filters, downloaded from the keyboard.
  const link = page.getByRole("link", { name: "Download CSV (these filters)" });
  await link.focus();
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(download.suggestedFilename()).toMatch(/^payments-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, "utf8");
  const lines = text.split("\r\n").filter(Boolean);
  expect(lines[0]).toBe(
    "order,created_at,paid_at,player_id,player,method,status,amount,currency,credits,bonus_credits,provider_ref,in_game,dispute,dispute_opened_at,dispute_closed_at",
  );
  expect(lines.slice(1).map((l) => Number(l.split(",")[0]))).toEqual([ids.refunded, ids.paid]);
  expect(lines[1]).toContain(`,${player.username},paypal,refunded,20.00,USD,`);
  // The provider id that is a formula is written as text.
  expect(lines[1]).toContain(`,'=cmd|' /C calc'!A0 ${tag},`);

  // The player's page: the risk view in full and the hold.
  await page.goto(`/staff/payments?q=${encodeURIComponent(`#${ids.disputed}`)}`);
  await expect(rows).toHaveCount(1);
  await page.getByRole("link", { name: player.username }).click();
  await expect(page.getByRole("heading", { name: player.username, level: 1 })).toBeVisible();
  const risk = page.getByTestId("player-risk");
  await expect(risk.getByTestId("risk-payments")).toHaveText("3 ($80.00)");
  await expect(risk.getByTestId("risk-refunds")).toHaveText("1 ($20.00)");
  await expect(risk.getByTestId("risk-disputes")).toHaveText("1: 1 open, 0 won, 0 lost");
  await expect(risk.getByTestId("risk-chargeback-rate")).toHaveText("33.3 %");
  await expect(page.getByTestId("spending-hold")).toHaveText("On hold: a payment dispute is open");
  expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
});

test("a player whose dispute is open sees the hold in the store, and not once it is won", async ({ page }) => {
  const player = await createE2EUser();
  const tag = randomBytes(4).toString("hex");
  await purchasesFor(player.id, tag);
  await page.setViewportSize({ width: 360, height: 740 });
  await startSignedIn(page, player);
  await page.goto("/store");
  await expect(page.getByTestId("spending-hold")).toContainText("Store spending on hold.");
  await expect(page.getByTestId("spending-hold")).toContainText("a payment dispute on your account is open");
  expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
  // Once the dispute is won, the notice is gone.
  await sql(`UPDATE credit_purchases SET "disputeClosedAt" = now(), "disputeOutcome" = 'WON', status = 'PAID' WHERE "userId" = $1 AND status = 'DISPUTED'`, [
    player.id,
  ]);
  await page.reload();
  await expect(page.getByTestId("store-balance-amount")).toBeVisible();
  await expect(page.getByTestId("spending-hold")).toHaveCount(0);
});
