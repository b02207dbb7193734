import { randomBytes } from "node:crypto";
import { expect } from "@playwright/test";
import { e2eCredits } from "../factories/credits";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { sql } from "./support/store-link";

// Sales and coupons in the browser (docs/store.md): a player sees every price line (base, sale,
// coupon, total) before buying and pays the total; staff schedule a sale and create a coupon.

const tag = () => `E2E${randomBytes(3).toString("hex").toUpperCase()}`;
const HOUR = 3600_000;

test.describe("store discounts", () => {
  test("a player applies a coupon over a sale, sees each price line, and buys at the total @mobile", async ({ page }) => {
    test.setTimeout(120_000);
    const t = tag();
    const { categoryId, products } = await e2eCredits.createCategoryWithProducts(`${t} Deals`, [{ name: `${t} Party hat`, price: 1000 }]);
    const product = products[0]!;
    const saleName = `${t} Winter`;
    await sql(
      `INSERT INTO store_sales (name, kind, value, scope, "productIds", "startsAt", "endsAt", "updatedAt")
       VALUES ($1, 'PERCENT', 20, 'PRODUCTS', ARRAY[$2::int], now() - interval '1 hour', now() + interval '52 hours', now())`,
      [saleName, product.id],
    );
    const code = `${t}TEN`;
    await sql(`INSERT INTO coupons (code, kind, value, scope, stackable, "maxRedemptions", "updatedAt") VALUES ($1, 'PERCENT', 10, 'BASKET', true, 5, now())`, [
      code,
    ]);
    const user = await createE2EUser();
    await e2eCredits.grantCredits(user.id, 1000);
    await startSignedIn(page, user);

    await page.goto(`/store?category=${categoryId}`);
    const card = page.getByTestId("product-card").filter({ hasText: product.name });
    await expect(card.getByTestId("sale-badge")).toHaveText("20% OFF");
    await expect(card.getByTestId("sale-countdown")).toHaveText(/^Sale ends in 2d [34]h$/);
    await expect(card).toContainText("800 credits");
    await card.click();

    const details = page.getByRole("dialog", { name: product.name });
    // A wrong code is refused under the field, naming what is wrong; nothing is bought.
    await details.getByLabel("Coupon code (optional)").fill("NOPE-NOT-A-CODE");
    await details.getByRole("button", { name: "Purchase" }).click();
    await expect(details.getByLabel("Coupon code (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(details).toContainText("No coupon with this code.");

    await details.getByLabel("Coupon code (optional)").fill(code.toLowerCase());
    await details.getByRole("button", { name: "Purchase" }).click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" });
    const lines = confirm.getByTestId("price-lines");
    await expect(lines.locator("[data-step=base]")).toHaveText(/Price\s*1,000 credits/);
    await expect(lines.locator("[data-step=sale]")).toHaveText(new RegExp(`Sale: ${saleName} \\(20% off\\)\\s*−200 credits`));
    await expect(lines.locator("[data-step=coupon]")).toHaveText(new RegExp(`Coupon ${code} \\(10% off\\)\\s*−80 credits`));
    await expect(lines.locator("[data-step=total]")).toHaveText(/Total\s*720 credits/);
    await expect(confirm).toContainText("Your balance after the purchase: 280 credits.");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    await confirm.getByRole("button", { name: "Yes" }).click();
    await expect(page.getByRole("dialog", { name: "Purchase complete" })).toBeVisible();
    await expect(page.getByTestId("store-balance-amount")).toHaveText("280");
    expect(await e2eCredits.balanceOf(user.id)).toBe(280);
    const [order] = await sql<{ priceCredits: number; discount: number }>(
      `SELECT o."priceCredits", r.discount FROM store_orders o JOIN coupon_redemptions r ON r."storeOrderId" = o.id WHERE o."userId" = $1`,
      [user.id],
    );
    expect(order).toEqual({ priceCredits: 720, discount: 80 });
  });

  test("a staff member schedules a sale and creates a coupon from a phone @mobile", async ({ page }) => {
    test.setTimeout(120_000);
    const t = tag();
    const { products } = await e2eCredits.createCategoryWithProducts(`${t} Capes`, [{ name: `${t} Cape`, price: 500 }]);
    const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
    await startSignedIn(page, admin);
    await page.goto("/staff/store");

    await page.getByRole("tab", { name: "Sales" }).click();
    const sales = page.getByRole("tabpanel", { name: "Sales" });
    await sales.getByRole("button", { name: "New sale" }).click();
    const saleDialog = page.getByRole("dialog", { name: "New sale" });
    const saleName = `${t} Spring`;
    await saleDialog.getByLabel("Name").fill(saleName);
    await saleDialog.getByLabel("Percent off (1–99)").fill("15");
    await saleDialog.getByLabel("Applies to").selectOption("PRODUCTS");
    await saleDialog.getByLabel("Products").selectOption(String(products[0]!.id));
    const local = (ms: number) => {
      const d = new Date(Date.now() + ms);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    };
    // An end before the start is refused on the field.
    await saleDialog.getByLabel("Starts").fill(local(24 * HOUR));
    await saleDialog.getByLabel("Ends").fill(local(2 * HOUR));
    await saleDialog.getByRole("button", { name: "Schedule sale" }).click();
    await expect(saleDialog.getByLabel("Ends")).toHaveAttribute("aria-invalid", "true");
    await expect(saleDialog).toContainText("The end must be after the start.");
    await saleDialog.getByLabel("Ends").fill(local(72 * HOUR));
    await saleDialog.getByRole("button", { name: "Schedule sale" }).click();
    await expect(saleDialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: `Created the sale “${saleName}”.` })).toBeVisible();
    const saleRow = sales.getByRole("row").filter({ has: page.getByRole("rowheader", { name: saleName, exact: true }) });
    await expect(saleRow).toContainText("15% off");
    await expect(saleRow).toContainText("scheduled");
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    await page.getByRole("tab", { name: "Coupons" }).click();
    const coupons = page.getByRole("tabpanel", { name: "Coupons" });
    await coupons.getByRole("button", { name: "New coupon" }).click();
    const couponDialog = page.getByRole("dialog", { name: "New coupon" });
    const code = `${t}-SPRING`;
    await couponDialog.getByLabel("Code").fill(code.toLowerCase());
    await couponDialog.getByLabel("Percent off (1–100)").fill("10");
    await couponDialog.getByLabel("Total uses (blank: no limit)").fill("100");
    await couponDialog.getByLabel("Uses per player (blank: no limit)").fill("1");
    await couponDialog.getByLabel("Also applies over a sale (after it)").check();
    expect(await axeViolations(page)).toEqual([]);
    await couponDialog.getByRole("button", { name: "Create coupon" }).click();
    await expect(couponDialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: `Created the coupon ${code}.` })).toBeVisible();
    const couponRow = coupons.getByRole("row").filter({ has: page.getByRole("rowheader", { name: code, exact: true }) });
    await expect(couponRow).toContainText("0 of 100 used, 1 per player");

    // Stored and audited: the audit log has both, with after.
    const audits = await sql<{ action: string }>(`SELECT action FROM audit_log WHERE "actorId" = $1 ORDER BY id`, [admin.id]);
    expect(audits.map((a) => a.action)).toEqual(["store.sale.created", "store.coupon.created"]);
    expect(await axeViolations(page)).toEqual([]);
  });
});
