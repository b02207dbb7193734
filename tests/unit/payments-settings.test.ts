import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "@/lib/server/env";
import { crc32, decimalToCents, safeEqual } from "@/lib/server/payments/money";
import { isPaypalCertUrl } from "@/lib/server/payments/paypal";

// Every call of crypto's constant-time compare, as text: the secret comparison must decide
// through it (a plain === would never call it). Passes through to the real function.
const timingSafeCalls = vi.hoisted(() => [] as Array<[string, string]>);
vi.mock("node:crypto", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:crypto")>();
  const timingSafeEqual: typeof real.timingSafeEqual = (a, b) => {
    timingSafeCalls.push([Buffer.from(a as Uint8Array).toString(), Buffer.from(b as Uint8Array).toString()]);
    return real.timingSafeEqual(a, b);
  };
  return { ...real, default: { ...real, timingSafeEqual }, timingSafeEqual };
});

// Payment settings refuse to start production half-configured, and the small pieces the
// webhook checks rely on behave exactly.

const base = { DATABASE_URL: "postgresql://u@h/db" };
const VOTES = { VOTE_RUNELOCUS_SECRET: "s1", VOTE_RSPS_LIST_IPS: "203.0.113.9", VOTE_RUNELIST_SECRET: "s3" };
const prod = {
  ...base,
  APP_MODE: "production",
  SITE_URL: "https://x.example",
  AUTH_SECRET: "a".repeat(40),
  TOTP_ENCRYPTION_KEY: "k",
  SMTP_URL: "smtp://m",
  ...VOTES,
};
const STRIPE = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PUBLISHABLE_KEY: "pk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };

describe("payment settings", () => {
  it("offers all three methods by default and parses a list", () => {
    expect(parseEnv(base).PAYMENT_METHODS).toEqual(["stripe", "paypal", "coinbase"]);
    expect(parseEnv({ ...base, PAYMENT_METHODS: " Stripe , coinbase" }).PAYMENT_METHODS).toEqual(["stripe", "coinbase"]);
    expect(parseEnv({ ...base, PAYMENT_METHODS: "none" }).PAYMENT_METHODS).toEqual([]);
    expect(() => parseEnv({ ...base, PAYMENT_METHODS: "stripe,cheque" })).toThrow(/PAYMENT_METHODS: unknown payment method "cheque"/);
  });

  it("refuses production when an offered method has no keys, naming them", () => {
    expect(() => parseEnv({ ...prod, PAYMENT_METHODS: "stripe" })).toThrow(
      /STRIPE_SECRET_KEY: is required in production \(PAYMENT_METHODS offers stripe\)[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseEnv({ ...prod, PAYMENT_METHODS: "stripe,paypal", ...STRIPE })).toThrow(/PAYPAL_CLIENT_ID[\s\S]*PAYPAL_WEBHOOK_ID/);
    expect(() => parseEnv({ ...prod, PAYMENT_METHODS: "coinbase" })).toThrow(/COINBASE_COMMERCE_WEBHOOK_SECRET/);
    expect(parseEnv({ ...prod, PAYMENT_METHODS: "stripe", ...STRIPE }).isProduction).toBe(true);
  });

  it("refuses the local test checkout and the test API hosts in production", () => {
    const ok = { ...prod, PAYMENT_METHODS: "stripe", ...STRIPE };
    expect(() => parseEnv({ ...ok, PAYMENT_TEST_CHECKOUT: "true" })).toThrow(/PAYMENT_TEST_CHECKOUT: must be off in production/);
    for (const key of ["STRIPE_API_BASE_URL", "PAYPAL_API_BASE_URL", "COINBASE_API_BASE_URL"])
      expect(() => parseEnv({ ...ok, [key]: "http://127.0.0.1:9" }), key).toThrow(new RegExp(`${key}: is for tests only`));
    // Local mode may use both.
    expect(parseEnv({ ...base, PAYMENT_TEST_CHECKOUT: "true", STRIPE_API_BASE_URL: "http://127.0.0.1:9" }).PAYMENT_TEST_CHECKOUT).toBe(true);
  });
});

describe("webhook helpers", () => {
  it("accepts PayPal certificates only from https paypal.com hosts", () => {
    expect(isPaypalCertUrl("https://api.paypal.com/v1/notifications/certs/CERT-1")).toBe(true);
    expect(isPaypalCertUrl("https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1")).toBe(true);
    for (const bad of [
      "http://api.paypal.com/c",
      "https://paypal.com.evil.example/c",
      "https://evilpaypal.com/c",
      "https://api.paypal.com:8443/c",
      "https://user@api.paypal.com/c",
      "file:///etc/passwd",
      "not a url",
    ])
      expect(isPaypalCertUrl(bad), bad).toBe(false);
  });

  it("computes PayPal's CRC32 and reads money amounts exactly", () => {
    expect(crc32(Buffer.from("The quick brown fox jumps over the lazy dog"))).toBe(0x414fa339);
    expect(decimalToCents("50.00")).toBe(5000);
    expect(decimalToCents("19.9")).toBe(1990);
    expect(decimalToCents("7")).toBe(700);
    for (const bad of ["1.999", "-1.00", "1e3", "", " 5.00", undefined, 5]) expect(decimalToCents(bad), String(bad)).toBeNull();
  });

  it("compares secrets without short-circuiting on length tricks", () => {
    expect(safeEqual("abc", "abc")).toBe(true);
    expect(safeEqual("abc", "abd")).toBe(false);
    expect(safeEqual("abc", "abcd")).toBe(false);
    // Same length in characters, not in bytes ("é" is two in UTF-8): false, not a RangeError
    // from comparing buffers of different lengths.
    expect(safeEqual("é", "e")).toBe(false);
    expect(safeEqual("aé", "ab")).toBe(false);
    // Equal-length secrets are decided by the constant-time compare over their bytes, whether
    // they match or differ at the first character: never by === or an early return.
    timingSafeCalls.length = 0;
    expect(safeEqual("xecret-1", "secret-1")).toBe(false);
    expect(safeEqual("secret-1", "secret-1")).toBe(true);
    expect(safeEqual("sécret", "sécret")).toBe(true);
    expect(timingSafeCalls).toEqual([
      ["xecret-1", "secret-1"],
      ["secret-1", "secret-1"],
      ["sécret", "sécret"],
    ]);
  });
});
