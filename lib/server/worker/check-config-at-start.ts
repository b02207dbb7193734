import "server-only";
import { siteConfig } from "@/lib/site-config";
import { getEnv } from "../env";
import { placeholderDownloadsProblem } from "./find-placeholder-downloads";
import { isTestCheckout } from "../payments/config";

// Imported by instrumentation.ts in the Node.js server: bad configuration stops the process
// at start with the variable named, instead of failing on the first request.
try {
  const env = getEnv();
  if (env.isProduction && !env.TRUST_PROXY && !env.SOCKET_ADDRESS_SECRET) {
    console.warn(
      "Not served through scripts/server.mjs and TRUST_PROXY is off: per-IP rate limits will treat every visitor as one client. Run `node scripts/server.mjs` (npm start), or set TRUST_PROXY=true behind a reverse proxy.",
    );
  }
  {
    // Production never gets here with it on (env.ts refuses); locally, say it plainly.
    const local = env.PAYMENT_METHODS.filter(isTestCheckout);
    if (local.length) console.warn(`Local test checkout active for: ${local.join(", ")} (no real money; production refuses it). See docs/payments.md.`);
  }
  // The site settings are code, not env, so env.ts cannot check them: production refuses the
  // placeholder download links here, as env.ts refuses a payment method without keys.
  const downloads = placeholderDownloadsProblem(siteConfig.downloads);
  if (env.isProduction && downloads) {
    // A staging copy or a test of production mode may say so explicitly; players never should.
    if (!env.ALLOW_PLACEHOLDER_DOWNLOADS)
      throw new Error(
        `Invalid configuration:\n  ${downloads}\n  (ALLOW_PLACEHOLDER_DOWNLOADS=true starts anyway, for a staging copy or a test: never for players.)`,
      );
    console.warn(`Starting with placeholder client downloads (ALLOW_PLACEHOLDER_DOWNLOADS=true): ${downloads}`);
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
