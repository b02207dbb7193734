import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { siteConfig } from "./lib/site-config";

// End-to-end tests drive Debian's Chromium (no browser download on these machines).
// `npm test` (scripts/test.mjs) builds the app, prepares a seeded database and sets E2E_*.
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install it with "apt-get install -y chromium" (Debian/Ubuntu) ` +
      `or point CHROMIUM_PATH at a Chromium or Chrome executable.`,
  );
}

const port = Number(process.env.E2E_PORT || 3210);
const baseURL = `http://127.0.0.1:${port}`;
/** The server with EMAIL_CONFIRMATION=true (tests reach it through this env var). */
const confirmPort = Number(process.env.E2E_CONFIRM_PORT || port + 1);
const confirmURL = `http://127.0.0.1:${confirmPort}`;
process.env.E2E_CONFIRM_URL = confirmURL;
// The listing sites' shared secrets: tests/e2e/vote.spec.ts plays a listing site and reads them
// from process.env (set here, so the tests and both servers agree).
const VOTE_SECRETS: Record<string, string> = {};
for (const { key } of siteConfig.voteSites) {
  const name = `VOTE_${key.toUpperCase()}_SECRET`;
  VOTE_SECRETS[name] = process.env[name] || `e2e-vote-${key}-secret`;
}
Object.assign(process.env, VOTE_SECRETS);

function server(p: number, extra: Record<string, string>) {
  const url = `http://127.0.0.1:${p}`;
  return {
    // The production server entry, as `npm start` runs it (one worker: two servers share 2 cores).
    command: "node scripts/server.mjs",
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      ...(process.env as Record<string, string>),
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? process.env.DATABASE_URL ?? "",
      SITE_URL: url,
      APP_MODE: "local",
      PORT: String(p),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      // Stands in for a reverse proxy: each test sends its own X-Forwarded-For (tests/e2e/support/accounts.ts).
      TRUST_PROXY: "true",
      // Staff actions on a ticket are gathered into one mail after this delay (docs/support-desk.md): short here.
      TICKET_MAIL_DELAY_SECONDS: "1",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      AUTH_SECRET: process.env.AUTH_SECRET ?? "e2e-secret-0123456789abcdef0123456789",
      TOTP_ENCRYPTION_KEY: process.env.TOTP_ENCRYPTION_KEY ?? Buffer.alloc(32, 9).toString("base64"),
      ...VOTE_SECRETS,
      ...extra,
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  // Its own folder: Playwright empties outputDir when it starts, and the smoke stage writes its
  // log and TAP report to test-results/ (scripts/test.mjs).
  outputDir: "test-results/playwright",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  // Generous limits: they catch a hang, not a slow machine. On two loaded cores a page's axe
  // check alone has taken over 30 s; a test that sets its own limit set it three times as long too.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined } },
    { name: "phone", use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }, grep: /@mobile/ },
  ],
  // Two servers: the default one on the seeded database, and one with email confirmation on.
  webServer: [
    { ...server(port, {}), url: `${baseURL}/api/health` },
    // Its own database (scripts/test.mjs): jobs on a shared queue would build links to either server.
    {
      ...server(confirmPort, {
        EMAIL_CONFIRMATION: "true",
        ...(process.env.E2E_CONFIRM_DATABASE_URL ? { DATABASE_URL: process.env.E2E_CONFIRM_DATABASE_URL } : {}),
      }),
      url: `${confirmURL}/api/health`,
    },
  ],
});
