import { type BrowserContext, type Page, expect } from "@playwright/test";
import { createE2ESession, type E2EUser } from "../../factories/e2e-users";

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

/** Starts the browser context signed in as `user` (session row + cookie, no login call). */
export async function signInWithCookie(context: BrowserContext, user: E2EUser, baseURL: string) {
  const token = await createE2ESession(user.id);
  await context.addCookies([
    { name: "session", value: token, url: baseURL, httpOnly: true, sameSite: "Lax" },
    // The readable hint login sets beside it: prerendered pages' navbar asks who is signed in.
    { name: "signed_in", value: "1", url: baseURL, sameSite: "Lax" },
  ]);
}
