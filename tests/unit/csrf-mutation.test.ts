import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineOperation, rawBody } from "@/lib/schemas/api";
import { assertSameOrigin, hasSessionCookie } from "@/lib/server/http/auth";
import { route } from "@/lib/server/http/route";
import { setEnv } from "../support/env";

// The CSRF rule (lib/server/http/auth.ts assertSameOrigin, and when lib/server/http/route.ts
// applies it), exercised without a database: the routes below need no actor and no rate limit.
// npm run test:mutation -- --only=csrf. Requests through the real routes: api-frame-security.test.ts.

const SITE = "https://play.example.com";
let restore: () => void;
beforeAll(() => {
  restore = setEnv({ DATABASE_URL: "postgresql://u@h/db", SITE_URL: `${SITE}/`, APP_MODE: "local", LOG_LEVEL: "silent" });
});
afterAll(() => restore());

const post = (headers: Record<string, string>) => new Request(`${SITE}/api/v1/x`, { method: "POST", headers });
const refused = expect.objectContaining({ code: "FORBIDDEN", userMessage: "Cross-site request refused." });

describe("assertSameOrigin", () => {
  it("lets same-origin and user-initiated (none) requests through by Sec-Fetch-Site", () => {
    expect(() => assertSameOrigin(post({ "sec-fetch-site": "same-origin" }))).not.toThrow();
    expect(() => assertSameOrigin(post({ "sec-fetch-site": "none" }))).not.toThrow();
  });

  it("refuses same-site and cross-site by Sec-Fetch-Site, whatever Origin says", () => {
    expect(() => assertSameOrigin(post({ "sec-fetch-site": "same-site", origin: SITE }))).toThrow(refused);
    expect(() => assertSameOrigin(post({ "sec-fetch-site": "cross-site", origin: SITE }))).toThrow(refused);
  });

  it("trusts Sec-Fetch-Site over Origin when both are sent", () => {
    expect(() => assertSameOrigin(post({ "sec-fetch-site": "same-origin", origin: "https://evil.example" }))).not.toThrow();
  });

  it("without Sec-Fetch-Site, compares Origin with SITE_URL's origin", () => {
    expect(() => assertSameOrigin(post({ origin: SITE }))).not.toThrow();
    expect(() => assertSameOrigin(post({ origin: "https://evil.example" }))).toThrow(refused);
    expect(() => assertSameOrigin(post({ origin: "http://play.example.com" }))).toThrow(refused);
    expect(() => assertSameOrigin(post({ origin: "null" }))).toThrow(refused);
  });

  it("lets a client that sends neither header through (API clients, curl)", () => {
    expect(() => assertSameOrigin(post({}))).not.toThrow();
  });
});

describe("hasSessionCookie", () => {
  it("is true only when the session cookie has a value", () => {
    expect(hasSessionCookie((name) => (name === "session" ? "tok" : undefined))).toBe(true);
    expect(hasSessionCookie((name) => (name === "session" ? "" : "tok"))).toBe(false);
    expect(hasSessionCookie(() => undefined)).toBe(false);
  });
});

describe("when the route wrapper applies the rule", () => {
  const ok = { 200: { description: "ok" } };
  const jsonOp = defineOperation({
    method: "POST",
    path: "/api/v1/test/csrf",
    summary: "t",
    tag: "t",
    auth: "none",
    body: z.object({ a: z.number() }),
    responses: ok,
  });
  const getOp = defineOperation({ method: "GET", path: "/api/v1/test/csrf", summary: "t", tag: "t", auth: "none", responses: ok });
  const rawOp = defineOperation({
    method: "POST",
    path: "/api/v1/test/hook",
    summary: "t",
    tag: "t",
    auth: "none",
    body: rawBody("application/json", "a signed body"),
    responses: ok,
  });
  const handler = async () => ({ done: true });
  const cookie = { cookie: "session=tok" };
  const cross = { "sec-fetch-site": "cross-site", origin: "https://evil.example" };

  async function send(r: ReturnType<typeof route>, method: string, headers: Record<string, string>) {
    const req = new NextRequest(`${SITE}/api/v1/test/csrf`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: method === "GET" ? undefined : JSON.stringify({ a: 1 }),
    });
    const res = await r(req, { params: Promise.resolve({}) });
    return res.status;
  }

  it("refuses a cross-site write that carries the session cookie, and accepts it same-origin", async () => {
    const r = route(jsonOp, { handler });
    expect(await send(r, "POST", { ...cookie, ...cross })).toBe(403);
    expect(await send(r, "POST", { ...cookie, "sec-fetch-site": "same-origin" })).toBe(200);
  });

  it("lets a cookie-less cross-site write through, unless the route says csrf: always", async () => {
    expect(await send(route(jsonOp, { handler }), "POST", cross)).toBe(200);
    expect(await send(route(jsonOp, { handler, csrf: "always" }), "POST", cross)).toBe(403);
  });

  it("never checks safe methods or raw-body routes (signed webhooks)", async () => {
    expect(await send(route(getOp, { handler }), "GET", { ...cookie, ...cross })).toBe(200);
    expect(await send(route(rawOp, { handler }), "POST", { ...cookie, ...cross })).toBe(200);
  });

  it("refuses a cross-site write with a non-JSON body before anything else (415)", async () => {
    expect(await send(route(jsonOp, { handler }), "POST", { ...cookie, ...cross, "content-type": "text/plain" })).toBe(415);
  });
});
