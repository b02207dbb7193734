import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GAME_MODE_DB, XP_MODE_DB } from "@/lib/hiscores";
import { GAME_MODES, XP_MODES } from "@/lib/schemas/game";
import { changesPayload, topic } from "@/lib/server/changes/announce";
import { usernameKey } from "@/lib/usernames";
import { GAINS_TOPIC } from "@/lib/server/progress/refresh-gains";
import { affects, asGuest, cacheTopicOf, createPageCache, serveFromCache, topicOfPage } from "../../scripts/lib/page-cache.mjs";

// The server entry's guest page cache (scripts/lib/page-cache.mjs): which requests it may answer,
// what it keeps, and that every answer it gives carries a nonce of its own.

const COOKIES = ["__Host-session", "session"];
const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ method, url, headers });

describe("which requests are guest page reads, and the topic each depends on", () => {
  it("takes the forum, news and hiscores pages of a guest, each under its own topic", () => {
    expect(cacheTopicOf(req("/forums"), COOKIES)).toBe("forums:index");
    expect(cacheTopicOf(req("/forums/3?page=2"), COOKIES)).toBe("forums:forum:3");
    expect(cacheTopicOf(req("/forums/thread/12"), COOKIES)).toBe("forums:thread:12");
    expect(cacheTopicOf(req("/news"), COOKIES)).toBe("news");
    expect(cacheTopicOf(req("/news/double-xp-weekend"), COOKIES)).toBe("news");
    expect(cacheTopicOf(req("/hiscores"), COOKIES)).toBe("hiscores:ladder:regular:regular");
    expect(cacheTopicOf(req("/hiscores/attack?page=40&mode=ironman&xp=25x"), COOKIES)).toBe("hiscores:ladder:ironman:25x");
    // Modes the pages read as regular are regular here too.
    expect(cacheTopicOf(req("/hiscores/attack?mode=deadman&xp=99x"), COOKIES)).toBe("hiscores:ladder:regular:regular");
    // A player's page under the name's key, whatever the case and separators in the URL.
    expect(cacheTopicOf(req("/hiscores/player/Big%20Bob_1?mode=ironman"), COOKIES)).toBe(`hiscores:player:${usernameKey("Big Bob_1")}`);
    // The forum reads of the JSON API, under the topics of the pages that show the same thing.
    expect(cacheTopicOf(req("/api/v1/forums"), COOKIES)).toBe("forums:index");
    expect(cacheTopicOf(req("/api/v1/forums/threads/3?page=2"), COOKIES)).toBe("forums:forum:3");
    expect(cacheTopicOf(req("/api/v1/forums/thread/12", { cookie: "session=abc; signed_in=1" }), COOKIES)).toBe("forums:thread:12");
    expect(cacheTopicOf(req("/api/v1/hiscores/player/Big%20Bob_1?mode=ironman"), COOKIES)).toBe(`hiscores:player:${usernameKey("Big Bob_1")}`);
    expect(cacheTopicOf(req("/api/v1/hiscores?skill=attack&page=40&mode=ironman&xp=25x"), COOKIES)).toBe("hiscores:ladder:ironman:25x");
    expect(cacheTopicOf(req("/api/v1/hiscores?page=2"), COOKIES)).toBe("hiscores:ladder:regular:regular");
    expect(cacheTopicOf(req("/api/v1/forums/thread/12", { authorization: "Bearer x" }), COOKIES)).toBeNull();
    expect(cacheTopicOf(req("/api/v1/forums/thread/12", { cookie: "session=abc; signed_in=staff" }), COOKIES)).toBeNull();
    // Cookies that are not the session (the signed-in hint alone, a consent cookie) change nothing.
    expect(cacheTopicOf(req("/forums", { cookie: "signed_in=1; xsession=1; session_note=a" }), COOKIES)).toBe("forums:index");
  });

  it("takes a signed-in player's request (the public page, made personal in the browser), never staff's", () => {
    expect(cacheTopicOf(req("/forums", { cookie: "session=abc; signed_in=1" }), COOKIES)).toBe("forums:index");
    expect(cacheTopicOf(req("/forums/thread/4", { cookie: "__Host-session=abc" }), COOKIES)).toBe("forums:thread:4");
    expect(cacheTopicOf(req("/forums", { cookie: "session=abc; signed_in=staff" }), COOKIES)).toBeNull();
    expect(cacheTopicOf(req("/hiscores", { cookie: "signed_in=staff; a=1; __Host-session=abc" }), COOKIES)).toBeNull();
    // The staff hint without a session is a guest's request.
    expect(cacheTopicOf(req("/forums", { cookie: "signed_in=staff" }), COOKIES)).toBe("forums:index");
  });

  it("renders what it keeps as for a guest: the session cookies are taken off the request", () => {
    const r = {
      headers: { cookie: "a=1; session=abc; signed_in=1; __Host-session=x" },
      rawHeaders: ["Host", "h", "Cookie", "a=1; session=abc; signed_in=1; __Host-session=x"],
    };
    asGuest(r, COOKIES);
    expect(r.headers.cookie).toBe("a=1; signed_in=1");
    expect(r.rawHeaders).toEqual(["Host", "h", "Cookie", "a=1; signed_in=1"]);
    const only = { headers: { cookie: "session=abc" } as Record<string, string>, rawHeaders: ["cookie", "session=abc", "Host", "h"] };
    asGuest(only, COOKIES);
    expect(only.headers.cookie).toBeUndefined();
    expect(only.rawHeaders).toEqual(["Host", "h"]);
  });

  it("never takes a client navigation, a write or another page", () => {
    expect(cacheTopicOf(req("/forums", { authorization: "Bearer x" }), COOKIES)).toBeNull();
    for (const h of ["rsc", "next-router-state-tree", "next-router-prefetch", "next-action", "next-url"]) {
      expect(cacheTopicOf(req("/forums", { [h]: "1" }), COOKIES), h).toBeNull();
    }
    expect(cacheTopicOf(req("/forums", {}, "POST"), COOKIES)).toBeNull();
    expect(cacheTopicOf(req("/forums", {}, "HEAD"), COOKIES)).toBeNull();
    for (const url of [
      "/forums/search?q=x",
      "/forums/3/create",
      "/news/create",
      "/account",
      "/store",
      "/vote",
      "/terms",
      "/api/v1/forums/search?q=x",
      "/api/v1/forums/thread/abc",
      "/api/v1/news",
      "/api/v1/hiscores/regular/index_lite.json",
      "/api/v1/hiscores/player/a/b",
      "/hiscores/player/%E0%A4%A",
    ]) {
      expect(cacheTopicOf(req(url), COOKIES), url).toBeNull();
    }
  });

  it("speaks the announcers' vocabulary: the same modes and the same name keys", () => {
    for (const mode of GAME_MODES)
      for (const xp of XP_MODES) {
        const ladder = { gameMode: GAME_MODE_DB[mode], xpMode: XP_MODE_DB[xp] };
        expect(topicOfPage("/hiscores/attack", `mode=${mode}&xp=${xp}`)).toBe(topic.ladder(ladder));
      }
    for (const name of ["Zezima", "big bob", "A-b_c 1"]) expect(topicOfPage(`/hiscores/player/${encodeURIComponent(name)}`)).toBe(topic.player(name));
    // A player's progress tabs and their JSON follow the player's pushes; top gainers and records their refresh.
    for (const tab of ["gains", "achievements", "log", "records"]) {
      expect(topicOfPage(`/hiscores/player/Big%20Bob/${tab}`)).toBe(topic.player("Big Bob"));
      expect(topicOfPage(`/api/v1/hiscores/player/Big%20Bob/${tab}`)).toBe(topic.player("Big Bob"));
    }
    expect(topicOfPage("/api/v1/hiscores/player/Big%20Bob/gains/zulrah")).toBe(topic.player("Big Bob"));
    expect(topicOfPage("/hiscores/player/Big%20Bob/settings")).toBeNull();
    for (const path of ["/hiscores/gains", "/hiscores/records", "/api/v1/hiscores/gains", "/api/v1/hiscores/records"])
      expect(topicOfPage(path)).toBe(GAINS_TOPIC);
    expect(topicOfPage("/forums/7")).toBe(topic.forum(7));
    expect(topicOfPage("/forums/thread/9")).toBe(topic.thread(9));
    expect(topicOfPage("/forums")).toBe(topic.forumIndex);
    expect(topicOfPage("/news/x")).toBe(topic.news);
    expect(topicOfPage("/api/v1/vote/goal")).toBe(topic.voteGoal);
    expect(topicOfPage("/api/v1/vote/goals")).toBeNull();
  });

  it("clears a page for its own topic and for every broader one, never for a sibling", () => {
    expect(affects("forums", "forums:thread:12")).toBe(true);
    expect(affects("forums:thread:12", "forums:thread:12")).toBe(true);
    expect(affects("forums:thread:1", "forums:thread:12")).toBe(false);
    expect(affects("forums:forum:3", "forums:index")).toBe(false);
    expect(affects("hiscores:ladder:ironman", "hiscores:ladder:ironman:25x")).toBe(true);
    expect(affects("hiscores:ladder:ironman", "hiscores:ladder:ultimate_ironman:25x")).toBe(false);
    expect(affects("news", "forums:index")).toBe(false);
  });
});

