import { createHash } from "node:crypto";
import { type Page, test as base, expect } from "@playwright/test";
import { SESSION_HINT_COOKIE } from "../../../lib/session-hint";
import { createE2ESession, e2eQuery, type E2EUser } from "../../factories/e2e-users";

/**
 * Each test is its own client. Chromium always connects from 127.0.0.1, so the e2e servers run
 * behind a stand-in for a reverse proxy: TRUST_PROXY=true, and every request of a test carries
 * `X-Forwarded-For` with an address of its own (in 127.0.0.0/8: the browser really is on this
 * machine, so the local outbox still opens). Per-client limits then apply per test, as they
 * would for real players; nothing shares one bucket.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide, testInfo) => {
    const h = createHash("sha256").update(`${testInfo.testId}:${testInfo.repeatEachIndex}:${testInfo.retry}`).digest();
    await provide({ ...extraHTTPHeaders, "x-forwarded-for": `127.${h[0]}.${h[1]}.${(h[2]! % 254) + 1}` });
  },
});

/** Absolute URL on the default server, or on `base` (e.g. the email-confirmation server). */
export function urlOn(path: string, base?: string): string {
  return base ? new URL(path, base).toString() : path;
}

/** Fills and submits the registration form; the captcha is solved by the real widget. */
export async function fillRegistration(page: Page, user: { username: string; email: string; password: string }) {
  const main = page.getByRole("main");
  await main.getByLabel("Username").fill(user.username);
  await main.getByLabel("Email").fill(user.email);
  await main.getByLabel("Password", { exact: true }).fill(user.password);
  await main.getByLabel("Confirm Password").fill(user.password);
  await main.getByRole("checkbox", { name: /I agree to the/ }).check();
  await main.getByRole("button", { name: "Create Account" }).click();
}

/** Logs in through /login (already open) with username and password. */
export async function submitLogin(page: Page, username: string, password: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Username").fill(username);
  await main.getByLabel("Password").fill(password);
  await main.getByRole("button", { name: "Login", exact: true }).click();
}

/** The account menu in the navbar shows the signed-in player's name. */
export async function expectSignedInAs(page: Page, username: string) {
  await expect(page.getByRole("banner").getByRole("button", { name: username })).toBeVisible();
}

export async function expectSignedOut(page: Page) {
  await expect(page.getByRole("banner").getByRole("link", { name: "Login / Register" })).toBeVisible();
}

/**
 * Starts the page signed in as `user`: a session cookie made in the database and the session
 * hint, as the login route sets them. For journeys about something other than logging in; the login form itself is walked
 * by signIn() in accounts.spec.ts and login-csrf.spec.ts. Cheaper (no login page, no argon2
 * check) and spends no login from the rate limit.
 */
export async function startSignedIn(page: Page, user: E2EUser) {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("startSignedIn: the project has no baseURL");
  // The session, and the readable hint the login route sets beside it ("staff" for staff: the
  // page cache renders their forum pages for them).
  const [row] = await e2eQuery<{ privilege: string }>(`SELECT privilege FROM users WHERE id = $1`, [user.id]);
  await page.context().addCookies([
    { name: "session", value: await createE2ESession(user.id), url: baseURL },
    { name: SESSION_HINT_COOKIE, value: row?.privilege === "PLAYER" ? "1" : "staff", url: baseURL },
  ]);
}

/** Signs in through the login form, as a player would, and waits until it has led away from /login. */
export async function signIn(page: Page, user: E2EUser, base?: string) {
  await page.goto(urlOn("/login", base));
  await submitLogin(page, user.username, user.password);
  await expect(page).toHaveURL((url) => url.pathname !== "/login", { timeout: 20_000 });
}
