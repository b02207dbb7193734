import { describe, expect, it } from "vitest";
import { parseEnv, voteSiteChecks, voteSiteEnvNames } from "@/lib/server/env";

// The production configuration rules of lib/server/env.ts, one at a time: a complete production
// configuration starts, and each variation is refused with exactly the lines that name what is
// wrong (npm run test:mutation -- --only=env). The broader cases live in env-and-security.test.ts
// and payments-settings.test.ts.

const base = { DATABASE_URL: "postgresql://u@h/db" };
const PROD: Record<string, string> = {
  ...base,
  APP_MODE: "production",
  SITE_URL: "https://x.example",
  AUTH_SECRET: "a".repeat(32),
  TOTP_ENCRYPTION_KEY: "k",
  SMTP_URL: "smtp://m",
  PAYMENT_METHODS: "none",
  VOTE_RUNELOCUS_SECRET: "s1",
  VOTE_RSPS_LIST_IPS: "203.0.113.9",
  VOTE_RUNELIST_SECRET: "s3",
};

/** The lines of the configuration error, or [] when the source parses. */
function problems(source: Record<string, string | undefined>): string[] {
  try {
    parseEnv(source);
    return [];
  } catch (e) {
    const [first, ...lines] = (e as Error).message.split("\n");
    expect(first).toBe("Invalid configuration:");
    return lines.map((l) => l.trim());
  }
}

describe("a complete production configuration", () => {
  it("starts, in production mode and not local", () => {
    const env = parseEnv(PROD);
    expect(env.isProduction).toBe(true);
    expect(env.isLocal).toBe(false);
    expect(parseEnv(base).isProduction).toBe(false);
  });
});

