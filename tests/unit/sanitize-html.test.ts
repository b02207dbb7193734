import { describe, expect, it } from "vitest";
import { cleanContent, htmlToText, sanitizePostHtml } from "@/lib/server/forums/sanitize";
import { STRUCTURE_CORPUS, XSS_CORPUS } from "../fixtures/xss-corpus";

describe("sanitizePostHtml: the allowlist for forum posts and news", () => {
  it("keeps everything the editor's toolbar makes", () => {
    const html =
      '<h1 style="text-align: center">Title</h1><h2>Sub</h2><p style="text-align: right"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><hr /><p><img src="https://cdn.example.com/a.png" alt="a" /></p><p><img src="/images/news/default.svg" /></p>';
    const out = sanitizePostHtml(html);
    for (const part of [
      '<h1 style="text-align:center">',
      "<h2>",
      '<p style="text-align:right">',
      "<strong>b</strong>",
      "<em>i</em>",
      "<u>u</u>",
      "<s>s</s>",
      "<ul><li><p>one</p></li></ul>",
      "<ol>",
      "<hr />",
      '<img src="https://cdn.example.com/a.png" alt="a" />',
      '<img src="/images/news/default.svg" />',
    ]) {
      expect(out).toContain(part);
    }
  });

  it("maps older spellings to the editor's tags and marks links nofollow in a new tab", () => {
    expect(sanitizePostHtml("<b>x</b><i>y</i><strike>z</strike><h3>h</h3>")).toBe("<strong>x</strong><em>y</em><s>z</s><h2>h</h2>");
    // Stored as the URL parser normalised it (the trailing slash), like images.
    expect(sanitizePostHtml('<a href="https://example.com" title="t" onclick="x()">l</a>')).toBe(
      '<a href="https://example.com/" rel="nofollow ugc noopener noreferrer" target="_blank">l</a>',
    );
  });

  it.each([...XSS_CORPUS, ...STRUCTURE_CORPUS].map((html, i) => [i, html]))("corpus entry %i leaves nothing that can run or reach out", (_i, html) => {
    const out = sanitizePostHtml(html);
    expect(out).not.toMatch(
      /<\s*(script|svg|math|iframe|object|embed|form|input|button|meta|base|link|style|details|body|video|audio|source|template|textarea|noscript|isindex|div)\b/i,
    );
    expect(out).not.toMatch(/\son\w+\s*=/i);
    expect(out).not.toMatch(/javascript:|data:|evil\.test|expression\(|url\(/i);
    // Only text alignment survives in style attributes.
    for (const m of out.matchAll(/style="([^"]*)"/g)) expect(m[1]).toMatch(/^text-align:(left|right|center|justify);?$/);
    // A fixed point: sanitising the stored copy again changes nothing.
    expect(sanitizePostHtml(out)).toBe(out);
    // The editor's structures only in their one form: a mention span with a numeric id and text
    // only inside; a blockquote with numeric quote ids and nothing else; links with the fixed rel.
    for (const m of out.matchAll(/<span\b[^>]*>/g)) expect(m[0]).toMatch(/^<span data-mention="[1-9][0-9]{0,9}">$/);
    for (const m of out.matchAll(/<span data-mention="\d+">([\s\S]*?)<\/span>/g)) expect(m[1]).not.toMatch(/</);
    for (const m of out.matchAll(/<blockquote\b[^>]*>/g)) {
      expect(m[0]).toMatch(/^<blockquote(?: data-quote-post="[1-9][0-9]{0,9}"(?: data-quote-user="[1-9][0-9]{0,9}")?)?>$/);
    }
    for (const m of out.matchAll(/<a\b[^>]*>/g)) {
      expect(m[0]).toMatch(/^<a (?:href="\/(?!\/)[^"]*"|(?:href="https?:\/\/[^"]+" )?rel="nofollow ugc noopener noreferrer" target="_blank")>$/);
    }
  });

  it("keeps a mention and a quote exactly, and drops every other span and attribute", () => {
    expect(sanitizePostHtml('<p>hi <span data-mention="12" class="m">@Bob</span> <span class="x">plain</span></p>')).toBe(
      '<p>hi <span data-mention="12">@Bob</span> plain</p>',
    );
    // Tags inside a mention go; their text stays.
    expect(sanitizePostHtml('<p><span data-mention="5">@<strong>A</strong><span data-mention="6">b</span></span>!</p>')).toBe(
      '<p><span data-mention="5">@Ab</span>!</p>',
    );
    expect(sanitizePostHtml('<span data-mention="0">@zero</span><span data-mention="2147483648">@big</span><span data-mention="2147483647">@max</span>')).toBe(
      '@zero@big<span data-mention="2147483647">@max</span>',
    );
    const quote = '<blockquote data-quote-post="9" data-quote-user="3"><p><a href="/forums/thread/1?page=2#post-9">Bob</a> wrote:</p><p>t</p></blockquote>';
    expect(sanitizePostHtml(quote)).toBe(quote);
    expect(sanitizePostHtml('<blockquote data-quote-user="3" data-quote-post="9">q</blockquote>')).toBe(
      '<blockquote data-quote-post="9" data-quote-user="3">q</blockquote>',
    );
    expect(sanitizePostHtml('<blockquote data-quote-user="3">q</blockquote><blockquote data-quote-post="09">q</blockquote>')).toBe(
      "<blockquote>q</blockquote><blockquote>q</blockquote>",
    );
  });

  it("keeps links to this site's paths in the same tab, and outside links nofollow in a new tab", () => {
    expect(sanitizePostHtml('<a href="/forums/thread/1#post-2" target="_blank">q</a>')).toBe('<a href="/forums/thread/1#post-2">q</a>');
    expect(sanitizePostHtml('<a href="/a/../store-link">q</a>')).toBe('<a href="/store-link">q</a>');
    expect(sanitizePostHtml('<a href="HTTPS://Example.COM/x">x</a>')).toBe(
      '<a href="https://example.com/x" rel="nofollow ugc noopener noreferrer" target="_blank">x</a>',
    );
  });

  it("drops images from relative, protocol-relative and non-http sources, and keeps the text around them", () => {
    expect(sanitizePostHtml('<p>a<img src="x">b<img src="//evil.test/i.png">c<img src="ftp://h/i.png">d</p>')).toBe("<p>abcd</p>");
  });
});

describe("sanitizePostHtml: images follow the one image rule (lib/image-url.ts)", () => {
  const site = { site: "https://play.example.com", allowPrivate: false };

  it("drops an image whose address the URL parser cannot read, never taking it for a site path", () => {
    for (const src of [
      "https://xn--a.attacker.example:8443/leak.png",
      "https://evil.example:99999/a.png",
      "https://evil%00.example/a.png",
      "https://ev^il.example/a.png",
      "https://ev[il.example/a.png",
      "https://evil\u3000.example/a.png",
    ]) {
      expect(sanitizePostHtml(`<p>a<img src="${src}">b</p>`, site), src).toBe("<p>ab</p>");
    }
  });

  it("drops site paths that are not images, and such paths on this site's own host", () => {
    for (const src of [
      "/store-link?token=abc",
      "/api/v1/logout",
      "/account",
      "/images/../store-link?token=abc",
      "https://play.example.com/store-link?token=abc",
      "http://play.example.com/api/v1/logout",
      "https://play.example.com/images/../account",
    ]) {
      expect(sanitizePostHtml(`<p>a<img src="${src}">b</p>`, site), src).toBe("<p>ab</p>");
    }
  });

  it("drops literal addresses that are not public, unless the test switch allows them", () => {
    for (const src of [
      "http://127.0.0.1:8080/a.png",
      "http://2130706433/a.png",
      "http://[::127.0.0.1]/a.png",
      "http://[2002:7f00:1::1]/a.png",
      "http://169.254.169.254/a.png",
      "http://localhost/a.png",
    ]) {
      expect(sanitizePostHtml(`<p>a<img src="${src}">b</p>`, site), src).toBe("<p>ab</p>");
    }
    expect(sanitizePostHtml('<img src="http://127.0.0.1:8080/a.png">', { ...site, allowPrivate: true })).toBe('<img src="http://127.0.0.1:8080/a.png" />');
  });

  it("keeps this site's image paths, and outside images in the parser's form (a fixed point)", () => {
    const html =
      '<img src="/images/logo.png"><img src="/api/v1/forums/images/12"><img src="https://play.example.com/images/news/default.svg">' +
      '<img src="https://CDN.example.com/x/../a.png?a=1&amp;b=2" alt="a">';
    const out = sanitizePostHtml(html, site);
    expect(out).toBe(
      '<img src="/images/logo.png" /><img src="/api/v1/forums/images/12" /><img src="https://play.example.com/images/news/default.svg" />' +
        '<img src="https://cdn.example.com/a.png?a=1&amp;b=2" alt="a" />',
    );
    expect(sanitizePostHtml(out, site)).toBe(out);
    // With the proxy's mapping, the outside image becomes a site path that the rule keeps.
    const proxied = sanitizePostHtml(html, {
      ...site,
      outside: (url) => (url === "https://cdn.example.com/a.png?a=1&b=2" ? "/api/v1/forums/images/5" : "/nowhere"),
    });
    expect(proxied).toContain('<img src="/api/v1/forums/images/5" alt="a" />');
    expect(sanitizePostHtml(proxied, site)).toBe(proxied);
  });
});

describe("htmlToText and cleanContent", () => {
  it("gives plain text with blocks spaced and entities decoded, cut at a word", () => {
    expect(htmlToText("<h1>Hi</h1><p>Tom &amp; Jerry &lt;3</p><ul><li>a</li><li>b</li></ul>")).toBe("Hi Tom & Jerry <3 a b");
    expect(htmlToText("<p>one two three four five six</p>", 16)).toBe("one two three…");
  });

  it("refuses a body with nothing left to read, naming the field", () => {
    for (const empty of ["<p></p>", "<script>alert(1)</script>", "<p> <br></p>", '<img src="javascript:alert(1)">']) {
      expect(() => cleanContent(empty)).toThrow(expect.objectContaining({ code: "VALIDATION", fields: { content: ["Write something before posting."] } }));
    }
    expect(cleanContent('<p><img src="https://example.com/a.png"></p>')).toBe('<p><img src="https://example.com/a.png" /></p>');
  });

  it("refuses a stored copy over the limit", () => {
    expect(() => cleanContent(`<p>${"a".repeat(30_001)}</p>`)).toThrow(expect.objectContaining({ fields: { content: [expect.stringContaining("too long")] } }));
  });
});
