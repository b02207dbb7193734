import { createHash, createHmac, randomBytes } from "node:crypto";
import { axeViolations } from "./support/axe";
import { expect, type Page } from "@playwright/test";
import Stripe from "stripe";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { sql } from "./support/store-link";

// The staff console's payments and deliveries areas in the browser: an administrator
// re-sends a delivery the game then claims exactly once, and re-applies a provider event that was
// refused (a second click from a page opened before changes nothing). A moderator gets the 404
// page and a 403 from the API. Both pages pass axe and fit a 360 px wide screen.

// The e2e server signs its local test-checkout webhooks with a secret derived from AUTH_SECRET
// (lib/server/payments/local-secrets.ts); playwright.config.ts gives the server this value.
const AUTH_SECRET = process.env.AUTH_SECRET ?? "e2e-secret-0123456789abcdef0123456789";
const STRIPE_LOCAL_SECRET = `whsec_${createHmac("sha256", AUTH_SECRET).update("payments-local-stripe/v1").digest("hex")}`;

/** A game API key with the deliveries scope, stored as the operator CLI stores one (hash only). */
async function deliveriesKey(): Promise<string> {
  const prefix = `gsk_${randomBytes(12).toString("hex").slice(0, 8)}`;
  const key = `${prefix}_${randomBytes(32).toString("base64url")}`;
  await sql(`INSERT INTO game_api_keys (name, prefix, "keyHash", scopes) VALUES ($1, $2, $3, ARRAY['deliveries'])`, [
    `e2e-${prefix}`,
    prefix,
    createHash("sha256").update(key).digest("hex"),
  ]);
  return key;
}

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test("an administrator re-sends a delivered item, and the game claims the copy exactly once", async ({ page }) => {
  const [admin, player] = await Promise.all([createE2EUser({ privilege: "ADMINISTRATOR" }), createE2EUser()]);
  const [original] = await sql<{ id: number }>(
    `INSERT INTO game_deliveries ("userId", kind, status, payload, attempts, "deliveredAt") VALUES ($1, 'STORE_ITEM', 'DELIVERED', $2::jsonb, 1, now() AT TIME ZONE 'UTC') RETURNING id`,
    [player.id, JSON.stringify({ itemId: 4151, quantity: 1, name: "Abyssal whip" })],
  );
  await startSignedIn(page, admin);
  await page.goto(`/staff/deliveries?player=${encodeURIComponent(player.username)}`);
  await expect(page.getByRole("heading", { name: "Deliveries", level: 1 })).toBeVisible();
  const card = page.getByTestId("delivery").filter({ has: page.getByRole("heading", { name: `#${original!.id} Store item: 1 x Abyssal whip (item 4151)` }) });
  await expect(card).toContainText("Delivered");
  await card.getByRole("button", { name: `Re-send delivery #${original!.id}` }).click();

  const dialog = page.getByRole("dialog", { name: `Re-send delivery #${original!.id}?` });
  await dialog.getByRole("button", { name: "Re-send" }).click();
  await expect(dialog.getByLabel("Reason (kept in the audit log)")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Reason (kept in the audit log)").fill("Ticket #31: the whip never arrived");
  await dialog.getByRole("button", { name: "Re-send" }).click();
  await expect(dialog.getByRole("status")).toContainText(/Re-sent as delivery #\d+: pending for the game's next claim\./);
  const copyId = Number(/#(\d+)/.exec((await dialog.getByRole("status").textContent()) ?? "")![1]);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();
  const copyCard = page.getByTestId("delivery").filter({ has: page.getByRole("heading", { name: `#${copyId} Store item: 1 x Abyssal whip (item 4151)` }) });
  await expect(copyCard).toContainText("Pending");
  await expect(copyCard).toContainText(`re-sent copy of delivery #${original!.id}`);

  // The game server's own claim, with its key, hands the copy out once.
  const headers = { "x-api-key": await deliveriesKey() };
  const claim = async () =>
    (await (await page.request.post("/api/v1/game/deliveries/claim", { headers, data: { player_id: player.id } })).json()) as {
      lease_id: string | null;
      deliveries: { id: number; kind: string; payload: unknown }[];
    };
  const first = await claim();
  expect(first.deliveries).toEqual([
    { id: copyId, kind: "store_item", payload: { item_id: 4151, quantity: 1, name: "Abyssal whip" }, created: expect.any(String) },
  ]);
  expect((await claim()).deliveries).toEqual([]);
  const ack = await page.request.post("/api/v1/game/deliveries/ack", { headers, data: { lease_id: first.lease_id, delivery_ids: [copyId] } });
  expect(await ack.json()).toEqual({ delivered: [copyId], rejected: [] });
  expect((await claim()).deliveries).toEqual([]);
  expect(await sql(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'deliveries.resent' AND "targetId" = $1`, [String(original!.id)])).toEqual([
    { n: 1 },
  ]);
});

test("an administrator re-applies a refused payment event once; a second click from an older page changes nothing", async ({ page, context }) => {
  test.setTimeout(180_000);
  const [admin, player] = await Promise.all([createE2EUser({ privilege: "ADMINISTRATOR" }), createE2EUser()]);
  const [pkg] = await sql<{ id: number }>(
    `INSERT INTO credit_packages (credits, "bonusCredits", "priceCents", "imageUrl", active) VALUES (1000, 100, 5000, '/favicon.ico', false) RETURNING id`,
  );
  const providerRef = `pi_e2e_${randomBytes(6).toString("hex")}`;
  const [purchase] = await sql<{ id: number }>(
    `INSERT INTO credit_purchases ("userId", "creditPackageId", method, "providerRef", credits, "bonusCredits", "amountCents", "updatedAt") VALUES ($1, $2, 'STRIPE', $3, 1000, 100, 5000, now()) RETURNING id`,
    [player.id, pkg!.id, providerRef],
  );
  // A signed Stripe webhook reporting $49.99 received for the $50.00 purchase: stored, refused.
  const eventId = `evt_e2e_${randomBytes(6).toString("hex")}`;
  const body = JSON.stringify({
    id: eventId,
    object: "event",
    type: "payment_intent.succeeded",
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: providerRef, object: "payment_intent", amount_received: 4999, currency: "usd", metadata: { purchase_id: String(purchase!.id) } } },
  });
  const hook = await page.request.post("/api/v1/webhooks/stripe", {
    headers: {
      "content-type": "application/json",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: STRIPE_LOCAL_SECRET }),
    },
    data: body,
  });
  expect(hook.status()).toBe(200);

  await startSignedIn(page, admin);
  const older = await context.newPage();
  for (const p of [page, older]) await p.goto("/staff/payments?view=events&provider=stripe");
  const card = (p: Page) => p.getByTestId("webhook-event").filter({ has: p.getByText(eventId) });
  await expect(card(page).getByTestId("event-error")).toHaveText("paid 4999 usd, expected 5000 USD");
  await expect(card(page)).toContainText("Verified on arrival");
  await card(page).getByText("Raw payload").click();
  await expect(card(page).getByRole("region", { name: `Raw payload of event ${eventId}` })).toContainText('"amount_received": 4999');

  // Staff fix the cause: the $49.99 received is accepted as the price.
  await sql(`UPDATE credit_purchases SET "amountCents" = 4999 WHERE id = $1`, [purchase!.id]);
  const reapply = async (p: Page) => {
    await card(p)
      .getByRole("button", { name: `Re-apply event ${eventId}` })
      .click();
    const dialog = p.getByRole("dialog", { name: `Re-apply event ${eventId}?` });
    await dialog.getByLabel("Reason (kept in the audit log)").fill("Promotion code at checkout: honour the $49.99 paid");
    await dialog.getByRole("button", { name: "Re-apply", exact: true }).click();
    return dialog;
  };
  const done = await reapply(page);
  await expect(done.getByRole("status")).toContainText(
    `applied. Purchase #${purchase!.id} is paid. ${player.username} now has 1,100 credits and $49.99 spent in total (rank: premium).`,
  );
  await done.getByRole("button", { name: "Done" }).click();
  await expect(card(page)).toHaveCount(0);

  const state = () =>
    Promise.all([
      sql(`SELECT "storeCredits", "totalSpentCents", "memberRank"::text AS rank FROM users WHERE id = $1`, [player.id]),
      sql(`SELECT count(*)::int AS n FROM credit_ledger WHERE "userId" = $1`, [player.id]),
      sql(`SELECT count(*)::int AS n FROM audit_log WHERE action = 'payments.event_reapplied' AND "actorId" = $1`, [admin.id]),
    ]);
  const after = [[{ storeCredits: 1100, totalSpentCents: 4999, rank: "PREMIUM" }], [{ n: 2 }], [{ n: 1 }]];
  expect(await state()).toEqual(after);

  // The older page still offers Re-apply: the server answers that it is already applied.
  const again = await reapply(older);
  await expect(again.getByRole("status")).toContainText("was already applied: nothing changed.");
  expect(await state()).toEqual(after);
  await again.getByRole("button", { name: "Done" }).click();
  await expect(card(older)).toHaveCount(0);
});

test("a moderator gets the 404 page at /staff/payments and /staff/deliveries, and 403 from their API", async ({ page, baseURL }) => {
  const moderator = await createE2EUser({ privilege: "MODERATOR" });
  await startSignedIn(page, moderator);
  for (const path of ["/staff/payments", "/staff/deliveries"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "You seem to have wandered off the map" })).toBeVisible();
  }
  for (const path of ["/api/v1/staff/payments", "/api/v1/staff/payments/events", "/api/v1/staff/deliveries"])
    expect((await page.request.get(path)).status(), path).toBe(403);
  // Same-origin, like the site's own forms, so the privilege is what refuses it (not the CSRF check).
  const origin = new URL(baseURL!).origin;
  for (const path of ["/api/v1/staff/payments/events/1/reapply", "/api/v1/staff/deliveries/1/resend", "/api/v1/staff/deliveries/1/cancel"]) {
    const res = await page.request.post(path, { headers: { origin }, data: { reason: "not mine to do" } });
    expect(res.status(), path).toBe(403);
    expect(await res.json()).toEqual({ details: "You do not have permission to perform this action." });
  }
});

test("the payments and deliveries pages pass axe and fit a 360 px wide screen", async ({ page }) => {
  test.setTimeout(180_000);
  const [admin, player] = await Promise.all([createE2EUser({ privilege: "ADMINISTRATOR" }), createE2EUser()]);
  // Something on each page: a pending delivery with a long name, and a purchase with a refused event.
  await sql(`INSERT INTO game_deliveries ("userId", kind, payload) VALUES ($1, 'STORE_ITEM', $2::jsonb)`, [
    player.id,
    JSON.stringify({ itemId: 11802, quantity: 1, name: "Armadyl godsword (ornamented)" }),
  ]);
  const [pkg] = await sql<{ id: number }>(
    `INSERT INTO credit_packages (credits, "bonusCredits", "priceCents", "imageUrl", active) VALUES (500, 0, 2500, '/favicon.ico', false) RETURNING id`,
  );
  const ref = `pi_e2e_${randomBytes(6).toString("hex")}`;
  const [purchase] = await sql<{ id: number }>(
    `INSERT INTO credit_purchases ("userId", "creditPackageId", method, "providerRef", credits, "bonusCredits", "amountCents", "updatedAt") VALUES ($1, $2, 'STRIPE', $3, 500, 0, 2500, now()) RETURNING id`,
    [player.id, pkg!.id, ref],
  );
  await sql(
    `INSERT INTO webhook_events (provider, "eventId", type, payload, "processedAt", error, "creditPurchaseId") VALUES ('STRIPE', $1, 'payment_intent.succeeded', $2::jsonb, now() AT TIME ZONE 'UTC', 'paid 100 usd, expected 2500 USD', $3)`,
    [
      `evt_e2e_${randomBytes(6).toString("hex")}`,
      JSON.stringify({
        id: "evt",
        data: { object: { id: ref, amount_received: 100, currency: "usd", metadata: { purchase_id: String(purchase!.id), note: "a long value ".repeat(20) } } },
      }),
      purchase!.id,
    ],
  );

  await page.setViewportSize({ width: 360, height: 740 });
  await startSignedIn(page, admin);
  for (const path of [
    "/staff/payments",
    "/staff/payments?view=events",
    `/staff/deliveries?player=${encodeURIComponent(player.username)}`,
    "/staff/deliveries",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Open the raw payloads too: their boxes scroll on their own, the page does not.
    for (const summary of await page.getByText("Raw payload", { exact: true }).all()) await summary.click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), path).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  }
  // And with a dialog open.
  await page.goto(`/staff/deliveries?player=${encodeURIComponent(player.username)}`);
  await page.getByRole("button", { name: /^Cancel delivery #\d+$/ }).click();
  await expect(page.getByRole("dialog", { name: /^Cancel delivery #\d+\?$/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
