import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { defineOperation } from "@/lib/schemas/api";
import { createSessionToken, createUser } from "../factories/users";
import { call } from "./helpers";

const ZBody = z.object({ name: z.string().min(2, "Too short."), age: z.number().int() });

const echoOp = defineOperation({
  method: "POST",
  path: "/api/test/echo",
  summary: "echo",
  tag: "test",
  auth: "none",
  body: ZBody,
  responses: { 200: { description: "ok" } },
});
const echo = route(echoOp, { handler: async ({ body }) => ({ hello: body.name }) });

const userOp = defineOperation({ method: "POST", path: "/api/test/me", summary: "me", tag: "test", auth: "user", responses: { 200: { description: "ok" } } });
const me = route(userOp, { handler: async ({ actor }) => ({ userId: actor.userId }) });

const staffOp = defineOperation({
  method: "GET",
  path: "/api/test/staff",
  summary: "staff",
  tag: "test",
  auth: "moderator",
  responses: { 200: { description: "ok" } },
});
const staffOnly = route(staffOp, { handler: async () => ({ ok: true }) });

const boomOp = defineOperation({
  method: "GET",
  path: "/api/test/boom",
  summary: "boom",
  tag: "test",
  auth: "none",
  responses: { 200: { description: "ok" } },
});
const boom = route(boomOp, {
  handler: async () => {
    throw new Error("secret internal detail: password=hunter2");
  },
});
const conflict = route(boomOp, {
  handler: async () => {
    throw new AppError("CONFLICT", { userMessage: "Already done.", fields: { id: ["Taken."] } });
  },
});

describe("route wrapper", () => {
  it("passes valid input to the handler", async () => {
    const r = await call(echo, { method: "POST", body: { name: "Zezima", age: 30 } });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ hello: "Zezima" });
    expect(r.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers 400 with messages under each invalid field", async () => {
    const r = await call(echo, { method: "POST", body: { name: "Z" } });
    expect(r.status).toBe(400);
    expect(r.json.name).toEqual(["Too short."]);
    expect(r.json.age).toEqual(["This field is required."]);
    expect(typeof r.json.details).toBe("string");
  });

  it("answers 400, not 500, to malformed JSON", async () => {
    const r = await call(echo, { method: "POST", rawBody: "{not json" });
    expect(r.status).toBe(400);
    expect(r.json.details).toBe("The request body is not valid JSON.");
  });

  it("maps AppError to its status and DRF-shaped body", async () => {
    const r = await call(conflict);
    expect(r.status).toBe(409);
    expect(r.json).toEqual({ id: ["Taken."], details: "Already done." });
  });

  it("hides unexpected errors behind a generic 500 with a request id", async () => {
    const r = await call(boom, { headers: { "x-request-id": "req-123" } });
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.json)).not.toContain("hunter2");
    expect(r.json.request_id).toBe("req-123");
  });

  it("requires a session for user routes", async () => {
    const r = await call(me, { method: "POST" });
    expect(r.status).toBe(401);
    expect(r.json.details).toBe("Authentication credentials were not provided.");
  });

  it("accepts a session cookie and refuses it cross-site (CSRF)", async () => {
    const user = await createUser();
    const token = await createSessionToken(user.id);
    const ok = await call(me, { method: "POST", cookies: { session: token }, headers: { "sec-fetch-site": "same-origin" } });
    expect(ok.status).toBe(200);
    expect(ok.json.userId).toBe(user.id);
    const csrf = await call(me, { method: "POST", cookies: { session: token }, headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } });
    expect(csrf.status).toBe(403);
  });

  it("refuses a banned player's session", async () => {
    const user = await createUser({ bannedAt: new Date(), banReason: "Botting" });
    const token = await createSessionToken(user.id);
    const r = await call(me, { method: "POST", cookies: { session: token } });
    expect(r.status).toBe(401);
  });

  it("keeps staff routes from players", async () => {
    const player = await createUser();
    const mod = await createUser({ privilege: "MODERATOR" });
    const asPlayer = await call(staffOnly, { cookies: { session: await createSessionToken(player.id) } });
    expect(asPlayer.status).toBe(403);
    const asMod = await call(staffOnly, { cookies: { session: await createSessionToken(mod.id) } });
    expect(asMod.status).toBe(200);
  });

  it("rate limits with the message of docs/product.md §8", async () => {
    const name = `test-limit-${Date.now()}`;
    // An operation with limits must say so (its 429 is generated into the document from that).
    expect(() => route(echoOp, { rateLimit: [{ name, limit: 2, windowSec: 60 }], handler: async () => ({ ok: true }) })).toThrow(/rateLimited: true/);
    const limited = route({ ...echoOp, rateLimited: true }, { rateLimit: [{ name, limit: 2, windowSec: 60 }], handler: async () => ({ ok: true }) });
    const body = { name: "Zezima", age: 1 };
    expect((await call(limited, { method: "POST", body })).status).toBe(200);
    expect((await call(limited, { method: "POST", body })).status).toBe(200);
    const third = await call(limited, { method: "POST", body });
    expect(third.status).toBe(429);
    expect(third.json).toEqual({ details: "You have been rate limited, please try again later." });
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("client address", () => {
  it("uses the entry our proxy appended, not one the client forged", async () => {
    const { clientIp } = await import("@/lib/server/http/route");
    const { setEnv } = await import("../support/env");
    const undo = setEnv({ TRUST_PROXY: "true" });
    try {
      const req = new Request("http://localhost/", { headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.7" } });
      expect(clientIp(req)).toBe("203.0.113.7");
    } finally {
      undo();
    }
    const untrusted = new Request("http://localhost/", { headers: { "x-forwarded-for": "6.6.6.6" } });
    expect(clientIp(untrusted)).toBe("direct");
  });
});

describe("rate-limit counters", () => {
  it("restart after their window (the sweep job deletes old ones: jobs-queue.test.ts)", async () => {
    const { hitRateLimit } = await import("@/lib/server/security/rate-limit");
    const { db } = await import("@/lib/server/db");
    const rule = { name: `sweep-${Date.now()}`, limit: 1, windowSec: 60 };
    expect((await hitRateLimit(rule, "a")).allowed).toBe(true);
    expect((await hitRateLimit(rule, "a")).allowed).toBe(false);
    await db.rateLimitBucket.updateMany({ where: { key: `${rule.name}:a` }, data: { resetAt: new Date(Date.now() - 2 * 3600_000) } });
    expect((await hitRateLimit(rule, "a")).count).toBe(1);
  });
});
