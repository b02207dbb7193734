import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { cacheGroupOf, createPageCache, groupsChangedBy } from "../../scripts/lib/page-cache.mjs";

// The server entry's guest page cache (scripts/lib/page-cache.mjs): which requests it may answer,
// what it keeps, and that every answer it gives carries a nonce of its own.

const COOKIES = ["__Host-session", "session"];
const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ method, url, headers });

describe("which requests are guest page reads", () => {
  it("takes the forum, news and hiscores pages of a guest", () => {
    expect(cacheGroupOf(req("/forums"), COOKIES)).toBe("forums");
    expect(cacheGroupOf(req("/forums/3?page=2"), COOKIES)).toBe("forums");
    expect(cacheGroupOf(req("/forums/thread/12"), COOKIES)).toBe("forums");
    expect(cacheGroupOf(req("/news"), COOKIES)).toBe("forums");
    expect(cacheGroupOf(req("/news/double-xp-weekend"), COOKIES)).toBe("forums");
    expect(cacheGroupOf(req("/hiscores"), COOKIES)).toBe("hiscores");
    expect(cacheGroupOf(req("/hiscores/attack?page=40"), COOKIES)).toBe("hiscores");
    expect(cacheGroupOf(req("/hiscores/player/Zezima"), COOKIES)).toBe("hiscores");
    // Cookies that are not the session (the signed-in hint alone, a consent cookie) change nothing.
    expect(cacheGroupOf(req("/forums", { cookie: "signed_in=1; xsession=1; session_note=a" }), COOKIES)).toBe("forums");
  });

  it("never takes a signed-in request, a client navigation, a write or another page", () => {
    expect(cacheGroupOf(req("/forums", { cookie: "session=abc" }), COOKIES)).toBeNull();
    expect(cacheGroupOf(req("/forums", { cookie: "a=1; __Host-session=abc" }), COOKIES)).toBeNull();
    expect(cacheGroupOf(req("/forums", { authorization: "Bearer x" }), COOKIES)).toBeNull();
    for (const h of ["rsc", "next-router-state-tree", "next-router-prefetch", "next-action", "next-url"]) {
      expect(cacheGroupOf(req("/forums", { [h]: "1" }), COOKIES), h).toBeNull();
    }
    expect(cacheGroupOf(req("/forums", {}, "POST"), COOKIES)).toBeNull();
    expect(cacheGroupOf(req("/forums", {}, "HEAD"), COOKIES)).toBeNull();
    for (const url of ["/forums/search?q=x", "/forums/3/create", "/news/create", "/account", "/store", "/vote", "/terms", "/api/v1/forums"]) {
      expect(cacheGroupOf(req(url), COOKIES), url).toBeNull();
    }
  });

  it("clears a group after a successful write under its API prefixes only", () => {
    expect(groupsChangedBy("POST", "/api/v1/forums/threads", 201)).toEqual(["forums"]);
    expect(groupsChangedBy("PATCH", "/api/v1/forums/posts/4", 200)).toEqual(["forums"]);
    expect(groupsChangedBy("POST", "/api/v1/news", 201)).toEqual(["forums"]);
    expect(groupsChangedBy("DELETE", "/api/v1/staff/forums/forums/2", 204)).toEqual(["forums"]);
    expect(groupsChangedBy("POST", "/api/v1/game/hiscores", 200)).toEqual(["hiscores"]);
    expect(groupsChangedBy("POST", "/api/v1/staff/players/9/ban", 200).sort()).toEqual(["forums", "hiscores"]);
    // Failed writes, reads and unrelated writes leave the cache alone.
    expect(groupsChangedBy("POST", "/api/v1/forums/threads", 400)).toEqual([]);
    expect(groupsChangedBy("GET", "/api/v1/forums/threads/1", 200)).toEqual([]);
    expect(groupsChangedBy("POST", "/api/v1/login", 200)).toEqual([]);
    expect(groupsChangedBy("POST", "/api/v1/store/purchase", 200)).toEqual([]);
  });
});

