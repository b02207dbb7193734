import { afterEach, describe, expect, it, vi } from "vitest";
import { isImageUrl, isSiteImagePath, judgeImageSource } from "@/lib/image-url";

// The one rule for images in user HTML (lib/image-url.ts): another site's http(s) image that the
// WHATWG parser reads (proxied), or one of this site's image paths; everything else is dropped.

const SITE = "https://play.example.com";

describe("isImageUrl: where post and news images may come from", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("accepts absolute http(s) addresses and this site's image paths", () => {
    for (const ok of ["https://cdn.example.com/a.png", "http://example.com/a.gif?x=1", "/images/news/default.svg", "/api/v1/forums/images/12"])
      expect(isImageUrl(ok), ok).toBe(true);
  });

  it("refuses scripts, data, protocol-relative, relative and spaced addresses", () => {
    for (const bad of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "//evil.test/a.png",
      "a.png",
      "ftp://h/a.png",
      "https://exa mple.com/a.png",
      "/\\evil.test",
      "",
      "https://",
    ]) {
      expect(isImageUrl(bad), bad).toBe(false);
    }
  });

  it("in the browser, judges an address on the page's own origin by the site's image list", () => {
    vi.stubGlobal("location", { origin: "http://127.0.0.1:3210" });
    expect(isImageUrl("http://127.0.0.1:3210/images/news/default.svg")).toBe(true);
    expect(isImageUrl("http://127.0.0.1:3210/store-link?token=abc")).toBe(false);
    expect(isImageUrl("http://127.0.0.1:9999/a.png")).toBe(false);
    // A sandboxed page's "null" origin is no site: outside images are still judged as such.
    vi.stubGlobal("location", { origin: "null" });
    expect(isImageUrl("https://cdn.example.com/a.png")).toBe(true);
  });
});

describe("judgeImageSource", () => {
  it("sends another site's image to the proxy, as the parser normalised it", () => {
    for (const [src, href] of [
      ["https://images.example/x.png", "https://images.example/x.png"],
      ["https://CDN.example.com/x/../a.png?a=1&b=2", "https://cdn.example.com/a.png?a=1&b=2"],
      ["http://8.8.8.8:8080/a.png", "http://8.8.8.8:8080/a.png"],
      ["https://[2606:4700:4700::1111]/a.png", "https://[2606:4700:4700::1111]/a.png"],
    ]) {
      const judged = judgeImageSource(src!, { site: SITE });
      expect(judged.kind, src).toBe("outside");
      expect(judged.kind === "outside" && judged.url.href, src).toBe(href);
    }
  });

  it("drops what the WHATWG parser cannot read, instead of taking it for a path on this site", () => {
    for (const src of [
      "https://xn--a.attacker.example:8443/leak.png", // invalid punycode: Node refuses, Chromium loads it
      "https://evil.example:99999/a.png",
      "https://evil%00.example/a.png",
      "https://ev^il.example/a.png",
      "https://ev[il.example/a.png",
      "https://evil\u3000.example/a.png",
      "https://evil.example\u3000/a.png",
      "https://evil.example/a\u0000.png",
      "http://1.2.3.4.5/a.png",
      "https://user:secret@images.example/a.png",
      "mailto:a@example.com",
      "blob:https://images.example/1",
    ]) {
      expect(judgeImageSource(src, { site: SITE }), JSON.stringify(src)).toEqual({ kind: "refused", reason: "malformed" });
    }
  });

  it("keeps only the listed paths of this site: the proxy's and /images/", () => {
    for (const path of ["/images/logo.png", "/images/news/default.svg", "/images/store/abyssal-whip.svg", "/api/v1/forums/images/7"]) {
      expect(isSiteImagePath(path), path).toBe(true);
      expect(judgeImageSource(path, { site: SITE }), path).toEqual({ kind: "site", src: path });
    }
    for (const path of [
      "/store-link?token=abc",
      "/api/v1/logout",
      "/account",
      "/",
      "/images",
      "/images/",
      "/images/../store-link",
      "/images/%2e%2e/store-link",
      "/images/.hidden",
      "/images/logo.png?token=1",
      "/images/logo.png#x",
      "/images//logo.png",
      "/api/v1/forums/images/abc",
      "/api/v1/forums/images/7/../../../logout",
      "/api/v1/forums/images/7?x=1",
      "/favicon.svg",
    ]) {
      expect(isSiteImagePath(path), path).toBe(false);
      expect(judgeImageSource(path, { site: SITE }).kind, path).toBe("refused");
    }
  });

  it("keeps an absolute address on this site's host only for a listed path, in normalised form", () => {
    expect(judgeImageSource(`${SITE}/images/logo.png`, { site: SITE })).toEqual({ kind: "site", src: `${SITE}/images/logo.png` });
    expect(judgeImageSource("https://PLAY.example.com/api/v1/forums/images/3", { site: SITE })).toEqual({
      kind: "site",
      src: `${SITE}/api/v1/forums/images/3`,
    });
    for (const src of [
      `${SITE}/store-link?token=abc`,
      `${SITE}/api/v1/logout`,
      `${SITE}/account`,
      `${SITE}/images/../store-link?token=abc`,
      `${SITE}/images/logo.png?token=abc`,
      "http://play.example.com/store-link?token=abc", // another scheme, the same host
      "https://play.example.com:8443/api/v1/logout",
    ]) {
      expect(judgeImageSource(src, { site: SITE }).kind, src).toBe("refused");
    }
    // The site's host decides before the public-address check (local and test sites run on 127.0.0.1).
    expect(judgeImageSource("http://127.0.0.1:3210/images/news/default.svg", { site: "http://127.0.0.1:3210" }).kind).toBe("site");
  });

  it("drops literal addresses and names that are not public, unless the test switch allows them", () => {
    for (const src of [
      "http://127.0.0.1:8080/a.png",
      "http://[::1]/a.png",
      "http://10.0.0.1/a.png",
      "http://localhost/a.png",
      "http://intranet/a.png",
      "http://printer.local/a.png",
      "http://metadata.google.internal/a.png",
    ]) {
      expect(judgeImageSource(src, { site: SITE }), src).toEqual({ kind: "refused", reason: "not-public" });
      expect(judgeImageSource(src, { site: SITE, allowPrivate: true }).kind, src).toBe("outside");
    }
  });
});
