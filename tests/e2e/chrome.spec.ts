import { expect, test } from "@playwright/test";
import { siteConfig } from "../../lib/site-config";
import { createE2EUser } from "../factories/e2e-users";
import { startSignedIn } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { sql } from "./support/store-link";

test.describe("home and global chrome", () => {
  test("home shows the heading and a play button to /play @mobile", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(`Home | ${siteConfig.name}`);
    await expect(page.getByRole("heading", { level: 1, name: "What are you waiting for?" })).toBeVisible();
    const play = page.getByRole("main").getByRole("link", { name: "Play Now" });
    await expect(play).toHaveAttribute("href", "/play");
    await play.click();
    await expect(page).toHaveURL(/\/play$/);
    await expect(page).toHaveTitle(`Play | ${siteConfig.name}`);
  });

  test("navbar has the logged-out entries and the account menu", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: `${siteConfig.name} home` })).toHaveAttribute("href", "/");
    await expect(header.getByRole("link", { name: "Login / Register" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Download", exact: true })).toHaveAttribute("href", "/play");
    await expect(header.getByRole("link", { name: siteConfig.chatServerName, exact: true })).toHaveAttribute("href", siteConfig.chatInviteUrl);
    await expect(header.getByRole("link", { name: "PLAY NOW" })).toHaveAttribute("href", "/play");

    const account = header.getByRole("button", { name: "Account" });
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await account.focus();
    await page.keyboard.press("Enter");
    await expect(account).toHaveAttribute("aria-expanded", "true");
    for (const [name, href] of [
      ["Login", "/login"],
      ["Account Settings", "/account"],
      ["Sign Up", "/register"],
      ["Download Client", "/play"],
    ] as const) {
      await expect(header.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await page.keyboard.press("Escape");
    await expect(account).toHaveAttribute("aria-expanded", "false");
    await expect(account).toBeFocused();
  });

  test("footer shows the copyright span and the information pages", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(`© ${siteConfig.copyrightStartYear}–${new Date().getFullYear()}`);
    for (const [name, href] of [
      ["Terms of Service", "/terms"],
      ["Privacy Policy", "/privacy"],
      ["Rules", "/rules"],
      ["FAQ", "/faq"],
      ["Partnerships", "/partnerships"],
    ] as const) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("FAQ and Partnerships are one click from the home page @mobile", async ({ page }) => {
    for (const [name, path, heading] of [
      ["FAQ", "/faq", "Frequently Asked Questions"],
      ["Partnerships", "/partnerships", "Partnerships"],
    ] as const) {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
  });

  test("the footer ends at the visitor's current year on a page prerendered in an earlier one", async ({ page }) => {
    // The browser's clock in January after the year the site was built in ("built last year").
    const year = new Date().getFullYear() + 1;
    await page.clock.setFixedTime(new Date(`${year}-01-10T12:00:00`));
    const res = await page.goto("/");
    // Served from the build (the static policy), and its HTML still names the build's year.
    expect(res!.headers()["content-security-policy"]).not.toContain("nonce-");
    expect(await res!.text()).not.toContain(`–${year}`);
    await expect(page.getByRole("contentinfo")).toContainText(`© ${siteConfig.copyrightStartYear}–${year} ${siteConfig.name}.`);
  });

  test("an unknown path answers 404 with the 404 page and no navbar or footer", async ({ page }) => {
    const res = await page.goto("/no/such/place");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("link", { name: "Return Home" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await page.getByRole("link", { name: "Return Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "What are you waiting for?" })).toBeVisible();
  });

  test("the skip link and visible focus work from the keyboard", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    const outline = await skip.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe("none");
  });

  test("scroll resets to the top on navigation", async ({ page }) => {
    await page.goto("/rules");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("desktop widths have no horizontal scroll either", async ({ page }) => {
    for (const width of [1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/", "/register", "/rules"]) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
    }
  });

  test("the phone layout has no horizontal scroll and a working menu @mobile", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/", "/rules", "/play", "/faq"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const nav = page.locator("#mobile-nav");
    await expect(nav).toBeVisible();
    await nav.getByRole("link", { name: "Hiscores" }).click();
    await expect(page).toHaveURL(/\/hiscores/);
  });

  test("prerendered pages carry the static policy, per-request pages a fresh nonce; both run their scripts", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && /Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    const res = await page.goto("/");
    const h = res!.headers();
    expect(h["content-security-policy"]).toMatch(/script-src 'self' 'unsafe-inline'/);
    expect(h["content-security-policy"]).not.toContain("nonce-");
    expect(h["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // Hydration works under the policy: the client-side menu opens.
    await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign Up" })).toBeVisible();

    const first = (await page.goto("/register"))!.headers()["content-security-policy"];
    const second = (await page.request.get("/register")).headers()["content-security-policy"];
    expect(first).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
    expect(second).not.toBe(first);
    await page.getByRole("banner").getByRole("button", { name: "Account" }).click();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign Up" })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("API answers carry the security headers and a policy that loads nothing", async ({ request }) => {
    for (const path of ["/api/health", "/api/v1/user"]) {
      const h = (await request.get(path)).headers();
      expect(h["content-security-policy"], path).toContain("default-src 'none'");
      expect(h["x-content-type-options"], path).toBe("nosniff");
      expect(h["x-frame-options"], path).toBe("DENY");
    }
  });

  test("the 404 page runs its scripts: no CSP error, and Return Home navigates client-side @mobile", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" && !/status of 404/.test(m.text())) errors.push(m.text());
    });
    await page.goto("/no/such/place");
    const home = page.getByRole("link", { name: "Return Home" });
    await expect.poll(() => home.evaluate((a) => Object.keys(a).some((k) => k.startsWith("__reactFiber")))).toBe(true);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await home.click();
    await expect(page.getByRole("heading", { name: "What are you waiting for?" })).toBeVisible();
    // A client-side navigation keeps the document (and this marker); a blocked script would reload.
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(errors).toEqual([]);
  });

  test("the phone menu carries PLAY NOW, Download and the chat link the narrow header hides @mobile", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "PLAY NOW" })).toBeHidden();
    await expect(header.getByRole("link", { name: "Download", exact: true })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const nav = page.locator("#mobile-nav");
    await expect(nav.getByRole("link", { name: "Download", exact: true })).toHaveAttribute("href", "/play");
    await expect(nav.getByRole("link", { name: siteConfig.chatServerName, exact: true })).toHaveAttribute("href", siteConfig.chatInviteUrl);
    const play = nav.getByRole("link", { name: "PLAY NOW" });
    await expect(play).toBeVisible();
    await play.click();
    await expect(page).toHaveURL(/\/play$/);
    await expect(nav).toBeHidden();
  });

  test("the health endpoint answers for the running site", async ({ request }) => {
    const r = await request.get("/api/health");
    expect(r.status()).toBe(200);
    expect(await r.json()).toMatchObject({ status: "ok", database: "up" });
  });
});

test("home greets a guest with Create an Account and a signed-in member with their votes and account @mobile", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Create an Account" })).toHaveAttribute("href", "/register");
  await expect(main.getByRole("link", { name: "Vote for Rewards" })).toBeHidden();
  await expect(main.getByRole("link", { name: "Play Now" })).toHaveCount(1);

  const player = await createE2EUser();
  await startSignedIn(page, player);
  await page.goto("/");
  await expect(main.getByRole("link", { name: "Vote for Rewards" })).toHaveAttribute("href", "/vote");
  await expect(main.getByRole("link", { name: "My Account" })).toHaveAttribute("href", "/account");
  await expect(main.getByRole("link", { name: "Create an Account" })).toBeHidden();
  await expect(main.getByText("Welcome back.")).toBeVisible();
  await expect(main.getByRole("link", { name: "Play Now" })).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);

  // A session that has ended elsewhere: the page finds out and greets a guest again.
  await sql(`DELETE FROM sessions WHERE "userId" = $1`, [player.id]);
  await page.goto("/");
  await expect(main.getByRole("link", { name: "Create an Account" })).toBeVisible();
});