const NONCE = "q1w2e3r4t5y6u7i8o9p0aa";
const CSP = `default-src 'self'; script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'`;
const HTML = `<html><head><script nonce="${NONCE}" src="/_next/a.js"></script></head><body><p>Slayer guide</p><script nonce="${NONCE}">self.__next_f.push([1,"${NONCE}"])</script></body></html>`;
const HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": CSP,
  "cache-control": "private, no-cache, no-store",
  date: "x",
  "content-length": "1",
};

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

  it("gives an API answer a request id of its own on every hit: the client's when it is plain, else a new one", () => {
    const cache = createPageCache();
    const json = { "content-type": "application/json", "cache-control": "no-store", "x-request-id": "first-render" };
    cache.store("/api/v1/forums/thread/1", "forums:thread:1", 0, 200, json, Buffer.from('{"id":1}'));
    const ids = [0, 1, 2].map(() => String(cache.render(cache.lookup("/api/v1/forums/thread/1")!, false).headers["x-request-id"]));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    expect(cache.render(cache.lookup("/api/v1/forums/thread/1")!, false, "client-42").headers["x-request-id"]).toBe("client-42");
    expect(cache.render(cache.lookup("/api/v1/forums/thread/1")!, false, "bad id\r\nx").headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    // A page has none.
    cache.store("/forums", "forums:index", 0, 200, HEADERS, Buffer.from(HTML));
    expect(cache.render(cache.lookup("/forums")!, false).headers["x-request-id"]).toBeUndefined();
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

  it("clears the pages under an announced topic, and refuses a render of them that began before the clear", () => {
    const cache = createPageCache();
    const keep = (url: string, t: string, generation = cache.generation()) => cache.store(url, t, generation, 200, HEADERS, Buffer.from(HTML));
    keep("/forums/thread/1", "forums:thread:1");
    keep("/forums/thread/2", "forums:thread:2");
    keep("/hiscores", "hiscores:ladder:regular:regular");
    const before = cache.generation();
    cache.clear(["forums:thread:1"]);
    expect(cache.lookup("/forums/thread/1")).toBeNull();
    expect(cache.lookup("/forums/thread/2")).not.toBeNull();
    expect(cache.lookup("/hiscores")).not.toBeNull();
    // A render that started before the write may show the old state: not kept.
    expect(keep("/forums/thread/1", "forums:thread:1", before)).toBe(false);
    // One of another page that started then is: the write did not touch it.
    expect(keep("/hiscores/attack", "hiscores:ladder:regular:regular", before)).toBe(true);
    expect(keep("/forums/thread/1", "forums:thread:1")).toBe(true);
    // A broad topic clears every page under it.
    cache.clear(["forums"]);
    expect(cache.lookup("/forums/thread/1")).toBeNull();
    expect(cache.lookup("/forums/thread/2")).toBeNull();
    expect(cache.lookup("/hiscores/attack")).not.toBeNull();
    // No topic: everything (after a reconnect, when announcements may have been missed).
    cache.clear();
    expect(cache.size()).toBe(0);
  });

  it("keeps nothing while nobody tells it about changes", () => {
    const cache = createPageCache();
    cache.state.listening = false;
    expect(cache.store("/forums", "forums:index", cache.generation(), 200, HEADERS, Buffer.from(HTML))).toBe(false);
    cache.state.listening = true;
    expect(cache.store("/forums", "forums:index", cache.generation(), 200, HEADERS, Buffer.from(HTML))).toBe(true);
  });

  it("holds at most maxEntries pages, dropping the oldest", () => {
    const cache = createPageCache({ maxEntries: 2 });
    for (const url of ["/forums/1", "/forums/2", "/forums/3"]) cache.store(url, "forums:index", 0, 200, HEADERS, Buffer.from(HTML));
    expect(cache.size()).toBe(2);
    expect(cache.lookup("/forums/1")).toBeNull();
    expect(cache.lookup("/forums/3")).not.toBeNull();
  });
});

describe("misses that arrive together", () => {
  /**
   * A server whose "Next" takes `renderMs` to answer a page and counts its renders; the
   * first `failures` renders answer 500 (not kept).
   */
  async function serverWith(opts: { renderMs: number; failures?: number }) {
    const cache = createPageCache();
    let renders = 0;
    const server = http.createServer((req, res) => {
      serveFromCache(cache, req, res, "forums:index", () => {
        const n = ++renders;
        setTimeout(() => {
          const failed = n <= (opts.failures ?? 0);
          res.writeHead(failed ? 500 : 200, { "content-type": "text/html", "content-security-policy": HEADERS["content-security-policy"] });
          res.end(failed ? "error" : HTML);
        }, opts.renderMs);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { cache, base, renders: () => renders, close: () => new Promise((r) => server.close(r)) };
  }

  it("renders a page once however many guests ask for it during the render, each answer with its own nonce", async () => {
    const s = await serverWith({ renderMs: 150 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${s.base}/forums`).then(async (r) => ({ status: r.status, body: await r.text() }))),
      );
      expect(s.renders()).toBe(1);
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      const nonces = answers.map((a) => /nonce="([^"]+)"/.exec(a.body)![1]);
      expect(new Set(nonces).size).toBe(20);
      expect(s.cache.stats.waited).toBe(19);
    } finally {
      await s.close();
    }
  });

  it("lets the waiters render for themselves when the render they waited for is not kept", async () => {
    const s = await serverWith({ renderMs: 100, failures: 1 });
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(`${s.base}/forums`).then((r) => r.status)));
      // The first render failed (500 to its own request, not kept); one waiter became the next
      // render and the other eight were served from it.
      expect(answers.filter((st) => st === 500)).toHaveLength(1);
      expect(answers.filter((st) => st === 200)).toHaveLength(9);
      expect(s.renders()).toBe(2);
    } finally {
      await s.close();
    }
  });
});

describe("the announcement's payload", () => {
  it("sends each topic once, and past NOTIFY's 8000 bytes the broad topics the list falls under", () => {
    expect(changesPayload(["forums:index", "forums:forum:3", "forums:index"])).toBe("forums:index,forums:forum:3");
    const many = Array.from({ length: 2000 }, (_, i) => topic.thread(i));
    const cut = changesPayload([...many, topic.player("Zezima")]);
    expect(cut).toBe("forums,hiscores");
    // Broad enough: every page the long list named is still dropped.
    for (const t of [...many, topic.player("Zezima")]) expect(cut.split(",").some((a) => affects(a, t))).toBe(true);
  });
});
