import { expect } from "@playwright/test";
import { CONFIRMATION_NOTICE, CONFIRMATION_RESENT, PASSWORD_CHANGED, RESET_DONE, RESET_REQUESTED, TWO_FACTOR_REQUIRED } from "../../lib/schemas/accounts";
import { EMAIL_REFUSED_FIELD, USERNAME_TAKEN_FIELD } from "../../lib/messages/accounts";
import { siteConfig } from "../../lib/site-config";
import { createE2ESession, createE2EUser, E2E_PASSWORD, e2eQuery, emailFor, uniqueUsername } from "../factories/e2e-users";
import { expectSignedInAs, expectSignedOut, fillRegistration, signIn, submitLogin, test, urlOn } from "./support/accounts";
import { axeViolations as violations } from "./support/axe";
import { linkFromLatestEmail } from "./support/outbox";
import { nextTotp, totp } from "./support/totp";

// Account journeys (docs/product.md §2, §4, §5, §8): each test makes its own user and is its own client
// (see `test` in ./support/accounts), so every journey signs in through the form.

const atPath = (path: string) => (url: URL) => url.pathname === path;

test.describe("accounts", () => {
  test("register through the form, land on /welcome, log in, see the account, sign out", async ({ page }) => {
    test.setTimeout(270_000);
    const username = uniqueUsername("r");
    const user = { username, email: emailFor(username), password: E2E_PASSWORD };

    await page.goto("/register");
    await expect(page).toHaveTitle(`Register | ${siteConfig.name}`);
    const main = page.getByRole("main");
    for (const [name, href] of [
      ["Terms of Service", "/terms"],
      ["Privacy Policy", "/privacy"],
      ["Rules", "/rules"],
    ] as const) {
      await expect(main.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await expect(main.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");

    // The checklist shows while the password is non-empty and invalid, each rule marked.
    const password = main.getByLabel("Password", { exact: true });
    await expect(main.getByText("Your password must:")).toHaveCount(0);
    await password.fill("abc");
    const rules = main.getByText("Your password must:").locator("..").getByRole("listitem");
    await expect(rules).toHaveText([
      /Be at least 6 characters long/,
      /Contain at least one letter/,
      /Contain at least one number/,
      /Contain at least one special character/,
    ]);
    await expect(rules.nth(0)).toHaveAttribute("data-met", "false");
    await expect(rules.nth(1)).toHaveAttribute("data-met", "true");
    await expect(rules.nth(2)).toHaveAttribute("data-met", "false");
    await expect(rules.nth(3)).toHaveAttribute("data-met", "false");
    await password.fill("abc1!x");
    await expect(main.getByText("Your password must:")).toHaveCount(0);

    // Submitting without the terms box names the problem and sends nothing.
    await main.getByLabel("Username").fill(user.username);
    await main.getByLabel("Email").fill(user.email);
    await main.getByLabel("Confirm Password").fill("abc1!x");
    await main.getByRole("button", { name: "Create Account" }).click();
    await expect(main.getByText("You must agree to the Terms of Service, Privacy Policy and Rules.")).toBeVisible();
    await expect(main.getByRole("checkbox", { name: /I agree to the/ })).toHaveAttribute("aria-invalid", "true");

    await fillRegistration(page, user);
    await expect(page).toHaveURL(atPath("/welcome"), { timeout: 45_000 });
    await expect(page).toHaveTitle(`Welcome | ${siteConfig.name}`);
    await expect(page.getByRole("heading", { level: 1, name: "Account Successfully Created!" })).toBeVisible();
    await expect(main.getByRole("link", { name: "Play Now" })).toHaveAttribute("href", "/play");

    await main.getByRole("link", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(atPath("/login"));
    await expect(page).toHaveTitle(`Login | ${siteConfig.name}`);
    await submitLogin(page, user.username, user.password);
    await expect(page).toHaveURL(atPath("/"));
    await expectSignedInAs(page, user.username);
    // Logged-in navbar: rank-styled name, email, Account Settings, Log out.
    const banner = page.getByRole("banner");
    await expect(banner.locator("[data-rank]")).toHaveAttribute("data-rank", "player");
    await banner.getByRole("button", { name: user.username }).click();
    await expect(banner.getByText(user.email)).toBeVisible();
    await expect(banner.getByRole("link", { name: "Account Settings" })).toHaveAttribute("href", "/account");
    await expect(banner.getByRole("button", { name: "Log out" })).toBeVisible();
    await page.keyboard.press("Escape");

    await page.goto("/account");
    await expect(page).toHaveTitle(`Account | ${siteConfig.name}`);
    const profile = page.getByRole("region", { name: "User Profile" });
    await expect(profile.getByTestId("profile-name")).toHaveText(user.username);
    await expect(profile.getByTestId("profile-name")).toHaveAttribute("data-rank", "player");
    await expect(profile.getByRole("definition").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)$/);
    await expect(profile).toContainText("Total spent$0.00");
    await expect(profile.getByTestId("donator-progress")).toHaveText("Donator rank: none yet · $25.00 more to Premium");
    await expect(profile.getByRole("progressbar", { name: "Progress to Premium" })).toHaveAttribute("aria-valuenow", "0");
    await expect(profile).toContainText("Store credits0");
    await expect(profile.getByRole("link", { name: "View Purchase History" })).toHaveAttribute("href", "/account/purchases?type=credits");
    await expect(page.getByRole("region", { name: "Authenticator" }).getByTestId("twofactor-status")).toHaveText("Not active");
    await expect(page.getByRole("region", { name: "Sessions" }).getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);

    await profile.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(atPath("/"));
    await expectSignedOut(page);
    await page.goto("/account");
    await expect(page).toHaveURL(atPath("/login"));
  });

  test("the account page shows a donor's rank and what the next one needs, linked to the ranks page", async ({ page }) => {
    const user = await createE2EUser();
    // $60 paid: Expansion since $50, $140 from Extreme ($200): 10 of the 150 dollars between them.
    await e2eQuery(`UPDATE users SET "totalSpentCents" = 6000, "memberRank" = 'EXPANSION' WHERE id = $1`, [user.id]);
    await signIn(page, user);
    await page.goto("/account");
    const progress = page.getByRole("region", { name: "User Profile" }).getByTestId("donator-progress");
    await expect(progress).toHaveText("Donator rank: Expansion · $140.00 more to Extreme");
    await expect(progress.getByRole("progressbar", { name: "Progress to Extreme" })).toHaveAttribute("aria-valuenow", "7");
    await progress.getByRole("link", { name: "Expansion" }).click();
    await expect(page).toHaveURL(/\/ranks#donator-ranks$/);
    expect(await violations(page)).toEqual([]);
  });

  test("registration names a taken username under the username only, and refuses an email in use without saying it has an account", async ({ page }) => {
    test.setTimeout(270_000);
    const existing = await createE2EUser();
    const main = page.getByRole("main");
    const username = main.getByLabel("Username");
    const email = main.getByLabel("Email");

    await page.goto("/register");
    const fresh = uniqueUsername("t");
    await fillRegistration(page, { username: existing.username, email: emailFor(fresh), password: E2E_PASSWORD });
    await expect(main.locator("#register-username-errors")).toContainText(USERNAME_TAKEN_FIELD, { timeout: 45_000 });
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(username).toBeFocused();
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    await expect(main.getByText(/already in use/)).toHaveCount(0);

    // A free name with the address of an account: only the email field, in words that do not confirm the address.
    await username.fill(fresh);
    await email.fill(existing.email);
    await main.getByRole("button", { name: "Create Account" }).click();
    await expect(main.locator("#register-email-errors")).toContainText(EMAIL_REFUSED_FIELD, { timeout: 45_000 });
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(username).not.toHaveAttribute("aria-invalid", "true");
    await expect(main).not.toContainText(/taken|in use/);
    await expect(page).toHaveURL(atPath("/register"));
    expect(await violations(page)).toEqual([]);
  });

  test("with email confirmation on: notice, emailed link, /welcome, then login", async ({ page }) => {
    test.setTimeout(270_000);
    const base = process.env.E2E_CONFIRM_URL;
    expect(base, "E2E_CONFIRM_URL (set by playwright.config.ts)").toBeTruthy();
    const username = uniqueUsername("c");
    const user = { username, email: emailFor(username), password: E2E_PASSWORD };

    await page.goto(urlOn("/register", base));
    await fillRegistration(page, user);
    await expect(page.getByRole("main").getByText(CONFIRMATION_NOTICE)).toBeVisible({ timeout: 45_000 });
    await expect(page).toHaveURL(atPath("/register"));

    // Not confirmed yet: login is refused with an explanation.
    await page.goto(urlOn("/login", base));
    await submitLogin(page, user.username, user.password);
    await expect(
      page
        .getByRole("main")
        .getByRole("status")
        .filter({ hasText: /confirm your email/i }),
    ).toBeVisible();

    // Lost the email? A new link can be sent from the login page; only the newest one works.
    const resend = page.getByRole("form", { name: "Resend confirmation email" });
    await resend.getByLabel("Email").fill(user.email);
    await resend.getByRole("button", { name: "Resend confirmation email" }).click();
    await expect(resend.getByRole("status")).toContainText(CONFIRMATION_RESENT);
    await expect
      .poll(async () => {
        await page.goto(urlOn("/dev/outbox", base));
        return page.locator("article", { hasText: user.email }).count();
      })
      .toBe(2);

    const link = await linkFromLatestEmail(page, user.email, /\/api\/v1\/users\/confirm\?/, base);
    expect(new URL(link).origin).toBe(new URL(base!).origin);
    await page.goto(link);
    await expect(page).toHaveURL(atPath("/welcome"));
    await expect(page.getByRole("heading", { level: 1, name: "Account Successfully Created!" })).toBeVisible();

    // The link works once.
    await page.goto(link);
    await expect(page).toHaveURL(atPath("/registration-failed"));
    await expect(page).toHaveTitle(`Registration Failed | ${siteConfig.name}`);
    await expect(page.getByRole("main")).toContainText(/expired/);
    await expect(page.getByRole("main").getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/register");

    await page.goto(urlOn("/login", base));
    await submitLogin(page, user.username, user.password);
    await expect(page).toHaveURL(atPath("/"));
    await expectSignedInAs(page, user.username);
  });

  test("activate two-factor from the shown secret, then log in with a code and with a recovery code", async ({ page }) => {
    test.setTimeout(360_000);
    const user = await createE2EUser();
    await signIn(page, user);
    await page.goto("/account");
    const card = page.getByRole("region", { name: "Authenticator" });
    await expect(card.getByTestId("twofactor-status")).toHaveText("Not active");

    await card.getByRole("button", { name: "Activate" }).click();
    const setup = page.getByRole("dialog", { name: "Activate two-factor authentication" });
    await expect(setup.getByRole("img", { name: /QR code/ })).toBeVisible();
    const activate = setup.getByRole("button", { name: "Activate" });
    const hint = setup.getByText("Please enter your current 6-digit code here before activating!");
    await expect(activate).toBeDisabled();
    await expect(hint).toBeVisible();

    const secret = (await setup.getByTestId("twofactor-secret").textContent()) ?? "";
    const used = await totp(secret);
    const codeInput = setup.getByLabel("6-digit code");
    await codeInput.fill(used.slice(0, 5));
    await expect(activate).toBeDisabled();
    await codeInput.fill(used);
    await expect(hint).toHaveCount(0);
    await activate.click();

    const saved = page.getByRole("dialog", { name: "Save your recovery codes" });
    const codes = saved.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = await codes.allTextContents();
    await saved.getByRole("button", { name: "I have saved these codes" }).click();
    await expect(saved).toBeHidden();
    await expect(card.getByTestId("twofactor-status")).toHaveText("Active");

    // A wrong code to deactivate: the server's error shows in the modal; Escape closes it.
    await card.getByRole("button", { name: "Deactivate" }).click();
    const off = page.getByRole("dialog", { name: "Deactivate two-factor authentication" });
    await expect(off.getByLabel("Authentication code")).toBeFocused();
    await off.getByLabel("Authentication code").fill("12345");
    await off.getByRole("button", { name: "Deactivate" }).click();
    await expect(off.getByRole("status").filter({ hasText: /invalid/i })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(off).toBeHidden();
    await expect(card.getByRole("button", { name: "Deactivate" })).toBeFocused();
    await expect(card.getByTestId("twofactor-status")).toHaveText("Active");

    await page.getByRole("region", { name: "User Profile" }).getByRole("button", { name: "Sign out" }).click();
    await expectSignedOut(page);

    // Password first, then the code step; the code must come from a later 30-second step.
    await page.goto("/login");
    await submitLogin(page, user.username, user.password);
    const main = page.getByRole("main");
    await expect(main.getByText(TWO_FACTOR_REQUIRED)).toBeVisible();
    await main.getByLabel("Authentication code").fill(await nextTotp(secret, used));
    await main.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(atPath("/"));
    await expectSignedInAs(page, user.username);

    // Log out from the navbar, then use a recovery code instead.
    await page.getByRole("banner").getByRole("button", { name: user.username }).click();
    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await expectSignedOut(page);
    await page.goto("/login");
    await submitLogin(page, user.username, user.password);
    await main.getByRole("button", { name: "Use a recovery code" }).click();
    await main.getByLabel("Recovery code").fill(recovery[0]!);
    await main.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(atPath("/"));
    await expectSignedInAs(page, user.username);
  });

  test("reset a forgotten password through the emailed link, then log in with the new one", async ({ page }) => {
    test.setTimeout(180_000);
    const user = await createE2EUser();
    const newPassword = "N3w-passw0rd!";

    await page.goto("/login");
    await page.getByRole("main").getByRole("link", { name: "Reset your password" }).click();
    await expect(page).toHaveURL(atPath("/account/request-password-reset"));
    await expect(page).toHaveTitle(`Request Password Reset | ${siteConfig.name}`);
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Join Discord" })).toHaveAttribute("href", siteConfig.chatInviteUrl);
    await main.getByLabel("Username").fill(user.username);
    await main.getByLabel("Email").fill(user.email);
    await main.getByRole("button", { name: "Request Password Reset" }).click();
    await expect(main.getByText(RESET_REQUESTED)).toBeVisible();

    const link = await linkFromLatestEmail(page, user.email, /\/account\/reset-password\?.*uid=.*token=|\/account\/reset-password\?.*token=.*uid=/);
    await page.goto(link);
    await expect(page).toHaveTitle(`Reset Password | ${siteConfig.name}`);
    await main.getByLabel("New Password", { exact: true }).fill(newPassword);
    await main.getByLabel("Confirm New Password").fill(`${newPassword}x`);
    await main.getByRole("button", { name: "Reset Password" }).click();
    await expect(main.locator("#reset-password-confirmation-errors")).toContainText("Passwords do not match.");
    await expect(main.getByLabel("Confirm New Password")).toHaveAttribute("aria-invalid", "true");

    await main.getByLabel("Confirm New Password").fill(newPassword);
    await main.getByRole("button", { name: "Reset Password" }).click();
    await expect(main.getByText(RESET_DONE)).toBeVisible();
    await main.getByRole("link", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(atPath("/login"));

    await submitLogin(page, user.username, user.password);
    await expect(main.getByRole("status").filter({ hasText: /invalid/i })).toBeVisible();
    await main.getByLabel("Password").fill(newPassword);
    await main.getByRole("button", { name: "Login", exact: true }).click();
    await expect(page).toHaveURL(atPath("/"));
    await expectSignedInAs(page, user.username);

    // The emailed link works once.
    await page.goto(link);
    await main.getByLabel("New Password", { exact: true }).fill("Th1rd-pass!");
    await main.getByLabel("Confirm New Password").fill("Th1rd-pass!");
    await main.getByRole("button", { name: "Reset Password" }).click();
    const failure = main.getByRole("status").filter({ hasText: /invalid or has expired/ });
    await expect(failure).toBeVisible();
    await expect(failure.getByRole("link", { name: "Request a new link" })).toHaveAttribute("href", "/account/request-password-reset");
  });

  test("guard: a guest is sent to /login and back to /account; a signed-in user skips /login and /register", async ({ page }) => {
    const user = await createE2EUser();
    await page.goto("/account");
    await expect(page).toHaveURL((url) => url.pathname === "/login" && url.search === "?next=%2Faccount");
    await submitLogin(page, user.username, user.password);
    await expect(page).toHaveURL(atPath("/account"));
    await expect(page.getByRole("region", { name: "User Profile" }).getByTestId("profile-name")).toHaveText(user.username);

    await page.goto("/login");
    await expect(page).toHaveURL(atPath("/"));
    await page.goto("/register");
    await expect(page).toHaveURL(atPath("/"));
  });

  test("a form is locked until its script runs: before hydration nothing can be typed or sent as a bare HTML form", async ({
    page,
    browser,
    baseURL,
    extraHTTPHeaders,
  }) => {
    // Without JavaScript the page never hydrates: this is what a player sees while the script
    // is still on its way. A click on Login would otherwise reload /login?… and drop the text.
    const noScript = await browser.newContext({ baseURL, extraHTTPHeaders, javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto("/login");
    const bareMain = bare.getByRole("main");
    await expect(bareMain.getByLabel("Username")).toBeDisabled();
    await expect(bareMain.getByLabel("Password")).toBeDisabled();
    await expect(bareMain.getByRole("button", { name: "Login", exact: true })).toBeDisabled();
    await noScript.close();

    // With the script: the same form is usable.
    await page.goto("/login");
    const main = page.getByRole("main");
    await expect(main.getByLabel("Username")).toBeEnabled();
    await expect(main.getByRole("button", { name: "Login", exact: true })).toBeEnabled();
  });

  test("change the password on the account page, and end another session", async ({ page }) => {
    test.setTimeout(135_000);
    const user = await createE2EUser();
    await createE2ESession(user.id, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/128.0");
    await createE2ESession(user.id, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120.0 Safari/537.36 Edg/120.0");
    await signIn(page, user);
    await page.goto("/account");

    const sessions = page.getByRole("region", { name: "Sessions" });
    const other = sessions.getByRole("listitem").filter({ hasText: "Firefox on Windows" });
    await expect(other).toHaveCount(1);
    await other.getByRole("button", { name: /^End/ }).click();
    await expect(other).toHaveCount(0);
    await expect(sessions.getByRole("status")).toContainText("Ended the session on Firefox on Windows.");
    await expect(sessions.getByRole("listitem").filter({ hasText: "Edge on Windows" })).toHaveCount(1);

    const form = page.getByRole("region", { name: "Change Password" });
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(form.getByLabel("Current Password")).toHaveAttribute("aria-invalid", "true");

    await form.getByLabel("Current Password").fill("not-my-password1!");
    await form.getByLabel("New Password", { exact: true }).fill("An0ther-pass!");
    await form.getByLabel("Confirm New Password").fill("An0ther-pass!");
    await form.getByRole("button", { name: "Change Password" }).click();
    const banner = form.getByRole("status");
    await expect(banner).toContainText(/password/i);
    await expect(banner.locator("[data-tone=error]")).toBeVisible();

    await form.getByLabel("Current Password").fill(user.password);
    await form.getByRole("button", { name: "Change Password" }).click();
    await expect(banner).toContainText(PASSWORD_CHANGED);
    await expect(form.getByLabel("New Password", { exact: true })).toHaveValue("");
    await expect(form.getByLabel("Current Password")).toHaveValue("");
    // Changing the password signs out the other sessions; the list reloads.
    await expect(sessions.getByRole("listitem").filter({ hasText: "Edge on Windows" })).toHaveCount(0);
    await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
    await expect(sessions.getByRole("button", { name: "End all other sessions" })).toBeDisabled();
    // The message clears after five seconds (docs/product.md §4).
    await expect(banner).toBeEmpty({ timeout: 8_000 });
  });

  test("account pages fit a phone screen; end all other sessions @mobile", async ({ page }) => {
    const user = await createE2EUser();
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ["/register", "/login", "/account/request-password-reset", "/account/reset-password?uid=1&token=x"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await createE2ESession(user.id, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1");
    await createE2ESession(user.id, "Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile");
    await signIn(page, user);
    await page.goto("/account");
    await expect(page.getByRole("region", { name: "User Profile" })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, "/account").toBeLessThanOrEqual(0);

    const sessions = page.getByRole("region", { name: "Sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(3);
    await sessions.getByRole("button", { name: "End all other sessions" }).click();
    await expect(sessions.getByRole("status")).toContainText("Ended 2 other sessions.");
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expect(sessions.getByRole("listitem")).toContainText("This device");
  });
});
