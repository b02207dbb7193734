import "server-only";
import { getEnv } from "./env";
import { isTestCheckout } from "./payments/config";

// Imported by instrumentation.ts in the Node.js server: bad configuration stops the process
// at start with the variable named, instead of failing on the first request.
try {
  const env = getEnv();
  if (env.isProduction && !env.TRUST_PROXY && !env.SOCKET_ADDRESS_SECRET) {
    console.warn("Not served through scripts/server.mjs and TRUST_PROXY is off: per-IP rate limits will treat every visitor as one client. Run `node scripts/server.mjs` (npm start), or set TRUST_PROXY=true behind a reverse proxy.");
  }
  {
    // Production never gets here with it on (env.ts refuses); locally, say it plainly.
    const local = env.PAYMENT_METHODS.filter(isTestCheckout);
    if (local.length) console.warn(`Local test checkout active for: ${local.join(", ")} (no real money; production refuses it). See docs/payments.md.`);
  }
} catch (e) {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
}
