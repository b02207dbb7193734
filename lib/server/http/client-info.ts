import "server-only";
import { getEnv } from "../env";
import type { ClientInfo } from "../sessions/browser-sessions";

/**
 * The client's country as the trusted proxy names it: only with TRUST_PROXY and GEO_COUNTRY_HEADER
 * (without a proxy in front, anyone could send the header), and only a two-letter code (the
 * "unknown" and "Tor" codes some CDNs send, XX and T1, are not countries).
 */
export function proxyCountry(req: Request): string | null {
  const env = getEnv();
  if (!env.TRUST_PROXY || !env.GEO_COUNTRY_HEADER) return null;
  const code = req.headers.get(env.GEO_COUNTRY_HEADER)?.trim().toUpperCase() ?? "";
  return /^[A-Z]{2}$/.test(code) && code !== "XX" && code !== "T1" ? code : null;
}

export function clientInfo(req: Request, ip: string): ClientInfo {
  return { userAgent: req.headers.get("user-agent"), ip: ip === "direct" ? null : ip, country: proxyCountry(req) };
}
