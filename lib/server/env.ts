import "server-only";
import { z } from "zod";
import { siteConfig } from "@/lib/site-config";

// The only reader of process.env (lint-enforced). Parsed once, lazily, so tests can set
// variables before the first read. A bad value fails loudly, naming the variable.

const bool = z.enum(["true", "false", "1", "0", "yes", "no", "on", "off", ""]).transform((v) => ["true", "1", "yes", "on"].includes(v));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));

export const PAYMENT_METHOD_NAMES = ["stripe", "paypal", "coinbase"] as const;
export type PaymentMethodName = (typeof PAYMENT_METHOD_NAMES)[number];

const EnvSchema = z
  .object({
    APP_MODE: z.enum(["local", "production"]).default("local"),
    // `NODE_ENV=` (set but empty, common in shells and CI) means unset.
    NODE_ENV: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["development", "production", "test"]).default("development")),
    DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection URL"),
    // Connections each app process may open; with WEB_CONCURRENCY workers, the total is their product.
    DATABASE_POOL_SIZE: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(200).default(20)),
    // How long a process keeps a checked session or API token in memory
    // (lib/server/credential-cache.ts); changes announced by the database drop it sooner. 0: read every time.
    SESSION_CACHE_MS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(300_000).default(60_000)),
    SITE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
    AUTH_SECRET: optionalString,
    TOTP_ENCRYPTION_KEY: optionalString,
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default("Game Server <no-reply@localhost>"),
    EMAIL_CONFIRMATION: bool.default(false),
    CAPTCHA_PROVIDER: z.enum(["altcha", "turnstile", "hcaptcha", "off"]).default("altcha"),
    TURNSTILE_SITE_KEY: optionalString,
    TURNSTILE_SECRET_KEY: optionalString,
    HCAPTCHA_SITE_KEY: optionalString,
    HCAPTCHA_SECRET_KEY: optionalString,
    // Signs ALTCHA challenges; unset: derived from AUTH_SECRET (lib/server/captcha/create-challenge.ts).
    ALTCHA_HMAC_KEY: optionalString,
    // Replaces the Turnstile/hCaptcha siteverify endpoint: tests point it at a local fake.
    CAPTCHA_VERIFY_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    TRUST_PROXY: bool.default(false),
    // With TRUST_PROXY: the request header in which the proxy or CDN names the client's country
    // (ISO 3166 two letters, e.g. cf-ipcountry, cloudfront-viewer-country); shown in sign-in mails.
    GEO_COUNTRY_HEADER: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,64}$/, "a header name")
        .optional(),
    ),
    // Set per boot by scripts/server.mjs (never by hand): proves its socket-address header is ours.
    SOCKET_ADDRESS_SECRET: optionalString,
    LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
    // false: this app process does not run background jobs (a separate `npm run worker` does).
    JOBS_WORKER: bool.default(true),
    // Jobs one runner works on at the same time.
    JOBS_CONCURRENCY: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(50).default(2)),
    // Tests only (tests/smoke/scale-out.test.mjs): every crontab entry fires each minute instead of
    // its own period, identifiers, options and job keys unchanged, so a test sees each scheduled
    // task fire within a minute. Said loudly at start; harmless but wasteful anywhere else.
    JOBS_CRON_EVERY_MINUTE: bool.default(false),
    // Set by Next while it builds: no job runner then.
    NEXT_PHASE: optionalString,
    // ── payments (docs/payments.md) ──
    // Methods offered on /credits: a comma list of stripe, paypal, coinbase, or "none".
    PAYMENT_METHODS: z
      .string()
      .default("stripe,paypal,coinbase")
      .transform((v, ctx) => {
        const list = v.trim() === "" ? ["stripe", "paypal", "coinbase"] : v.trim() === "none" ? [] : v.split(",").map((s) => s.trim().toLowerCase());
        for (const m of list)
          if (!PAYMENT_METHOD_NAMES.includes(m as PaymentMethodName))
            ctx.addIssue({ code: "custom", message: `unknown payment method "${m}" (stripe, paypal, coinbase or none)` });
        return [...new Set(list)] as PaymentMethodName[];
      }),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    PAYPAL_CLIENT_ID: optionalString,
    PAYPAL_CLIENT_SECRET: optionalString,
    PAYPAL_WEBHOOK_ID: optionalString,
    PAYPAL_ENVIRONMENT: z.enum(["sandbox", "live"]).default("sandbox"),
    COINBASE_COMMERCE_API_KEY: optionalString,
    COINBASE_COMMERCE_WEBHOOK_SECRET: optionalString,
    // Local test checkout for methods without keys; unset: on in local mode, off in production.
    PAYMENT_TEST_CHECKOUT: bool.optional(),
    // A dispute lost (chargeback): "ban" also bans the player for good, in the same transaction
    // (audited); "none" (default) only takes the credits back (docs/payments.md).
    DISPUTE_LOST_POLICY: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["none", "ban"]).default("none")),
    // Minutes an unpaid checkout stays open (resumable); then the expire-checkouts job closes it (docs/payments.md).
    CHECKOUT_EXPIRY_MINUTES: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(5).max(43_200).default(1440)),
    /** Days a creator's share waits after the payment before staff may pay it out (refunds and chargebacks cancel it meanwhile). */
    CREATOR_SHARE_HOLD_DAYS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(365).default(14)),
    // Test stand-ins for the providers' API hosts (local fakes); refused in production.
    STRIPE_API_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    PAYPAL_API_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    COINBASE_API_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    // Tests only: lets the forum image proxy fetch from this machine and private networks (a
    // local fake image host). Refused in production: it would open the proxy to internal hosts.
    IMAGE_PROXY_ALLOW_PRIVATE: bool.default(false),
    /** Production starts although client download links are still placeholders (staging, tests): said loudly at start. */
    ALLOW_PLACEHOLDER_DOWNLOADS: bool.default(false),
    // ── community ──
    // Seconds a notification waits before its mail (for players who chose email for its type): one
    // read on the site meanwhile, or a visit, sends none (docs/notifications.md).
    NOTIFICATION_EMAIL_DELAY_SECONDS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(86_400).default(600)),
    // ── support desk (docs/support-desk.md) ──
    // Days a ticket waits for the player's answer before it closes itself, with a mail and a notification.
    TICKET_AUTO_CLOSE_DAYS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(365).default(7)),
    // Seconds staff replies and a close are gathered before the one mail to the player (tests set it low).
    TICKET_MAIL_DELAY_SECONDS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(0).max(3600).default(60)),
    // A Discord channel webhook that announces each new news post (docs/news.md); unset: none.
    DISCORD_NEWS_WEBHOOK_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: "must be an http(s) URL (the channel webhook's address)" }).optional()),
    // A Discord channel webhook that announces competitions: made, starting, started, ending, ended (docs/competitions.md); unset: none.
    DISCORD_COMPETITIONS_WEBHOOK_URL: optionalString.pipe(
      z.url({ protocol: /^https?$/, error: "must be an http(s) URL (the channel webhook's address)" }).optional(),
    ),
    // ── vote sites (docs/game-integration.md): VOTE_<KEY>_SECRET and VOTE_<KEY>_IPS per site ──
    ...voteSiteVariables(),
  })
  .superRefine((env, ctx) => {
    if (env.APP_MODE !== "production") return;
    // Production refuses every local stand-in (docs/deployment.md).
    const need = (key: keyof typeof env, why: string) => {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: `is required in production (${why})` });
    };
    need("AUTH_SECRET", "signs access tokens");
    need("TOTP_ENCRYPTION_KEY", "encrypts two-factor secrets");
    need("SMTP_URL", "the local outbox is off in production");
    if (env.AUTH_SECRET && env.AUTH_SECRET.length < 32) ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "must be at least 32 characters" });
    if (env.CAPTCHA_PROVIDER === "off") ctx.addIssue({ code: "custom", path: ["CAPTCHA_PROVIDER"], message: "cannot be off in production" });
    if (env.CAPTCHA_PROVIDER === "turnstile") {
      need("TURNSTILE_SITE_KEY", "CAPTCHA_PROVIDER is turnstile");
      need("TURNSTILE_SECRET_KEY", "CAPTCHA_PROVIDER is turnstile");
    }
    if (env.CAPTCHA_PROVIDER === "hcaptcha") {
      need("HCAPTCHA_SITE_KEY", "CAPTCHA_PROVIDER is hcaptcha");
      need("HCAPTCHA_SECRET_KEY", "CAPTCHA_PROVIDER is hcaptcha");
    }
    if (env.ALTCHA_HMAC_KEY && env.ALTCHA_HMAC_KEY.length < 32)
      ctx.addIssue({ code: "custom", path: ["ALTCHA_HMAC_KEY"], message: "must be at least 32 characters" });
    // A verify URL override is a test stand-in: in production it could point at a server that says yes.
    if (env.CAPTCHA_VERIFY_URL) ctx.addIssue({ code: "custom", path: ["CAPTCHA_VERIFY_URL"], message: "is for tests only and must be unset in production" });
    // A method offered in production must be able to take real money.
    const keysFor: Record<PaymentMethodName, Array<keyof typeof env>> = {
      stripe: ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"],
      paypal: ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID"],
      coinbase: ["COINBASE_COMMERCE_API_KEY", "COINBASE_COMMERCE_WEBHOOK_SECRET"],
    };
    for (const method of env.PAYMENT_METHODS) for (const key of keysFor[method]) need(key, `PAYMENT_METHODS offers ${method}`);
    if (env.PAYMENT_TEST_CHECKOUT)
      ctx.addIssue({ code: "custom", path: ["PAYMENT_TEST_CHECKOUT"], message: "must be off in production (it completes payments without money)" });
    if (env.IMAGE_PROXY_ALLOW_PRIVATE)
      ctx.addIssue({
        code: "custom",
        path: ["IMAGE_PROXY_ALLOW_PRIVATE"],
        message: "is for tests only and must be off in production (it lets posts reach internal hosts)",
      });
    for (const key of ["STRIPE_API_BASE_URL", "PAYPAL_API_BASE_URL", "COINBASE_API_BASE_URL"] as const)
      if (env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is for tests only and must be unset in production" });
    // A callback that checks neither a secret nor an address would let anyone hand out votes.
    for (const site of siteConfig.voteSites) {
      const { secret, ips } = voteSiteEnvNames(site.key);
      if (!voteSiteChecks(env, site.key).secret && !voteSiteChecks(env, site.key).ips.length)
        ctx.addIssue({ code: "custom", path: [secret], message: `or ${ips} is required in production (checks ${site.name}'s vote callbacks)` });
    }
    if (env.DISCORD_NEWS_WEBHOOK_URL && !env.DISCORD_NEWS_WEBHOOK_URL.startsWith("https://"))
      ctx.addIssue({ code: "custom", path: ["DISCORD_NEWS_WEBHOOK_URL"], message: "must be https:// in production" });
    if (env.DISCORD_COMPETITIONS_WEBHOOK_URL && !env.DISCORD_COMPETITIONS_WEBHOOK_URL.startsWith("https://"))
      ctx.addIssue({ code: "custom", path: ["DISCORD_COMPETITIONS_WEBHOOK_URL"], message: "must be https:// in production" });
    if (!env.SITE_URL.startsWith("https://")) ctx.addIssue({ code: "custom", path: ["SITE_URL"], message: "must be https:// in production" });
  });

