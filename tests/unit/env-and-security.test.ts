import { describe, expect, it } from "vitest";
import { parseEnv, voteSiteChecks } from "@/lib/server/env";
import { isCommonPassword } from "@/lib/server/accounts/common-passwords";
import { passwordChecks, passwordProblems } from "@/lib/schemas/passwords";
import { contentSecurityPolicy, securityHeaders } from "@/lib/security-headers";
import { usernameKey, usernameProblem } from "@/lib/usernames";

const base = { DATABASE_URL: "postgresql://u@h/db" };

describe("configuration", () => {
  it("defaults to local mode", () => {
    const env = parseEnv(base);
    expect(env.isLocal).toBe(true);
    expect(env.SITE_URL).toBe("http://localhost:3000");
    expect(env.EMAIL_CONFIRMATION).toBe(false);
  });

  it("names every bad variable", () => {
    expect(() => parseEnv({ DATABASE_URL: "mysql://x", EMAIL_CONFIRMATION: "maybe" })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ connection URL[\s\S]*EMAIL_CONFIRMATION/,
    );
    expect(() => parseEnv({})).toThrow(/DATABASE_URL/);
  });

  it("refuses local stand-ins in production", () => {
    expect(() => parseEnv({ ...base, APP_MODE: "production", SITE_URL: "https://x.example" })).toThrow(/AUTH_SECRET: is required in production[\s\S]*SMTP_URL/);
    expect(() =>
      parseEnv({ ...base, APP_MODE: "production", SITE_URL: "http://x.example", AUTH_SECRET: "a".repeat(40), TOTP_ENCRYPTION_KEY: "k", SMTP_URL: "smtp://m" }),
    ).toThrow(/SITE_URL: must be https/);
    const votes = { VOTE_RUNELOCUS_SECRET: "s1", VOTE_RSPS_LIST_IPS: "203.0.113.9, 2001:db8::1", VOTE_RUNELIST_SECRET: "s3" };
    const prod = {
      ...base,
      APP_MODE: "production",
      SITE_URL: "https://x.example",
      AUTH_SECRET: "a".repeat(40),
      TOTP_ENCRYPTION_KEY: "k",
      SMTP_URL: "smtp://m",
      PAYMENT_METHODS: "none",
    };
    const ok = parseEnv({ ...prod, ...votes });
    expect(ok.isProduction).toBe(true);
    expect(voteSiteChecks(ok, "rsps_list")).toEqual({ secret: undefined, ips: ["203.0.113.9", "2001:db8::1"] });
    expect(voteSiteChecks(ok, "runelocus")).toEqual({ secret: "s1", ips: [] });
  });

  it("refuses a production vote site whose callbacks check neither a secret nor an address", () => {
    const prod = {
      ...base,
      APP_MODE: "production",
      SITE_URL: "https://x.example",
      AUTH_SECRET: "a".repeat(40),
      TOTP_ENCRYPTION_KEY: "k",
      SMTP_URL: "smtp://m",
      PAYMENT_METHODS: "none",
    };
    expect(() => parseEnv({ ...prod, VOTE_RUNELOCUS_SECRET: "s1", VOTE_RUNELIST_SECRET: "s3" })).toThrow(
      /VOTE_RSPS_LIST_SECRET: or VOTE_RSPS_LIST_IPS is required in production/,
    );
    expect(() => parseEnv({ ...base, VOTE_RUNELIST_IPS: "not-an-ip" })).toThrow(/VOTE_RUNELIST_IPS: must be a comma list of IP addresses/);
    // Local mode runs without them (callbacks then come from this machine only).
    expect(parseEnv(base).isLocal).toBe(true);
  });

  it("takes a Discord news webhook as an http(s) URL, https only in production", () => {
    const prod = {
      ...base,
      APP_MODE: "production",
      SITE_URL: "https://x.example",
      AUTH_SECRET: "a".repeat(40),
      TOTP_ENCRYPTION_KEY: "k",
      SMTP_URL: "smtp://m",
      PAYMENT_METHODS: "none",
      VOTE_RUNELOCUS_SECRET: "s1",
      VOTE_RSPS_LIST_SECRET: "s2",
      VOTE_RUNELIST_SECRET: "s3",
    };
    expect(parseEnv(prod).DISCORD_NEWS_WEBHOOK_URL).toBeUndefined();
    expect(parseEnv({ ...prod, DISCORD_NEWS_WEBHOOK_URL: "https://discord.com/api/webhooks/1/t" }).DISCORD_NEWS_WEBHOOK_URL).toBe(
      "https://discord.com/api/webhooks/1/t",
    );
    expect(() => parseEnv({ ...prod, DISCORD_NEWS_WEBHOOK_URL: "http://127.0.0.1:9/hook" })).toThrow(
      /DISCORD_NEWS_WEBHOOK_URL: must be https:\/\/ in production/,
    );
    expect(() => parseEnv({ ...base, DISCORD_NEWS_WEBHOOK_URL: "discord webhook" })).toThrow(/DISCORD_NEWS_WEBHOOK_URL: must be an http\(s\) URL/);
    expect(parseEnv({ ...base, DISCORD_NEWS_WEBHOOK_URL: "http://127.0.0.1:9/hook" }).DISCORD_NEWS_WEBHOOK_URL).toBe("http://127.0.0.1:9/hook");
  });

  it("refuses the image proxy's private-network switch in production", () => {
    const prod = {
      ...base,
      APP_MODE: "production",
      SITE_URL: "https://x.example",
      AUTH_SECRET: "a".repeat(40),
      TOTP_ENCRYPTION_KEY: "k",
      SMTP_URL: "smtp://m",
      PAYMENT_METHODS: "none",
      VOTE_RUNELOCUS_SECRET: "s1",
      VOTE_RSPS_LIST_SECRET: "s2",
      VOTE_RUNELIST_SECRET: "s3",
    };
    expect(parseEnv(prod).IMAGE_PROXY_ALLOW_PRIVATE).toBe(false);
    expect(() => parseEnv({ ...prod, IMAGE_PROXY_ALLOW_PRIVATE: "true" })).toThrow(/IMAGE_PROXY_ALLOW_PRIVATE: is for tests only/);
    expect(parseEnv({ ...base, IMAGE_PROXY_ALLOW_PRIVATE: "true" }).IMAGE_PROXY_ALLOW_PRIVATE).toBe(true);
  });
});

