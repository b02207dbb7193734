import { expect } from "@playwright/test";
import { createE2EUser, uniqueUsername } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";

// The staff catalogue editor in the browser: an administrator edits a product and the table
// shows what the server stored; anyone else gets the 404 page.

test.describe("staff store editor", () => {
  test("an administrator edits a product's price and sees it in the table", async ({ page }) => {
    const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
    await startSignedIn(page, admin);
    // Its own category and product, through the same API the editor uses (the session cookie rides along).
    const name = `Claws ${uniqueUsername("p").slice(1, 7)}`;
    const category = await page.request.post("/api/v1/staff/store/categories", { data: { name: `E2E ${name}` } });
    expect(category.status()).toBe(201);
    const created = await page.request.post("/api/v1/staff/store/products", {
      data: { name, imageHref: "/favicon.ico", price: 400, description: "Sharp.", categoryId: (await category.json()).id, gameItemId: 13652 },
    });
    expect(created.status()).toBe(201);

    await page.goto("/staff/store");
    await expect(page.getByRole("heading", { name: "Store editor" })).toBeVisible();
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
    await expect(row).toContainText("400");
    await row.getByRole("button", { name: `Edit ${name}` }).click();

    const dialog = page.getByRole("dialog", { name: "Edit product" });
    await dialog.getByLabel("Price (credits)").fill("0");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByLabel("Price (credits)")).toHaveAttribute("aria-invalid", "true");
    await expect(dialog).toContainText("Price must be a whole number of credits");

    await dialog.getByLabel("Price (credits)").fill("1250");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: `Saved product "${name}".` })).toBeVisible();
    await expect(row).toContainText("1,250");

    // Stored, not only shown: a fresh load reads it back from the server.
    await page.reload();
    await expect(page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) })).toContainText("1,250");
  });

  test("an administrator creates a category in the editor, then hides and shows it", async ({ page }) => {
    const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
    await startSignedIn(page, admin);
    const name = `Cat ${uniqueUsername("c").slice(1, 8)}`;
    await page.goto("/staff/store");
    await page.getByRole("tab", { name: "Categories" }).click();
    await page.getByRole("button", { name: "New category" }).click();
    const dialog = page.getByRole("dialog", { name: "New category" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByRole("button", { name: "Create category" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: `Created category "${name}".` })).toBeVisible();

    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
    await expect(row).toContainText("Visible");
    await row.getByRole("button", { name: `Hide ${name}` }).click();
    await expect(page.getByRole("status").filter({ hasText: `Hid category "${name}".` })).toBeVisible();
    await expect(row).toContainText("Hidden");
    await row.getByRole("button", { name: `Show ${name}` }).click();
    await expect(row).toContainText("Visible");
    // The public list agrees with the editor.
    const listed = (await (await page.request.get("/api/v1/store/category")).json()) as { name: string }[];
    expect(listed.map((c) => c.name)).toContain(name);
  });

  test("an administrator grants and removes credits from a phone, keyboard only @mobile", async ({ page }) => {
    const [admin, player] = await Promise.all([createE2EUser({ privilege: "ADMINISTRATOR" }), createE2EUser()]);
    await startSignedIn(page, admin);
    await page.goto("/staff/store");
    // The tables scroll inside their own box: the page itself fits the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    await page.getByRole("tab", { name: "Products" }).focus();
    await page.keyboard.press("End");
    await expect(page.getByRole("tab", { name: "Credits" })).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel", { name: "Credits" });
    await panel.getByLabel("Player's username").fill(player.username);
    await panel.getByLabel("Amount (credits)").fill("500");
    await panel.getByLabel("Reason").fill("Ticket #7: 5M OSRS gold");
    await panel.getByRole("button", { name: "Add credits" }).click();
    await expect(panel.getByRole("status")).toContainText(`Added 500 credits to ${player.username}. New balance: 500.`);

    await panel.getByRole("radio", { name: "Remove credits" }).check();
    await panel.getByLabel("Amount (credits)").fill("800");
    await panel.getByLabel("Reason").fill("Gold trade reversed");
    await panel.getByRole("button", { name: "Remove credits" }).click();
    await expect(panel.getByRole("status")).toContainText(`Removed 800 credits from ${player.username}. New balance: -300.`);
  });

  test("a player gets the 404 page at /staff/store", async ({ page }) => {
    const player = await createE2EUser();
    await startSignedIn(page, player);
    const res = await page.goto("/staff/store");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "You seem to have wandered off the map" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Store editor" })).toHaveCount(0);
  });
});
