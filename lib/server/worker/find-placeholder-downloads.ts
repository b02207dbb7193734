import "server-only";
import type { Download } from "@/lib/site-config";

// lib/site-config.ts ships with client download links on a placeholder host, so the play page
// works out of the box in local mode. Production must not send players there: the start check
// (check-config-at-start.ts) refuses to serve while any link still points at such a host.

/** Host names reserved for examples and tests (RFC 2606, RFC 6761): never a real download host. */
const RESERVED_TLDS = ["example", "invalid", "test", "localhost"];
const RESERVED_DOMAINS = ["example.com", "example.net", "example.org"];

/** True when the address is not a real http(s) download: unparsable, another scheme, or a reserved example host. */
export function isPlaceholderUrl(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return true;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return true;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  const tld = host.slice(host.lastIndexOf(".") + 1);
  return RESERVED_TLDS.includes(tld) || RESERVED_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`));
}

/** The downloads whose link is still a placeholder. */
export function findPlaceholderDownloads(downloads: readonly Download[]): Download[] {
  return downloads.filter((d) => isPlaceholderUrl(d.href));
}

/** The start check's line for them, naming the setting; null when every link is real. */
export function placeholderDownloadsProblem(downloads: readonly Download[]): string | null {
  const bad = findPlaceholderDownloads(downloads);
  if (!bad.length) return null;
  const hosts = [...new Set(bad.map((d) => hostOf(d.href)))].join(", ");
  return (
    `siteConfig.downloads (lib/site-config.ts): ${bad.length} client download link${bad.length === 1 ? "" : "s"} still point${bad.length === 1 ? "s" : ""} ` +
    `at a placeholder (${hosts}): ${bad.map((d) => d.id).join(", ")}. Set each href to where the file is really served.`
  );
}

function hostOf(href: string): string {
  try {
    return new URL(href).host || href;
  } catch {
    return href;
  }
}