describe("passwords", () => {
  it("checks the four password rules of docs/product.md §5", () => {
    expect(passwordChecks("ab").map((c) => c.met)).toEqual([false, true, false, false]);
    expect(passwordChecks("abc12!").every((c) => c.met)).toBe(true);
    expect(passwordProblems("abcdef1")).toEqual(["Your password must contain at least one special character."]);
    expect(passwordProblems('a1"bcde')).toEqual([]);
  });

  it("spots common passwords dressed up with digits and symbols", () => {
    expect(isCommonPassword("Password1!")).toBe(true);
    expect(isCommonPassword("P@ssw0rd!")).toBe(true);
    expect(isCommonPassword("qwerty123$")).toBe(true);
    expect(isCommonPassword("Zezima99!", "zezima")).toBe(true);
    expect(isCommonPassword("Ember!Player1")).toBe(false);
    expect(isCommonPassword("tr0mbone!staple")).toBe(false);
  });
});

describe("usernames", () => {
  it("follows game rules and folds case and _/space", () => {
    expect(usernameProblem("Zezima")).toBeNull();
    expect(usernameProblem("Iron_Man 99")).toBeNull();
    expect(usernameProblem("thirteen-char")).toMatch(/at most 12/);
    expect(usernameProblem("bad!")).toMatch(/letters, numbers/);
    expect(usernameProblem(" lead")).toMatch(/space/);
    expect(usernameKey("Iron_Man")).toBe(usernameKey("iron man"));
  });
});

describe("security headers", () => {
  it("builds a nonce-based CSP that forbids framing and plugins", () => {
    const csp = contentSecurityPolicy("abc", { dev: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy("abc", { dev: true })).toContain("'unsafe-eval'");
  });

  it("sends HSTS only over https", () => {
    expect(securityHeaders({ https: true })["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(securityHeaders({ https: false })["Strict-Transport-Security"]).toBeUndefined();
    expect(securityHeaders({ https: false })["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  });
});
