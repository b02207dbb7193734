import "server-only";
import { type Env, getEnv } from "../env";

// Which human verification the registration form runs, and what the widget needs for it.

export type CaptchaProvider = "altcha" | "turnstile" | "hcaptcha" | "off";

export type CaptchaClientConfig = { provider: CaptchaProvider; siteKey?: string; challengeUrl?: string };

export const CAPTCHA_CHALLENGE_PATH = "/api/v1/captcha/challenge";

/**
 * The provider in force. Turnstile/hCaptcha need both their keys; without them (possible
 * only in local mode — production refuses to start) the self-hosted ALTCHA stands in, so
 * the form and the server always agree on one provider.
 */
export function activeCaptchaProvider(env: Env = getEnv()): CaptchaProvider {
  switch (env.CAPTCHA_PROVIDER) {
    case "turnstile":
      return env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET_KEY ? "turnstile" : "altcha";
    case "hcaptcha":
      return env.HCAPTCHA_SITE_KEY && env.HCAPTCHA_SECRET_KEY ? "hcaptcha" : "altcha";
    case "off":
      return env.isLocal ? "off" : "altcha";
    default:
      return "altcha";
  }
}

/** Public settings for `<CaptchaField config=…>`; never includes a secret. */
export function captchaClientConfig(): CaptchaClientConfig {
  const env = getEnv();
  const provider = activeCaptchaProvider(env);
  switch (provider) {
    case "altcha":
      return { provider, challengeUrl: CAPTCHA_CHALLENGE_PATH };
    case "turnstile":
      return { provider, siteKey: env.TURNSTILE_SITE_KEY };
    case "hcaptcha":
      return { provider, siteKey: env.HCAPTCHA_SITE_KEY };
    default:
      return { provider };
  }
}
