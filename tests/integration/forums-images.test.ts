// The forum image proxy: outside images in posts are stored as /api/v1/forums/images/{id} and
// fetched by the server, so readers never contact the image's host. The "outside host" is a
// local HTTP server; IMAGE_PROXY_ALLOW_PRIVATE lets the proxy reach it, and turning it off shows
// the same address refused as not public. Images whose address our URL parser cannot
// read, or that point at a non-image path of this site, are dropped; failed fetches are remembered
// (one outbound attempt per backoff period, whatever the number of readers).
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as image from "@/app/api/v1/forums/images/[id]/route";
import { db } from "@/lib/server/db";
import { getEnv } from "@/lib/server/env";
import { IMAGE_MAX_BYTES } from "@/lib/server/forums/fetch-image";
import { IMAGE_FRESH_MS, IMAGE_PROXY_PATH } from "@/lib/server/forums/image-proxy";
import { setEnv } from "../support/env";
import { type FakeReply, startFakeServer } from "../support/fake-payments";
import { createForum, forumActors, reply, startThread, viewThread } from "./forums-fixtures";
import { call, freshClient } from "./helpers";

const users = forumActors();
// A 1×1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

let host: Awaited<ReturnType<typeof startFakeServer>>;
let flakyUp = true;
let downUp = false;
let restore: () => void;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
beforeAll(async () => {
  host = await startFakeServer((req): FakeReply | Promise<FakeReply> => {
    if (req.path === "/redirect.png") return { status: 302, headers: { location: "/cat.png" } };
    if (req.path === "/loop.png") return { status: 302, headers: { location: "/loop.png" } };
    if (req.path.startsWith("/cat.png")) return { status: 200, headers: { "content-type": "image/png" }, raw: PNG };
    if (req.path === "/flaky.png") return flakyUp ? { status: 200, headers: { "content-type": "image/png" }, raw: PNG } : { status: 503, text: "down" };
    // Answers slowly, so that readers arriving together overlap with the one fetch.
    if (req.path.startsWith("/down.png"))
      return pause(300).then((): FakeReply => (downUp ? { status: 200, headers: { "content-type": "image/png" }, raw: PNG } : { status: 503, text: "down" }));
    if (req.path === "/evil.svg") return { status: 200, headers: { "content-type": "image/svg+xml" }, text: "<svg onload=alert(1)></svg>" };
    if (req.path === "/page.png") return { status: 200, headers: { "content-type": "text/html" }, text: "<script>alert(1)</script>" };
    // Labelled as an image, but the bytes are a page (the bytes decide: lib/server/images/image-types.ts).
    if (req.path === "/lying.png") return { status: 200, headers: { "content-type": "image/png" }, text: "<script>alert(1)</script>" };
    // A PNG labelled as a JPEG: served as what it is.
    if (req.path === "/mislabelled.jpg") return { status: 200, headers: { "content-type": "image/jpeg" }, raw: PNG };
    if (req.path === "/huge.png") return { status: 200, headers: { "content-type": "image/png" }, raw: Buffer.alloc(IMAGE_MAX_BYTES + 1) };
    return { status: 404, text: "gone" };
  });
  restore = setEnv({ IMAGE_PROXY_ALLOW_PRIVATE: "true" });
});
afterAll(async () => {
  restore();
  await host.close();
});

const proxiedIds = (html: string) => [...html.matchAll(/src="\/api\/v1\/forums\/images\/(\d+)"/g)].map((m) => Number(m[1]));
const fetchProxied = (id: number | string, cookie?: string) =>
  image.GET(
    new NextRequest(`http://localhost:3000${IMAGE_PROXY_PATH}${id}`, { headers: { ...freshClient(), ...(cookie ? { cookie: `session=${cookie}` } : {}) } }),
    {
      params: Promise.resolve({ id: String(id) }),
    },
  );