/** The env names of one vote site's callback checks, e.g. VOTE_RSPS_LIST_SECRET. */
export function voteSiteEnvNames(key: string): { secret: `VOTE_${string}_SECRET`; ips: `VOTE_${string}_IPS` } {
  const k = key.toUpperCase();
  return { secret: `VOTE_${k}_SECRET`, ips: `VOTE_${k}_IPS` };
}

/** A vote site's configured callback checks: its shared secret and the addresses it calls from. */
export function voteSiteChecks(env: object, key: string): { secret: string | undefined; ips: string[] } {
  const { secret, ips } = voteSiteEnvNames(key);
  const e = env as Record<string, unknown>;
  return { secret: e[secret] as string | undefined, ips: (e[ips] as string[] | undefined) ?? [] };
}

function voteSiteVariables() {
  const ipList = z
    .string()
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.union([z.ipv4(), z.ipv6()], { error: "must be a comma list of IP addresses" })));
  const shape: Record<string, typeof optionalString | typeof ipList> = {};
  for (const site of siteConfig.voteSites) {
    const { secret, ips } = voteSiteEnvNames(site.key);
    shape[secret] = optionalString;
    shape[ips] = ipList;
  }
  return shape;
}

/** Every variable the configuration reads (for the check that .env.example documents each). */
export const ENV_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export type Env = z.infer<typeof EnvSchema> & { isProduction: boolean; isLocal: boolean };

let cached: Env | undefined;

/** Validated configuration; throws naming every bad variable. */
export function getEnv(): Env {
  if (cached) return cached;
  cached = parseEnv(process.env);
  return cached;
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    // The variable name only: a list item's index (VOTE_X_IPS.0) would not help the reader.
    const lines = result.error.issues.map((i) => `  ${String(i.path[0] ?? "(env)")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return { ...result.data, isProduction: result.data.APP_MODE === "production", isLocal: result.data.APP_MODE === "local" };
}

/**
 * True while `next build` prerenders pages (Next sets NEXT_PHASE). Read on its own, without the
 * rest of the configuration: a build has no DATABASE_URL, so a page that reads the database when
 * it is regenerated (the home page's feed) renders without it at build time.
 */
export function isBuildPhase(): boolean {
  return process.env.NEXT_PHASE === "phase-production-build";
}

/** Tests change settings between cases. */
export function resetEnvCache(): void {
  cached = undefined;
}
