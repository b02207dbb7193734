import { describe, expect, it } from "vitest";
import { judgeImageSource } from "@/lib/image-url";
import { STORED_CONTENT_MAX } from "@/lib/schemas/forums";
import { cleanContent, sanitizePostHtml } from "@/lib/server/forums/sanitize";

// Edges of the HTML allowlist (lib/server/forums/sanitize.ts) and the image rule (lib/image-url.ts)
// that sanitize-html.test.ts and image-url.test.ts leave open: each case failed against a mutant
// (npm run test:mutation -- --only=sanitizer).

const SITE = "https://play.example.com";
const LINK = 'rel="nofollow ugc noopener noreferrer" target="_blank"';

describe("the allowlist keeps every tag and attribute the editor makes", () => {
  it("keeps line breaks, quotes, code blocks and image titles", () => {
    const html =
      '<p>a<br />b</p><blockquote><p>q</p></blockquote><pre><code>x = 1</code></pre><p><img src="https://cdn.example.com/a.png" alt="a" title="t" /></p>';
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it("keeps text alignment on h2 too, and only the four alignments, spelled exactly", () => {
    expect(sanitizePostHtml('<h2 style="text-align: justify">x</h2>')).toBe('<h2 style="text-align:justify">x</h2>');
    for (const bad of ["xcenter", "centerx"]) expect(sanitizePostHtml(`<p style="text-align: ${bad}">x</p>`), bad).toBe("<p>x</p>");
  });

  it("keeps http and https links (the link rule: lib/link-url.ts), and drops mailto and protocol-relative ones", () => {
    expect(sanitizePostHtml('<a href="http://example.com/">h</a>')).toBe(`<a href="http://example.com/" ${LINK}>h</a>`);
    expect(sanitizePostHtml('<a href="mailto:staff@example.com">m</a>')).toBe(`<a ${LINK}>m</a>`);
    expect(sanitizePostHtml('<a href="//evil.example/x">p</a>')).toBe(`<a ${LINK}>p</a>`);
  });

  it("maps every older spelling to the editor's tags", () => {
    expect(sanitizePostHtml("<del>d</del><h4>4</h4><h5>5</h5><h6>6</h6><div>v</div>")).toBe("<s>d</s><h2>4</h2><h2>5</h2><h2>6</h2><p>v</p>");
  });

  it("trims the stored copy", () => {
    expect(sanitizePostHtml("  <p>a</p>\n ")).toBe("<p>a</p>");
  });
});

describe("cleanContent's length limit", () => {
  const sized = (n: number) => `<p>${"a".repeat(n - "<p></p>".length)}</p>`;

  it("accepts a stored copy of exactly the limit and refuses one character more, naming the limit", () => {
    expect(cleanContent(sized(STORED_CONTENT_MAX))).toHaveLength(STORED_CONTENT_MAX);
    expect(() => cleanContent(sized(STORED_CONTENT_MAX + 1))).toThrow(
      expect.objectContaining({ code: "VALIDATION", fields: { content: ["The post is too long: at most 30,000 characters of formatted text."] } }),
    );
  });
});

describe("judgeImageSource edges", () => {
  it("refuses DEL and C1 control characters, and keeps other non-ASCII text", () => {
    for (const c of ["\u0001", "\u007f", "\u0080", "\u009f"])
      expect(judgeImageSource(`https://cdn.example.com/a${c}b.png`).kind, JSON.stringify(c)).toBe("refused");
    expect(judgeImageSource("https://cdn.example.com/\u00e9\u00a0x.png").kind).toBe("refused"); // U+00A0 is whitespace
    expect(judgeImageSource("https://cdn.example.com/caf\u00e9.png").kind).toBe("outside");
  });

  it("refuses whitespace inside the path, where the URL parser would encode it", () => {
    expect(judgeImageSource("https://cdn.example.com/a b.png")).toEqual({ kind: "refused", reason: "malformed" });
  });

  it("says why it refuses", () => {
    expect(judgeImageSource("/account")).toEqual({ kind: "refused", reason: "malformed" });
    expect(judgeImageSource(`${SITE}/account`, { site: SITE })).toEqual({ kind: "refused", reason: "malformed" });
    expect(judgeImageSource("http://10.0.0.1/a.png")).toEqual({ kind: "refused", reason: "not-public" });
  });

  it("knows this site's host with a trailing dot, so the spelling cannot bypass the site's image list", () => {
    expect(judgeImageSource("https://play.example.com./account", { site: SITE })).toEqual({ kind: "refused", reason: "malformed" });
    expect(judgeImageSource("https://play.example.com./images/logo.png", { site: SITE }).kind).toBe("site");
  });

  it("takes the proxy's path only from the start of the path", () => {
    expect(judgeImageSource("/x/api/v1/forums/images/1").kind).toBe("refused");
    expect(judgeImageSource("/api/v1/forums/images/1").kind).toBe("site");
  });

  it("refuses the private names themselves and their subdomains, not names that merely start with one", () => {
    for (const host of ["home.arpa", "printer.home.arpa", "db.internal", "box.local"])
      expect(judgeImageSource(`http://${host}/a.png`).kind, host).toBe("refused");
    for (const host of ["localhost.example.com", "internal.example.com"]) expect(judgeImageSource(`http://${host}/a.png`).kind, host).toBe("outside");
  });
});