describe("storing posts with outside images", () => {
  it("points them at the proxy, one id per address; site images stay as they are", async () => {
    const forum = await createForum();
    const outside = `${host.url}/cat.png?size=big&x=1`;
    const t = await startThread(
      users.alice,
      forum.id,
      "Pictures",
      `<p>Look</p><img src="${outside.replace(/&/g, "&amp;")}"><img src="/images/news/default.svg"><img src="http://localhost:3000/images/logo.png">`,
    );
    const view = (await viewThread(users.bob, t.id)).view;
    const body = view.posts[0]!.content;
    expect(body).not.toContain(host.url);
    expect(body).toContain('src="/images/news/default.svg"');
    expect(body).toContain('src="http://localhost:3000/images/logo.png"');
    const [id] = proxiedIds(body);
    expect(await db.forumImage.findUniqueOrThrow({ where: { id } })).toMatchObject({ url: outside });

    // The same address in other posts keeps its id (news articles: news.test.ts, the one shared-database file that writes news).
    const again = await Promise.all([
      reply(users.bob, t.id, `<p><img src="${outside.replace(/&/g, "&amp;")}"></p>`),
      reply(users.alice, t.id, `<img src="${outside.replace(/&/g, "&amp;")}">`),
    ]);
    for (const p of again) expect(proxiedIds(p.content)).toEqual([id]);
    expect(await db.forumImage.count({ where: { url: outside } })).toBe(1);
  });

  it("drops images our URL parser cannot read and non-image paths of this site; their twins are kept", async () => {
    const forum = await createForum();
    const dropped = [
      "https://xn--a.attacker.example:8443/leak.png", // Node's parser refuses it, Chromium loads it
      "https://evil.example:99999/a.png",
      "https://evil%00.example/a.png",
      "https://ev^il.example/a.png",
      "https://ev[il.example/a.png",
      "https://evil\u3000.example/a.png",
      "/store-link?token=abc",
      `${new URL(getEnv().SITE_URL).origin}/store-link?token=abc`,
      `http://${new URL(getEnv().SITE_URL).hostname}/store-link?token=abc`,
      "/api/v1/logout",
      "/account",
      "/images/../store-link?token=abc",
    ];
    const body = `<p>Look</p>${dropped.map((src) => `<img src="${src}">`).join("")}<img src="https://images.example/x.png"><img src="/images/logo.png">`;
    const t = await startThread(users.alice, forum.id, "Tricks", body);
    const r = await reply(users.bob, t.id, body);
    for (const stored of [(await viewThread(users.bob, t.id)).view.posts[0]!.content, r.content]) {
      for (const src of dropped) expect(stored, src).not.toContain(src.replace(/&/g, "&amp;"));
      expect([...stored.matchAll(/<img /g)]).toHaveLength(2);
      expect(stored).toContain('src="/images/logo.png"');
      const [id] = proxiedIds(stored);
      expect((await db.forumImage.findUniqueOrThrow({ where: { id } })).url).toBe("https://images.example/x.png");
    }
  });

  it("drops literal addresses that are not public when the test switch is off", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id, "Local");
    const off = setEnv({ IMAGE_PROXY_ALLOW_PRIVATE: "false" });
    try {
      for (const src of [
        `${host.url}/cat.png`,
        `http://[::127.0.0.1]:${host.port}/cat.png`,
        `http://[2002:7f00:1::1]:${host.port}/cat.png`,
        `http://localhost:${host.port}/cat.png`,
      ]) {
        expect((await reply(users.bob, t.id, `<p>x<img src="${src}"></p>`)).content, src).toBe("<p>x</p>");
      }
    } finally {
      off();
    }
  });

  it("registers a new address once when posts with it arrive at the same time", async () => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id, "Race");
    const outside = `${host.url}/cat.png?race=${Date.now()}`;
    const posts = await Promise.all(Array.from({ length: 5 }, () => reply(users.bob, t.id, `<img src="${outside}">`)));
    expect(new Set(posts.flatMap((p) => proxiedIds(p.content))).size).toBe(1);
    expect(await db.forumImage.count({ where: { url: outside } })).toBe(1);
  });
});

