import { describe, expect, it } from "vitest";
import { cleanContent, htmlToText, sanitizePostHtml } from "@/lib/server/forums/sanitize";
import { XSS_CORPUS } from "../fixtures/xss-corpus";

describe("sanitizePostHtml: the allowlist for forum posts and news", () => {
  it("keeps everything the editor's toolbar makes", () => {
    const html =
      '<h1 style="text-align: center">Title</h1><h2>Sub</h2><p style="text-align: right"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol><hr /><p><img src="https://cdn.example.com/a.png" alt="a" /></p><p><img src="/images/news/default.svg" /></p>';
    const out = sanitizePostHtml(html);
    for (const part of ['<h1 style="text-align:center">', "<h2>", '<p style="text-align:right">', "<strong>b</strong>", "<em>i</em>", "<u>u</u>", "<s>s</s>", "<ul><li><p>one</p></li></ul>", "<ol>", "<hr />", '<img src="https://cdn.example.com/a.png" alt="a" />', '<img src="/images/news/default.svg" />']) {
      expect(out).toContain(part);
    }
  });

  it("maps older spellings to the editor's tags and marks links nofollow in a new tab", () => {
    expect(sanitizePostHtml("<b>x</b><i>y</i><strike>z</strike><h3>h</h3>")).toBe("<strong>x</strong><em>y</em><s>z</s><h2>h</h2>");
    expect(sanitizePostHtml('<a href="https://example.com" title="t" onclick="x()">l</a>')).toBe('<a href="https://example.com" rel="nofollow ugc noopener noreferrer" target="_blank">l</a>');
  });

  it.each(XSS_CORPUS.map((html, i) => [i, html]))("corpus entry %i leaves nothing that can run or reach out", (_i, html) => {
    const out = sanitizePostHtml(html);
    expect(out).not.toMatch(/<\s*(script|svg|math|iframe|object|embed|form|input|button|meta|base|link|style|details|body|video|audio|source|template|textarea|noscript|isindex|div)\b/i);
    expect(out).not.toMatch(/\son\w+\s*=/i);
    expect(out).not.toMatch(/javascript:|data:|evil\.test|expression\(|url\(/i);
    // Only text alignment survives in style attributes.
    for (const m of out.matchAll(/style="([^"]*)"/g)) expect(m[1]).toMatch(/^text-align:(left|right|center|justify);?$/);
    // A fixed point: sanitising the stored copy again changes nothing.
    expect(sanitizePostHtml(out)).toBe(out);
  });

  it("drops images from relative, protocol-relative and non-http sources, and keeps the text around them", () => {
    expect(sanitizePostHtml('<p>a<img src="x">b<img src="//evil.test/i.png">c<img src="ftp://h/i.png">d</p>')).toBe("<p>abcd</p>");
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
