import { randomBytes } from "node:crypto";
import { axeViolations as violations } from "./support/axe";
import { type Page, expect } from "@playwright/test";
import { siteConfig } from "../../lib/site-config";
import { e2eCredits } from "../factories/credits";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn, submitLogin, test } from "./support/accounts";

// Store and credit journeys (docs/product.md §2 Store, Order complete, Credit store, Purchase
// history; §4; §5; §8). Each test makes its own player and, where it needs them, its own
// category of products, so parallel runs never share state.

const STORE_EMPTY = "No products found for selected category; try checking another one!";
const PURCHASE_SUCCESS = "Product successfully purchased - you may now talk to the donation manager at home to claim your purchase(s).";
const STORE_COMMAND_NOTE = "Credit packages can only be bought via the in-game store (::store).";

const atPath = (path: string) => (url: URL) => url.pathname === path;
const tag = () => `E2E${randomBytes(3).toString("hex")}`;

/** The number shown on the store's balance line. */
async function shownBalance(page: Page): Promise<number> {
  return Number((await page.getByTestId("store-balance-amount").innerText()).replace(/,/g, ""));
}

test.describe("store", () => {
  test("guests are sent to /login and back to the page they asked for", async ({ page }) => {
    for (const path of ["/store", "/credits", "/account/purchases?type=credits", "/store/success"]) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === path);
    }
    const user = await createE2EUser();
    await page.goto("/store");
    await submitLogin(page, user.username, user.password);
    await expect(page).toHaveURL(atPath("/store"), { timeout: 20_000 });
    await expect(page).toHaveTitle(`Store | ${siteConfig.name}`);
  });

  test("browse, filter by category, page, search, then buy an item with credits", async ({ page }) => {
    test.setTimeout(270_000);
    const t = tag();
    // 14 products: 12 on page 1 (the contract's page size), 2 on page 2; one on sale, one not for Ironmen.
    const specs = Array.from({ length: 14 }, (_, i) => ({ name: `${t} Relic ${String(i + 1).padStart(2, "0")}`, price: 100 + i }));
    specs[0] = {
      name: `${t} Ember Crown`,
      price: 200,
      sale: "MEDIUM" as const,
      ironman: false,
      description: "A crown that still smoulders.",
    } as (typeof specs)[number];
    const { categoryId } = await e2eCredits.createCategoryWithProducts(`${t} Relics`, specs);
    const user = await createE2EUser();
    await e2eCredits.grantCredits(user.id, 1000);
    await startSignedIn(page, user);

    // A plain /store loads the route's default category (3) with the balance line.
    await page.goto("/store");
    await expect(page).toHaveTitle(`Store | ${siteConfig.name}`);
    const main = page.getByRole("main");
    await expect(main.getByTestId("store-balance-amount")).toHaveText("1,000");
    await expect(main.getByRole("link", { name: "Buy more Credits" })).toHaveAttribute("href", "/credits");
    await expect(main.getByRole("radio", { checked: true })).toHaveAttribute("value", "3");

    // Donator modals: every rank and the custom donations.
    await main.getByRole("button", { name: "Donator Benefits" }).click();
    const benefits = page.getByRole("dialog", { name: "Donator Benefits" });
    const ranks: [string, string][] = [
      ["Premium", "25"],
      ["Expansion", "50"],
      ["Extreme", "200"],
      ["Respected", "400"],
      ["Legendary", "1,000"],
      ["Mythical", "2,500"],
      ["Uber", "5,000"],
    ];
    for (const [rank, dollars] of ranks) {
      await expect(benefits.getByRole("heading", { name: new RegExp(`^${rank}\\s*\\$${dollars} donated$`) })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(benefits).toBeHidden();
    await main.getByRole("button", { name: "Custom Donations" }).click();
    const custom = page.getByRole("dialog", { name: "Custom Donations" });
    for (const price of ["$200", "$250", "$400", "$450"]) await expect(custom.getByRole("cell", { name: price })).toBeVisible();
    await expect(custom).toContainText("Easter Basket");
    await expect(custom).toContainText("blue, green, yellow, white");
    await custom.getByRole("button", { name: "Close" }).click();

    // Choosing a category puts it in the query on page 1.
    const ours = main.getByRole("radio", { name: `${t} Relics` });
    await ours.check();
    await expect(page).toHaveURL((url) => url.searchParams.get("category") === String(categoryId) && !url.searchParams.has("page"));
    const cards = main.getByTestId("product-card");
    await expect(cards).toHaveCount(12);
    await expect(main.getByTestId("store-page")).toHaveText("1");
    await expect(main.getByRole("button", { name: "Previous Page" })).toBeDisabled();
    const crown = cards.filter({ hasText: `${t} Ember Crown` });
    await expect(crown.getByTestId("sale-badge")).toHaveText("25% OFF");
    await expect(crown).toContainText("150 credits");

    await main.getByRole("button", { name: "Next Page" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("page") === "2");
    await expect(cards).toHaveCount(2);
    await expect(main.getByTestId("store-page")).toHaveText("2");
    await expect(main.getByRole("button", { name: "Next Page" })).toBeDisabled();

    // Another category, then ours again: back on page 1.
    await main.locator(`input[type="radio"]:not([value="${categoryId}"])`).first().check();
    await expect(page).toHaveURL((url) => url.searchParams.get("category") !== String(categoryId) && !url.searchParams.has("page"));
    await ours.check();
    await expect(main.getByTestId("store-page")).toHaveText("1");
    await expect(cards).toHaveCount(12);

    // The search box really searches product names (case-insensitive), and says when nothing matches.
    const search = main.getByRole("searchbox", { name: "Search" });
    await search.fill("relic 14");
    await expect(page).toHaveURL((url) => url.searchParams.get("search") === "relic 14");
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(`${t} Relic 14`);
    await search.fill(`${t} nothing like this`);
    await expect(main.getByText(STORE_EMPTY)).toBeVisible();
    await search.fill("ember crown");
    await expect(cards).toHaveCount(1);

    // Details → Are you sure? → Yes (double-clicked: buys once) → the success text of docs/product.md §8, with
    // the balance already lowered behind it → Continue → Order Complete.
    await cards.first().click();
    const details = page.getByRole("dialog", { name: `${t} Ember Crown` });
    await expect(details.getByTestId("product-category")).toHaveText(`${t} Relics`);
    await expect(details).toContainText("A crown that still smoulders.");
    await expect(details.getByTestId("ironman-note")).toHaveText("This item is not available to Ironman accounts.");
    await details.getByRole("button", { name: "Purchase" }).click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(confirm.getByRole("button", { name: "No" })).toBeVisible();
    await confirm.getByRole("button", { name: "Yes" }).dblclick();
    const done = page.getByRole("dialog", { name: "Purchase complete" });
    await expect(done.getByTestId("purchase-success")).toHaveText(PURCHASE_SUCCESS);
    await expect(done.getByRole("status")).toContainText(PURCHASE_SUCCESS);
    await expect(page).toHaveURL(atPath("/store"));
    await expect(page.getByTestId("store-balance-amount")).toHaveText("850");
    expect(await violations(page)).toEqual([]);
    const next = done.getByRole("link", { name: "Continue" });
    await expect(next).toBeFocused();
    await next.click();
    await expect(page).toHaveURL(atPath("/store/success"));
    await expect(page.getByRole("heading", { level: 1, name: "Order Complete" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /support ticket/ })).toHaveAttribute("href", "/tickets/create");
    expect(await e2eCredits.balanceOf(user.id)).toBe(850);

    await page.getByRole("main").getByRole("link", { name: "Return to Store" }).click();
    await expect(page).toHaveURL(atPath("/store"));
    await expect(page.getByTestId("store-balance-amount")).toHaveText("850");
    expect(await shownBalance(page)).toBe(1000 - 150);
  });

  test("a failed purchase shows the server's error and takes nothing", async ({ page }) => {
    const t = tag();
    await e2eCredits.createCategoryWithProducts(`${t} Dear`, [{ name: `${t} Costly Cape`, price: 5000 }]);
    const user = await createE2EUser();
    await e2eCredits.grantCredits(user.id, 40);
    await startSignedIn(page, user);
    await page.goto("/store");
    const main = page.getByRole("main");
    await main.getByRole("radio", { name: `${t} Dear` }).check();
    await main.getByTestId("product-card").first().click();
    const dialog = page.getByRole("dialog", { name: `${t} Costly Cape` });
    await dialog.getByRole("button", { name: "Purchase" }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Yes" }).click();
    // The server's `{error}` (not enough credits), shown as it is, with the credits missing and the way to buy them.
    await expect(dialog.getByRole("status").filter({ hasText: /enough credits/i })).toBeVisible();
    await expect(dialog.getByTestId("credits-short")).toHaveText("You need 4,960 more credits.");
    await expect(dialog.getByRole("link", { name: "Buy credits" })).toHaveAttribute("href", "/credits");
    expect(await violations(page)).toEqual([]);
    await expect(page).toHaveURL(atPath("/store"));
    expect(await e2eCredits.balanceOf(user.id)).toBe(40);
    await expect(main.getByTestId("store-balance-amount")).toHaveText("40");
    await expect(page.getByText(PURCHASE_SUCCESS)).toHaveCount(0);
  });

  test("buy a credit package through the local test checkout; the purchase history shows it", async ({ page }) => {
    test.setTimeout(270_000);
    const user = await createE2EUser();
    await startSignedIn(page, user);

    // A player with no credits is offered 'Buy Credits'.
    await page.goto("/store");
    await expect(page.getByRole("main").getByRole("link", { name: "Buy Credits", exact: true })).toHaveAttribute("href", "/credits");

    await page.goto("/credits");
    await expect(page).toHaveTitle(`Credit Store | ${siteConfig.name}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Payment Methods" })).toBeVisible();
    // docs/product.md §2 Credit store: the three methods as images (each named by its alt text, each loaded)
    // and the ::store note in the words of docs/product.md.
    const accepted = main.getByRole("list", { name: "Accepted payments" });
    await expect(accepted.getByRole("img")).toHaveCount(3);
    for (const name of ["Cryptocurrency", "PayPal", "OSRS gold"]) {
      const img = accepted.getByRole("img", { name, exact: true });
      await expect(img).toBeVisible();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), name).toBe(true);
    }
    await expect(main.getByTestId("store-command-note")).toHaveText(STORE_COMMAND_NOTE);

    // The two checks of docs/product.md §5, in order.
    await main.getByRole("button", { name: "Checkout" }).click();
    await expect(main.getByText("You must select a credit package in order to proceed with checkout.")).toBeVisible();
    const res = await page.request.get("/api/v1/store/credits/products");
    expect(res.ok()).toBe(true);
    const { packages } = (await res.json()) as { packages: { id: number; credits: number; bonusCredits: number; price: number }[] };
    const pkg = packages.find((p) => p.bonusCredits > 0) ?? packages[0]!;
    const index = packages.indexOf(pkg);
    const tiles = main.getByTestId("credit-package");
    await expect(tiles).toHaveCount(packages.length);
    await tiles.nth(index).click();
    await expect(tiles.nth(index).getByRole("radio")).toBeChecked();
    await main.getByRole("button", { name: "Checkout" }).click();
    await expect(main.getByText("You must select a payment method in order to proceed with checkout.")).toBeVisible();

    await main.getByRole("radio", { name: "Card (Stripe)" }).check();
    await main.getByRole("button", { name: "Checkout" }).click();
    const modal = page.getByRole("dialog", { name: "Pay with Card (Stripe)" });
    const total = pkg.credits + pkg.bonusCredits;
    const summary = modal.getByTestId("order-summary");
    await expect(summary).toContainText("Current balance0 credits");
    await expect(summary).toContainText(`New balance${total.toLocaleString("en-US")} credits`);
    await expect(summary).toContainText(`Total$${pkg.price.toFixed(2)} USD`);
    await modal.getByRole("button", { name: "Continue to payment" }).click();
    const testCheckout = modal.getByTestId("test-checkout");
    await expect(testCheckout.getByRole("heading", { name: "Test checkout (local mode — no real payment)" })).toBeVisible();
    await testCheckout.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(atPath("/store/success"));
    await expect(page.getByRole("heading", { level: 1, name: "Order Complete" })).toBeVisible();

    // The signed webhook credited the package and its bonus.
    await expect.poll(() => e2eCredits.balanceOf(user.id)).toBe(total);
    await page.goto("/credits");
    await expect(page.getByTestId("credits-balance")).toHaveText(total.toLocaleString("en-US"));

    await page.goto("/account");
    await page.getByRole("link", { name: "View Purchase History" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/account/purchases" && url.searchParams.get("type") === "credits");
    const history = page.getByRole("main");
    await expect(history.getByRole("link", { name: /Back to account/ })).toHaveAttribute("href", "/account");
    await expect(history.getByTestId("total-spent")).toHaveText(`$${pkg.price.toFixed(2)}`);
    await expect(history.getByTestId("available-credits")).toHaveText(total.toLocaleString("en-US"));
    await expect(history.getByTestId("redeemed-credits")).toHaveText("0");
    const row = history.getByRole("row").filter({ hasText: "Credit Package" });
    await expect(row).toHaveCount(1);
    const bonus = pkg.bonusCredits > 0 ? ` (+${pkg.bonusCredits.toLocaleString("en-US")} Bonus)` : "";
    await expect(row.getByRole("cell").nth(0)).toHaveText(`${pkg.credits.toLocaleString("en-US")} x${bonus} Credit Package`);
    await expect(row.getByRole("cell").nth(1)).toHaveText(`$${pkg.price.toFixed(2)}`);
    await expect(row.getByRole("cell").nth(2)).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expect(row.getByRole("cell").nth(3)).toHaveText("PAID");
    await expect(row).toHaveAttribute("data-state", "claimed");
  });

  test("a player with no purchases sees the empty history", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await page.goto("/account/purchases?type=credits");
    await expect(page.getByRole("main").getByText("No purchase history found")).toBeVisible();
    await expect(page.getByTestId("total-spent")).toHaveText("$0.00");
  });

  test("the store fits a phone screen @mobile", async ({ page }) => {
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await page.goto("/store");
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("the store pages and their modals have no WCAG A/AA violations", async ({ page }) => {
    test.setTimeout(180_000);
    const user = await createE2EUser();
    await startSignedIn(page, user);
    await page.goto("/store");
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.getByRole("button", { name: "Donator Benefits" }).click();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByTestId("product-card").first().click();
    await expect(page.getByRole("dialog").getByRole("button", { name: "Purchase" })).toBeFocused();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.goto("/credits");
    await expect(page.getByTestId("credit-package").first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto("/account/purchases?type=credits");
    await expect(page.getByText("No purchase history found")).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.goto("/store/success");
    expect(await violations(page)).toEqual([]);
  });
});
