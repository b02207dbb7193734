import { describe, expect, it } from "vitest";
import { isLinkUrl, judgeLinkHref, LINK_MAX, linkFromInput } from "@/lib/link-url";

// The link rule (lib/link-url.ts): the editor's dialog and autolinking, and the sanitiser, ask it.

describe("judgeLinkHref", () => {
  it("keeps http(s) addresses in the parser's normalised form, as outside links", () => {
    expect(judgeLinkHref("https://example.com")).toEqual({ kind: "outside", href: "https://example.com/" });
    expect(judgeLinkHref("HTTP://Example.com/a?b=1#c")).toEqual({ kind: "outside", href: "http://example.com/a?b=1#c" });
  });

  it("keeps a path on this site, normalised, as a site link", () => {
    expect(judgeLinkHref("/forums/thread/3?page=2#post-7")).toEqual({ kind: "site", href: "/forums/thread/3?page=2#post-7" });
    expect(judgeLinkHref("/a/../b")).toEqual({ kind: "site", href: "/b" });
  });

  it("refuses every other scheme, however spelled, and addresses that leave the site or hide a host", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "mailto:a@example.com",
      "ftp://example.com/",
      "//evil.test/x",
      "/\\evil.test/x",
      "\\\\evil.test\\x",
      "https://user:pass@example.com/",
      "https://user@example.com/",
      "https://exa mple.com/",
      "https://example.com/\u0000",
      "https://example.com/\u3000",
      "https://",
      "example.com",
      "",
      `https://example.com/${"a".repeat(LINK_MAX)}`,
    ]) {
      expect(judgeLinkHref(href), JSON.stringify(href)).toEqual({ kind: "refused" });
      expect(isLinkUrl(href)).toBe(false);
    }
  });

  it("keeps an address of exactly the longest length, and not one longer", () => {
    const base = "https://example.com/";
    expect(isLinkUrl(base + "a".repeat(LINK_MAX - base.length))).toBe(true);
    expect(isLinkUrl(base + "a".repeat(LINK_MAX - base.length + 1))).toBe(false);
  });
});

describe("linkFromInput (the link dialog)", () => {
  it("reads an address without a scheme as https, and answers null for what the rule refuses", () => {
    expect(linkFromInput(" example.com/page ")).toBe("https://example.com/page");
    expect(linkFromInput("http://example.com")).toBe("http://example.com/");
    expect(linkFromInput("/forums")).toBe("/forums");
    expect(linkFromInput("javascript:alert(1)")).toBeNull();
    expect(linkFromInput("data:text/html,x")).toBeNull();
    expect(linkFromInput("")).toBeNull();
  });
});