const NONCE = "q1w2e3r4t5y6u7i8o9p0aa";
const CSP = `default-src 'self'; script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'`;
const HTML = `<html><head><script nonce="${NONCE}" src="/_next/a.js"></script></head><body><p>Slayer guide</p><script nonce="${NONCE}">self.__next_f.push([1,"${NONCE}"])</script></body></html>`;
const HEADERS = { "content-type": "text/html; charset=utf-8", "content-security-policy": CSP, "cache-control": "private, no-cache, no-store", date: "x", "content-length": "1" };

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe("what the cache keeps and gives back", () => {
  it("gives every answer a fresh nonce, the same in the policy and in every script of the page", () => {
    const cache = createPageCache();
    expect(cache.store("/forums", "forums", 0, 200, HEADERS, Buffer.from(HTML))).toBe(true);
    const seen = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const out = cache.render(cache.lookup("/forums")!, false);
      const nonce = /'nonce-([^']+)'/.exec(String(out.headers["content-security-policy"]))![1]!;
      const body = out.body.toString();
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(nonce).not.toBe(NONCE);
      expect(body).not.toContain(NONCE);
      expect([...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])).toEqual([nonce, nonce]);
      expect(body).toContain(`push([1,"${nonce}"])`);
      expect(body.replaceAll(nonce, NONCE)).toBe(HTML);
      expect(out.headers["content-length"]).toBe(String(out.body.length));
      expect(out.headers.date).toBeUndefined();
      expect(out.headers["x-page-cache"]).toBe("hit");
      seen.add(nonce);
    }
    expect(seen.size).toBe(3);
  });

  it("keeps a page without a nonce (the hiscores pages) as it is", () => {
    const cache = createPageCache();
    const csp = "default-src 'self'; script-src 'self' 'unsafe-inline'";
    cache.store("/hiscores", "hiscores", 0, 200, { ...HEADERS, "content-security-policy": csp }, Buffer.from("<p>Overall</p>"));
    const out = cache.render(cache.lookup("/hiscores")!, false);
    expect(out.body.toString()).toBe("<p>Overall</p>");
    expect(out.headers["content-security-policy"]).toBe(csp);
  });

  it("compresses an answer for a client that takes gzip", () => {
    const cache = createPageCache();
    const big = HTML.replace("Slayer guide", "x".repeat(5000));
    cache.store("/forums", "forums", 0, 200, HEADERS, Buffer.from(big));
    const out = cache.render(cache.lookup("/forums")!, true);
    expect(out.headers["content-encoding"]).toBe("gzip");
    expect(out.headers.vary).toContain("Accept-Encoding");
    expect(gunzipSync(out.body).toString()).toBe(big.replaceAll(NONCE, out.nonce));
    expect(cache.render(cache.lookup("/forums")!, false).headers["content-encoding"]).toBeUndefined();
  });

  it("keeps only whole 200 answers without cookies", () => {
    const cache = createPageCache();
    expect(cache.store("/forums/9", "forums", 0, 404, HEADERS, Buffer.from(HTML))).toBe(false);
    expect(cache.store("/forums", "forums", 0, 200, { ...HEADERS, "set-cookie": ["a=1"] }, Buffer.from(HTML))).toBe(false);
    expect(cache.lookup("/forums/9")).toBeNull();
    expect(cache.lookup("/forums")).toBeNull();
  });

  it("forgets a page after its time limit", () => {
    const c = clock();
    const cache = createPageCache({ ttlMs: 3000, now: c.now });
    cache.store("/forums", "forums", 0, 200, HEADERS, Buffer.from(HTML));
    c.advance(2999);
    expect(cache.lookup("/forums")).not.toBeNull();
    c.advance(1);
    expect(cache.lookup("/forums")).toBeNull();
  });

  it("clears one group, and refuses a render that began before the clear", () => {
    const cache = createPageCache();
    cache.store("/forums", "forums", cache.generation("forums"), 200, HEADERS, Buffer.from(HTML));
    cache.store("/hiscores", "hiscores", cache.generation("hiscores"), 200, HEADERS, Buffer.from(HTML));
    const before = cache.generation("forums");
    cache.clear(["forums"]);
    expect(cache.lookup("/forums")).toBeNull();
    expect(cache.lookup("/hiscores")).not.toBeNull();
    // A render that started before the write may show the old state: not kept.
    expect(cache.store("/forums", "forums", before, 200, HEADERS, Buffer.from(HTML))).toBe(false);
    expect(cache.store("/forums", "forums", cache.generation("forums"), 200, HEADERS, Buffer.from(HTML))).toBe(true);
  });

  it("holds at most maxEntries pages, dropping the oldest", () => {
    const cache = createPageCache({ maxEntries: 2 });
    for (const url of ["/forums/1", "/forums/2", "/forums/3"]) cache.store(url, "forums", 0, 200, HEADERS, Buffer.from(HTML));
    expect(cache.size()).toBe(2);
    expect(cache.lookup("/forums/1")).toBeNull();
    expect(cache.lookup("/forums/3")).not.toBeNull();
  });
});
