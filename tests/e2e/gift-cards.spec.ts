import { expect } from "@playwright/test";
import sharp from "sharp";
import { createE2EUser, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";

// Gift cards and uploaded product images in the browser: staff upload a product image (previewed,
// then served by the site in the store) and issue a gift card; a player redeems it on /account.

test.describe("gift cards and product images", () => {
  test("staff upload a product image and issue a gift card; a player redeems it and sees the balance", async ({ page, browser }) => {
    const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
    await startSignedIn(page, admin);
    const tag = uniqueUsername("g").slice(1, 8);
    const name = `Hat ${tag}`;
    const category = await page.request.post("/api/v1/staff/store/categories", { data: { name: `E2E img ${tag}` } });
    expect(category.status()).toBe(201);
    const categoryId = ((await category.json()) as { id: number }).id;

    await page.goto("/staff/store");
    await page.getByRole("button", { name: "New product" }).click();
    const dialog = page.getByRole("dialog", { name: "New product" });
    await dialog.getByLabel("Name").fill(name);
    // A PNG under a .jpg name: the server reads the bytes.
    const png = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#d4a017" } })
      .png()
      .toBuffer();
    await dialog.getByLabel("Or upload an image").setInputFiles({ name: "hat.jpg", mimeType: "image/jpeg", buffer: png });
    const preview = dialog.getByTestId("product-image-preview");
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(80);
    await expect(dialog.getByText(/Uploaded \(80×60, PNG\)/)).toBeVisible();
    await expect(dialog.getByLabel("Image URL")).toHaveValue(/^\/api\/v1\/store\/images\/[0-9a-f]{64}$/);
    const href = await dialog.getByLabel("Image URL").inputValue();
    await dialog.getByLabel("Price (credits)").fill("300");
    await dialog.getByLabel("Category").selectOption(String(categoryId));
    await dialog.getByLabel("Description").fill("A golden hat.");
    await dialog.getByLabel("Game item id").fill("1042");
    await dialog.getByRole("button", { name: "Create product" }).click();
    await expect(dialog).toBeHidden();

    // Served by the site with its fixed type, and shown in the store.
    const served = await page.request.get(href);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    await page.goto(`/store?category=${categoryId}`);
    const card = page.getByTestId("product-card").filter({ hasText: name });
    const img = card.locator("img");
    await expect(img).toHaveAttribute("src", href);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

    // A gift card, issued with a reason; its code is shown once.
    await page.goto("/staff/store");
    await page.getByRole("tab", { name: "Gift cards" }).click();
    const panel = page.getByRole("tabpanel", { name: "Gift cards" });
    await panel.getByRole("button", { name: "Issue gift card" }).click();
    await expect(panel.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
    await panel.getByLabel("Credits").fill("250");
    await panel.getByLabel("Reason").fill(`E2E prize ${tag}`);
    await panel.getByRole("button", { name: "Issue gift card" }).click();
    const issued = panel.getByTestId("issued-gift-card");
    await expect(issued).toContainText("worth 250 credits");
    const code = (await issued.locator(".font-mono").textContent())!.trim();
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    await expect(panel.getByRole("row").filter({ hasText: `E2E prize ${tag}` })).toContainText("Unused");
    expect(await axeViolations(page)).toEqual([]);

    // The player, in a browser of their own.
    const player = await createE2EUser();
    const context = await browser.newContext();
    const p = await context.newPage();
    await startSignedIn(p, player);
    await p.goto("/account");
    const giftCards = p.getByRole("region", { name: "Gift cards" });
    await giftCards.getByLabel("Redeem a gift card").fill(code.toLowerCase());
    await giftCards.getByRole("button", { name: "Redeem" }).click();
    await expect(giftCards.getByText("Added 250 credits. Your balance is now 250 credits.")).toBeVisible();
    // Used: a second try names the reason under the field.
    await giftCards.getByLabel("Redeem a gift card").fill(code);
    await giftCards.getByRole("button", { name: "Redeem" }).click();
    await expect(giftCards.getByText("This gift card has already been redeemed.")).toBeVisible();
    await expect(giftCards.getByLabel("Redeem a gift card")).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(p)).toEqual([]);
    await context.close();
  });

  test("a player is told an unknown code on a phone, and the account page fits 360 px @mobile", async ({ page }) => {
    const player = await createE2EUser();
    await startSignedIn(page, player);
    await page.goto("/account");
    const giftCards = page.getByRole("region", { name: "Gift cards" });
    await giftCards.getByLabel("Redeem a gift card").fill("2222-2222-2222-2222");
    await giftCards.getByRole("button", { name: "Redeem" }).click();
    await expect(giftCards.getByText("No gift card has this code. Check it and try again.")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