describe("GET /api/v1/forums/images/{id}", () => {
  const register = async (path: string, origin = host.url) => {
    const forum = await createForum();
    const t = await startThread(users.alice, forum.id, "Image", `<img src="${origin}${path}">`);
    return proxiedIds((await viewThread(users.alice, t.id)).view.posts[0]!.content)[0]!;
  };

  it("serves the image's bytes with its type; the host sees this server, not the reader's cookies", async () => {
    const id = await register("/cat.png?serve=1");
    const before = host.requests.length;
    const res = await fetchProxied(id, users.bob.session);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    const seen = host.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.cookie).toBeUndefined();
    expect(seen[0]!.headers.referer).toBeUndefined();
    expect(seen[0]!.headers["user-agent"]).toMatch(/image proxy$/);
  });

  it("keeps a copy: the host is asked once a week, and the old copy is served while it is down", async () => {
    const id = await register("/flaky.png");
    const asked = () => host.requests.filter((r) => r.path === "/flaky.png").length;
    expect((await fetchProxied(id)).status).toBe(200);
    expect((await fetchProxied(id)).status).toBe(200);
    expect(asked()).toBe(1);

    // A week later the host is asked again; down, it costs the reader nothing.
    await db.forumImage.update({ where: { id }, data: { fetchedAt: new Date(Date.now() - IMAGE_FRESH_MS - 1000) } });
    flakyUp = false;
    try {
      const stale = await fetchProxied(id);
      expect(stale.status).toBe(200);
      expect(Buffer.from(await stale.arrayBuffer()).equals(PNG)).toBe(true);
      expect(asked()).toBe(2);
    } finally {
      flakyUp = true;
    }
    // The failure is remembered: until its retry time the host is not asked again.
    expect((await fetchProxied(id)).status).toBe(200);
    expect(asked()).toBe(2);
    // Back up after the wait: the copy is renewed, and the next reader is served from it.
    await db.forumImage.update({ where: { id }, data: { retryAt: new Date(Date.now() - 1000) } });
    expect((await fetchProxied(id)).status).toBe(200);
    expect(asked()).toBe(3);
    expect((await fetchProxied(id)).status).toBe(200);
    expect(asked()).toBe(3);
  });

  it("serves an image as the type its bytes are, whatever its host said", async () => {
    const res = await fetchProxied(await register("/mislabelled.jpg"));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
  });

  it("follows a redirect to an image, but not a redirect loop", async () => {
    expect((await fetchProxied(await register("/redirect.png"))).status).toBe(200);
    expect((await fetchProxied(await register("/loop.png"))).status).toBe(502);
  });

  it("refuses SVG, HTML dressed as an image, a missing image and one over the size limit", async () => {
    for (const [path, status] of [
      ["/evil.svg", 415],
      ["/page.png", 415],
      ["/lying.png", 415],
      ["/missing.png", 502],
      ["/huge.png", 502],
    ] as const) {
      const res = await fetchProxied(await register(path));
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
    }
  });

  it("will not fetch from this machine or a private network unless the test switch allows it", async () => {
    const id = await register("/cat.png?private=1");
    const off = setEnv({ IMAGE_PROXY_ALLOW_PRIVATE: "false" });
    try {
      const before = host.requests.length;
      const res = await fetchProxied(id);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { details: string }).details).toMatch(/not on the public internet/);
      // The same holds for a host name that resolves to this machine.
      const named = await db.forumImage.create({ data: { urlHash: "f".repeat(64), url: `http://localhost:${host.port}/cat.png` } });
      expect((await fetchProxied(named.id)).status).toBe(404);
      expect(host.requests.length).toBe(before);
    } finally {
      off();
    }
  });

  it("refuses IPv4-compatible and 6to4 forms of this machine without a connection attempt", async () => {
    const ids = [
      await register(`/cat.png?compat=1`, `http://[::127.0.0.1]:${host.port}`),
      await register(`/cat.png?sixtofour=1`, `http://[2002:7f00:1::1]:${host.port}`),
    ];
    const off = setEnv({ IMAGE_PROXY_ALLOW_PRIVATE: "false" });
    try {
      const before = host.requests.length;
      for (const id of ids) {
        const res = await fetchProxied(id);
        expect(res.status).toBe(404);
        // Refused by the address check, not "could not be reached" after trying.
        expect(((await res.json()) as { details: string }).details).toBe("The image's host is not on the public internet.");
        expect(await db.forumImage.findUniqueOrThrow({ where: { id } })).toMatchObject({ failCount: 1, lastStatus: 404 });
      }
      expect(host.requests.length).toBe(before);
    } finally {
      off();
    }
  });

  it("remembers a failure: one outbound attempt per backoff period, however many readers", async () => {
    const id = await register(`/down.png?backoff=1`);
    const asked = () => host.requests.filter((r) => r.path === "/down.png?backoff=1").length;
    const row = () => db.forumImage.findUniqueOrThrow({ where: { id } });

    // Readers arriving together: one fetch; the others wait for its outcome and answer it.
    const together = await Promise.all(Array.from({ length: 6 }, () => fetchProxied(id)));
    expect(together.map((r) => r.status)).toEqual(Array(6).fill(502));
    expect(asked()).toBe(1);
    // Readers one after another during the wait: the same answer, no request to the host.
    for (let i = 0; i < 6; i++) {
      const res = await fetchProxied(id);
      expect(res.status).toBe(502);
      expect(((await res.json()) as { details: string }).details).toBe("The image's host answered 503.");
    }
    expect(asked()).toBe(1);
    const first = await row();
    expect(first).toMatchObject({ failCount: 1, lastError: "The image's host answered 503.", lastStatus: 502 });
    expect(first.retryAt!.getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(first.retryAt!.getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 5_000);

    // After the wait, one more attempt (again one for many readers); the next wait is twice as long.
    await db.forumImage.update({ where: { id }, data: { retryAt: new Date(Date.now() - 1000) } });
    await Promise.all(Array.from({ length: 6 }, () => fetchProxied(id)));
    expect(asked()).toBe(2);
    const second = await row();
    expect(second.failCount).toBe(2);
    expect(second.retryAt!.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(second.retryAt!.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000 + 5_000);

    // The wait stops at a day, however long the host stays down.
    await db.forumImage.update({ where: { id }, data: { failCount: 40, retryAt: new Date(Date.now() - 1000) } });
    expect((await fetchProxied(id)).status).toBe(502);
    expect(asked()).toBe(3);
    const capped = await row();
    expect(capped.retryAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(capped.retryAt!.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000 + 5_000);

    // The host is back: after the wait, a success clears the failures, and the copy is served.
    downUp = true;
    try {
      await db.forumImage.update({ where: { id }, data: { retryAt: new Date(Date.now() - 1000) } });
      expect((await fetchProxied(id)).status).toBe(200);
      expect(asked()).toBe(4);
      expect(await row()).toMatchObject({ failCount: 0, lastError: null, lastStatus: null, retryAt: null });
      const back = await Promise.all(Array.from({ length: 4 }, () => fetchProxied(id)));
      expect(back.map((r) => r.status)).toEqual(Array(4).fill(200));
      expect(asked()).toBe(4);
    } finally {
      downUp = false;
    }
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect((await fetchProxied(2_000_000_000)).status).toBe(404);
    const bad = await call(image.GET, { path: `${IMAGE_PROXY_PATH}abc`, params: { id: "abc" }, headers: freshClient() });
    expect(bad.status).toBe(400);
    expect(bad.json.id).toEqual([expect.any(String)]);
  });
});
