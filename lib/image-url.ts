import { isIpLiteral, isPublicAddress } from "./ip-address";

// Where an image in a post or news item may come from. One rule, decided by one
// function (judgeImageSource) everywhere: the editor's image prompt and the news image field
// (isImageUrl), the server's sanitiser for every <img> it keeps, and the image proxy before each
// fetch and each redirect. An image is kept only when it is
// - an absolute http(s) address that the WHATWG URL parser (`new URL`, the parser browsers use)
//   accepts, on another host than this site, without user name or password, and not a literal IP
//   address or a host name that is private by definition (the proxy fetches it; host names are
//   judged again by their DNS answers when fetched), or
// - one of this site's own image paths: the proxy's /api/v1/forums/images/<id> and the static
//   files under /images/ (given as a path, or as an absolute address on this site's host).
// Everything else is dropped, and never read as "a path on this site": an address our parser
// cannot read (Chromium may still load it, e.g. "https://xn--a.example/" or a port over 65535),
// and any other path here (a GET such as /store-link?token=… would run with the reader's cookies).

export const IMAGE_PROXY_PATH = "/api/v1/forums/images/";

/** This site's image paths, the whole list. Plain segments only: no "..", "%", query or fragment. */
const SITE_IMAGE_PATHS = [/^\/api\/v1\/forums\/images\/[0-9]{1,10}$/, /^\/images(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)+$/];

/** Host names that never reach the public internet (RFC 6761, 6762, 8375 and ICANN's .internal), and names without a dot (resolved through local search domains). */
const PRIVATE_NAME = /(?:^|\.)(?:localhost|local|internal|home\.arpa)$|^[^.]*$/i;

export type ImageSource =
  /** A path on this site's list, or an absolute address on this site: `src` is what is stored. */
  | { kind: "site"; src: string }
  /** Another site's image: the proxy fetches `url` (already normalised by the parser). */
  | { kind: "outside"; url: URL }
  | { kind: "refused"; reason: "malformed" | "not-public" };

export type ImageSourceOptions = {
  /** This site's address (SITE_URL, or the page's origin in the browser). */
  site?: string | undefined;
  /** Tests only (IMAGE_PROXY_ALLOW_PRIVATE): lets a local fake image host through. */
  allowPrivate?: boolean | undefined;
};

export function isSiteImagePath(path: string): boolean {
  return SITE_IMAGE_PATHS.some((re) => re.test(path));
}

function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

function hostOf(site: string): string | undefined {
  try {
    return new URL(site).hostname.toLowerCase();
  } catch {
    return undefined; // e.g. the "null" origin of a sandboxed page
  }
}

/** The one rule for image addresses (see the top of this file). */
export function judgeImageSource(src: string, opts: ImageSourceOptions = {}): ImageSource {
  // Whitespace or control characters anywhere (U+3000 included): browsers and parsers strip or
  // map them differently, so no such address is kept.
  if (!src || /\s/.test(src) || hasControlCharacter(src)) return { kind: "refused", reason: "malformed" };
  if (src.startsWith("/")) return isSiteImagePath(src) ? { kind: "site", src } : { kind: "refused", reason: "malformed" };
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return { kind: "refused", reason: "malformed" };
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) return { kind: "refused", reason: "malformed" };
  const host = url.hostname.replace(/\.$/, "").toLowerCase();
  // This site's own host (any port or scheme): only the image list, and the address is kept as
  // written, in the parser's normalised form, rather than rewritten to a path. The writer sees
  // their own address back in the editor, and the browser loads exactly the path checked here
  // ("/images/../store-link" is normalised to "/store-link" first, and refused).
  if (opts.site && host === hostOf(opts.site)) {
    return isSiteImagePath(url.pathname) && !url.search && !url.hash ? { kind: "site", src: url.href } : { kind: "refused", reason: "malformed" };
  }
  if (!opts.allowPrivate && (isIpLiteral(host) ? !isPublicAddress(host.replace(/^\[(.*)\]$/, "$1")) : PRIVATE_NAME.test(host))) {
    return { kind: "refused", reason: "not-public" };
  }
  return { kind: "outside", url };
}

/**
 * The editor's and the news form's check. In the browser the page's own origin stands for this
 * site, so an address on it is judged by the site's image list.
 */
export function isImageUrl(s: string): boolean {
  const site = typeof location === "undefined" ? undefined : location.origin;
  return judgeImageSource(s, { site }).kind !== "refused";
}
