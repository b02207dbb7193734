// Where a link in a post or news item may point (docs/forums.md, The HTML allowlist). One rule,
// decided by one function (judgeLinkHref) everywhere: the editor's link dialog and its autolinking
// of typed and pasted addresses, and the server's sanitiser for every <a> it keeps. The same
// ground as the image rule (lib/image-url.ts): an address the WHATWG URL parser reads, http(s)
// only, no user name or password, no whitespace or control characters anywhere. So
// javascript:, data:, vbscript:, mailto: and protocol-relative (//host) addresses are refused,
// however they are spelled. A path on this site ("/forums/thread/1#post-2", what a quote's link
// is) is kept too: it can only lead here.

export type LinkHref =
  /** A path on this site: stays in the same tab. */
  | { kind: "site"; href: string }
  /** Another site (or this one, written in full): opens in a new tab, nofollow. */
  | { kind: "outside"; href: string }
  | { kind: "refused" };

/** The longest address kept: longer ones are refused (nobody links a 2 kB address by hand). */
export const LINK_MAX = 2000;

function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/** The one rule for link addresses (see the top of this file). */
export function judgeLinkHref(raw: string): LinkHref {
  if (!raw || raw.length > LINK_MAX || /\s/.test(raw) || hasControlCharacter(raw) || raw.includes("\\")) return { kind: "refused" };
  if (raw.startsWith("/")) {
    // "//host" is another site; a path is read against a fixed origin to normalise it ("/a/../b").
    if (raw.startsWith("//")) return { kind: "refused" };
    try {
      const url = new URL(raw, "https://site.invalid");
      if (url.host !== "site.invalid") return { kind: "refused" };
      return { kind: "site", href: `${url.pathname}${url.search}${url.hash}` };
    } catch {
      return { kind: "refused" };
    }
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { kind: "refused" };
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password || !url.hostname) return { kind: "refused" };
  return { kind: "outside", href: url.href };
}

/** The editor's check (link dialog, autolink, pasted links). */
export function isLinkUrl(s: string): boolean {
  return judgeLinkHref(s).kind !== "refused";
}

/**
 * What the link dialog does with what was typed: an address without a scheme ("example.com/x")
 * is read as https; the result is null when the rule refuses it.
 */
export function linkFromInput(input: string): string | null {
  const s = input.trim();
  if (!s) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(s) || s.startsWith("/") ? s : `https://${s}`;
  const judged = judgeLinkHref(withScheme);
  return judged.kind === "refused" ? null : judged.href;
}
