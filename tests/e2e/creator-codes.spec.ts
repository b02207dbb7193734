import { randomBytes } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { e2eCredits } from "../factories/credits";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, test } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { sql } from "./support/store-link";

// Creator codes in the browser (docs/store.md, "Creator codes"): staff create a code in the store
// editor's Creator codes tab; a player enters a coupon and a creator code on /credits, sees each
// price line before paying and pays through the local test checkout; the creator's dashboard shows
// the use without the buyer's name. Axe and a 360 px layout on the new pages.

const tag = () => `CC${randomBytes(3).toString("hex").toUpperCase()}`;
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test.describe("creator codes", () => {
  test("a staff member creates a creator code and pauses it from a phone @mobile", async ({ page }) => {
    test.setTimeout(120_000);
    const creator = await createE2EUser();
    const admin = await createE2EUser({ privilege: "ADMINISTRATOR" });
    await startSignedIn(page, admin);
    await page.goto("/staff/store");
    await page.getByRole("tab", { name: "Creator codes" }).click();
    const panel = page.getByRole("tabpanel", { name: "Creator codes" });
    const code = tag();
    await panel.getByLabel("Code", { exact: true }).fill(code.toLowerCase());
    await panel.getByLabel("Creator's username").fill(creator.username);
    await panel.getByLabel("Buyer's bonus (%)").fill("10");
    await panel.getByLabel("Creator's share (%)").fill("5");
    await panel.getByRole("button", { name: "Create creator code" }).click();
    await expect(panel).toContainText(`Creator code ${code} created for ${creator.username}.`);
    const row = panel.getByRole("row").filter({ hasText: code });
    await expect(row).toContainText("10% / 5%");
    await expect(row).toContainText("Active");
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await row.getByRole("button", { name: `Pause ${code}` }).click();
    await expect(row).toContainText("Paused");
    const [stored] = await sql<{ active: boolean; userId: number }>(`SELECT active, "userId" FROM creator_codes WHERE code = $1`, [code]);
    expect(stored).toEqual({ active: false, userId: creator.id });
  });

  test("a player enters a coupon and a creator code on /credits, sees the lines and pays; the creator's dashboard shows the use @mobile", async ({ page }) => {
    test.setTimeout(180_000);
    const t = tag();
    const creator = await createE2EUser();
    const buyer = await createE2EUser();
    const code = `${t}STREAM`;
    const coupon = `${t}TEN`;
    await sql(`INSERT INTO creator_codes (code, "userId", "bonusPercent", "sharePercent", "updatedAt") VALUES ($1, $2, 10, 20, now())`, [code, creator.id]);
    await sql(
      `INSERT INTO coupons (code, kind, value, scope, "storeItems", "creditPackages", "updatedAt") VALUES ($1, 'PERCENT', 10, 'BASKET', false, true, now())`,
      [coupon],
    );

    await startSignedIn(page, buyer);
    const res = await page.request.get("/api/v1/store/credits/products");
    const { packages } = (await res.json()) as { packages: { id: number; credits: number; bonusCredits: number; price: number; gift_card?: boolean }[] };
    const index = packages.findIndex((p) => !p.gift_card);
    const pkg = packages[index]!;
    const priceCents = Math.round(pkg.price * 100);
    const totalCents = Math.round((priceCents * 90) / 100);
    const bonus = Math.floor(pkg.credits / 10);

    await page.goto("/credits");
    const main = page.getByRole("main");
    await main.getByTestId("credit-package").nth(index).click();
    // A creator code that does not exist is refused under its field.
    await main.getByLabel("Creator code (optional)").fill("NOPE-NOT-A-CODE");
    await main.getByRole("button", { name: "Show price" }).click();
    await expect(main.getByLabel("Creator code (optional)")).toHaveAttribute("aria-invalid", "true");
    await expect(main).toContainText("No creator code with this code.");

    await main.getByLabel("Coupon (optional)").fill(coupon.toLowerCase());
    await main.getByLabel("Creator code (optional)").fill(code.toLowerCase());
    await main.getByRole("button", { name: "Show price" }).click();
    const lines = main.getByTestId("price-lines");
    const dollars = (c: number) => `$${(c / 100).toFixed(2)}`;
    await expect(lines.locator("[data-step=base]")).toHaveText(new RegExp(`Price\\s*\\${dollars(priceCents)}`));
    await expect(lines.locator("[data-step=coupon]")).toHaveText(new RegExp(`Coupon ${coupon} \\(10% off\\)\\s*−\\${dollars(priceCents - totalCents)}`));
    await expect(lines.locator("[data-step=creator_bonus]")).toHaveText(
      new RegExp(`Creator code ${code}: \\+${bonus.toLocaleString("en-US")} bonus credits\\s*\\+${bonus.toLocaleString("en-US")} credits`),
    );
    await expect(lines.locator("[data-step=total]")).toHaveText(new RegExp(`Total\\s*\\${dollars(totalCents)}`));
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);

    await main.getByRole("radio", { name: "Card (Stripe)" }).check();
    await main.getByRole("button", { name: "Checkout" }).click();
    const modal = page.getByRole("dialog", { name: "Pay with Card (Stripe)" });
    await expect(modal.getByTestId("price-lines").locator("[data-step=creator_bonus]")).toBeVisible();
    await expect(modal.getByTestId("order-summary")).toContainText(`Total${dollars(totalCents)} USD`);
    await modal.getByRole("button", { name: "Continue to payment" }).click();
    await modal.getByTestId("test-checkout").getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/store/success");
    await expect.poll(() => e2eCredits.balanceOf(buyer.id)).toBe(pkg.credits + pkg.bonusCredits + bonus);

    // The creator: the account page links the dashboard, which shows the use and no buyer name.
    await page.context().clearCookies();
    await startSignedIn(page, creator);
    await page.goto("/account");
    await page.getByRole("link", { name: "Creator dashboard" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/account/creator");
    const card = page.getByTestId("creator-code-card");
    await expect(card).toContainText(code);
    await expect(card.getByTestId("creator-uses")).toHaveText("1");
    await expect(card.getByTestId("creator-revenue")).toHaveText(dollars(totalCents));
    await expect(card.getByTestId("creator-pending")).toHaveText(dollars(Math.floor((totalCents * 20) / 100)));
    await expect(page.getByRole("main")).toContainText("In hold");
    await expect(page.getByRole("main")).not.toContainText(buyer.username);
    expect(await axeViolations(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
  });
});