describe("each production rule names its variable and its reason", () => {
  it("requires the secrets and the mail server", () => {
    expect(problems({ ...PROD, AUTH_SECRET: undefined, TOTP_ENCRYPTION_KEY: undefined, SMTP_URL: "  " })).toEqual([
      "AUTH_SECRET: is required in production (signs access tokens)",
      "TOTP_ENCRYPTION_KEY: is required in production (encrypts two-factor secrets)",
      "SMTP_URL: is required in production (the local outbox is off in production)",
    ]);
  });

  it("wants AUTH_SECRET of 32 characters at least", () => {
    expect(problems({ ...PROD, AUTH_SECRET: "a".repeat(31) })).toEqual(["AUTH_SECRET: must be at least 32 characters"]);
    expect(problems({ ...PROD, AUTH_SECRET: "a".repeat(32) })).toEqual([]);
  });

  it("refuses captcha off, and wants both keys of the chosen provider", () => {
    expect(problems({ ...PROD, CAPTCHA_PROVIDER: "off" })).toEqual(["CAPTCHA_PROVIDER: cannot be off in production"]);
    expect(problems({ ...PROD, CAPTCHA_PROVIDER: "turnstile" })).toEqual([
      "TURNSTILE_SITE_KEY: is required in production (CAPTCHA_PROVIDER is turnstile)",
      "TURNSTILE_SECRET_KEY: is required in production (CAPTCHA_PROVIDER is turnstile)",
    ]);
    expect(problems({ ...PROD, CAPTCHA_PROVIDER: "hcaptcha" })).toEqual([
      "HCAPTCHA_SITE_KEY: is required in production (CAPTCHA_PROVIDER is hcaptcha)",
      "HCAPTCHA_SECRET_KEY: is required in production (CAPTCHA_PROVIDER is hcaptcha)",
    ]);
    expect(problems({ ...PROD, CAPTCHA_PROVIDER: "turnstile", TURNSTILE_SITE_KEY: "k", TURNSTILE_SECRET_KEY: "s" })).toEqual([]);
    expect(problems({ ...PROD, CAPTCHA_PROVIDER: "hcaptcha", HCAPTCHA_SITE_KEY: "k", HCAPTCHA_SECRET_KEY: "s" })).toEqual([]);
    // Keys of a provider not in force are not asked for.
    expect(problems({ ...PROD, CAPTCHA_PROVIDER: "altcha" })).toEqual([]);
  });

  it("wants ALTCHA_HMAC_KEY of 32 characters at least when set, and no verify-URL override", () => {
    expect(problems({ ...PROD, ALTCHA_HMAC_KEY: "h".repeat(31) })).toEqual(["ALTCHA_HMAC_KEY: must be at least 32 characters"]);
    expect(problems({ ...PROD, ALTCHA_HMAC_KEY: "h".repeat(32) })).toEqual([]);
    expect(problems({ ...PROD, CAPTCHA_VERIFY_URL: "http://127.0.0.1:9/siteverify" })).toEqual([
      "CAPTCHA_VERIFY_URL: is for tests only and must be unset in production",
    ]);
  });

  it("wants every key of each offered payment method", () => {
    expect(problems({ ...PROD, PAYMENT_METHODS: "paypal" })).toEqual([
      "PAYPAL_CLIENT_ID: is required in production (PAYMENT_METHODS offers paypal)",
      "PAYPAL_CLIENT_SECRET: is required in production (PAYMENT_METHODS offers paypal)",
      "PAYPAL_WEBHOOK_ID: is required in production (PAYMENT_METHODS offers paypal)",
    ]);
    expect(problems({ ...PROD, PAYMENT_METHODS: "coinbase" })).toEqual([
      "COINBASE_COMMERCE_API_KEY: is required in production (PAYMENT_METHODS offers coinbase)",
      "COINBASE_COMMERCE_WEBHOOK_SECRET: is required in production (PAYMENT_METHODS offers coinbase)",
    ]);
  });

  it("refuses the test switches and stand-in hosts", () => {
    expect(problems({ ...PROD, PAYMENT_TEST_CHECKOUT: "1" })).toEqual([
      "PAYMENT_TEST_CHECKOUT: must be off in production (it completes payments without money)",
    ]);
    expect(problems({ ...PROD, PAYMENT_TEST_CHECKOUT: "0" })).toEqual([]);
    expect(problems({ ...PROD, IMAGE_PROXY_ALLOW_PRIVATE: "yes" })).toEqual([
      "IMAGE_PROXY_ALLOW_PRIVATE: is for tests only and must be off in production (it lets posts reach internal hosts)",
    ]);
    expect(problems({ ...PROD, PAYPAL_API_BASE_URL: "http://127.0.0.1:9" })).toEqual([
      "PAYPAL_API_BASE_URL: is for tests only and must be unset in production",
    ]);
  });

  it("wants a secret or an address list for every vote site", () => {
    expect(problems({ ...PROD, VOTE_RSPS_LIST_IPS: undefined })).toEqual([
      "VOTE_RSPS_LIST_SECRET: or VOTE_RSPS_LIST_IPS is required in production (checks RSPS-List's vote callbacks)",
    ]);
    expect(problems({ ...PROD, VOTE_RSPS_LIST_IPS: undefined, VOTE_RSPS_LIST_SECRET: "s2" })).toEqual([]);
  });

  it("wants https for the site and the Discord webhook", () => {
    expect(problems({ ...PROD, SITE_URL: "http://x.example" })).toEqual(["SITE_URL: must be https:// in production"]);
    expect(problems({ ...PROD, DISCORD_NEWS_WEBHOOK_URL: "http://discord.example/hook" })).toEqual([
      "DISCORD_NEWS_WEBHOOK_URL: must be https:// in production",
    ]);
  });

  it("leaves local mode free of every production rule", () => {
    expect(problems({ ...base, CAPTCHA_PROVIDER: "off", AUTH_SECRET: "short", PAYMENT_TEST_CHECKOUT: "on", SITE_URL: "http://localhost:3000" })).toEqual([]);
  });
});

describe("value forms", () => {
  it("reads every spelling of a switch", () => {
    for (const v of ["true", "1", "yes", "on"]) expect(parseEnv({ ...base, EMAIL_CONFIRMATION: v }).EMAIL_CONFIRMATION, v).toBe(true);
    for (const v of ["false", "0", "no", "off", ""]) expect(parseEnv({ ...base, EMAIL_CONFIRMATION: v }).EMAIL_CONFIRMATION, v).toBe(false);
    expect(problems({ ...base, EMAIL_CONFIRMATION: "Stryker was here!" })).toHaveLength(1);
  });

  it("trims optional strings and reads blank ones as unset", () => {
    expect(parseEnv({ ...base, SMTP_URL: "  smtp://m  " }).SMTP_URL).toBe("smtp://m");
    expect(parseEnv({ ...base, SMTP_URL: "   " }).SMTP_URL).toBeUndefined();
  });

  it("names a vote site's variables after its key, and reads its checks", () => {
    expect(voteSiteEnvNames("rsps_list")).toEqual({ secret: "VOTE_RSPS_LIST_SECRET", ips: "VOTE_RSPS_LIST_IPS" });
    expect(voteSiteChecks({}, "runelocus")).toEqual({ secret: undefined, ips: [] });
  });
});

describe("the error names the whole configuration when no variable is at fault", () => {
  it("says (env) for an issue without a variable", () => {
    expect(problems(null as unknown as Record<string, string>)).toEqual([expect.stringMatching(/^\(env\): /)]);
  });
});
