import { describe, expect, it } from "vitest";
import { z } from "zod";
import { paged, pageWindow } from "@/lib/server/paging";
import { route } from "@/lib/server/http/route";
import { defineOperation, rawBody, ZPageQuery, zPaged } from "@/lib/schemas/api";
import type { Privilege } from "@/lib/generated/prisma/enums";
import { createSessionToken, createUser } from "../factories/users";
import { call, CROSS_SITE } from "./helpers";

// The frame the feature issues build on: raw bodies, privilege levels, pages, typed results.

describe("raw-body routes (webhooks, vote callbacks)", () => {
  const hookOp = defineOperation({
    method: "POST",
    path: "/api/test/hook",
    summary: "hook",
    tag: "test",
    auth: "none",
    body: rawBody("application/x-www-form-urlencoded", "signed"),
    responses: { 200: { description: "ok" } },
  });
  const hook = route(hookOp, { handler: async ({ body, actor }) => ({ text: body.text, bytes: body.bytes.byteLength, type: body.contentType, actor }) });

  it("hands the exact text and bytes over, whatever the content type, without cookie auth or CSRF", async () => {
    const user = await createUser();
    const payload = "site=runelist&user=Zézima&sig=ab%2Fcd";
    const r = await call(hook, {
      method: "POST",
      rawBody: payload,
      headers: { "content-type": "application/x-www-form-urlencoded", ...CROSS_SITE },
      cookies: { session: await createSessionToken(user.id) },
    });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ text: payload, bytes: Buffer.byteLength(payload), type: "application/x-www-form-urlencoded", actor: null });
  });

  it("still enforces the byte limit", async () => {
    const r = await call(hook, { method: "POST", rawBody: "€".repeat(400_000), headers: { "content-type": "text/plain" } });
    expect(r.status).toBe(413);
  });

  it("cannot be declared with cookie auth", () => {
    expect(() =>
      defineOperation({ method: "POST", path: "/api/test/bad", summary: "bad", tag: "test", auth: "user", body: rawBody("text/plain", "x"), responses: {} }),
    ).toThrow(/raw-body/);
  });
});

describe("privilege levels", () => {
  const levelRoute = (auth: "moderator" | "administrator" | "owner") =>
    route(defineOperation({ method: "GET", path: `/api/test/${auth}`, summary: auth, tag: "test", auth, responses: { 200: { description: "ok" } } }), {
      handler: async ({ actor }) => ({ privilege: actor.privilege }),
    });
  const routes = { moderator: levelRoute("moderator"), administrator: levelRoute("administrator"), owner: levelRoute("owner") };

  it("lets each privilege through to its level and below, nothing above", async () => {
    const tokens: Record<Privilege, string> = { PLAYER: "", MODERATOR: "", ADMINISTRATOR: "", OWNER: "" };
    for (const p of Object.keys(tokens) as Privilege[]) tokens[p] = await createSessionToken((await createUser({ privilege: p })).id);
    const statuses: Record<string, number[]> = {};
    for (const [level, handler] of Object.entries(routes)) {
      statuses[level] = [];
      for (const p of ["PLAYER", "MODERATOR", "ADMINISTRATOR", "OWNER"] as const)
        statuses[level].push((await call(handler, { cookies: { session: tokens[p] } })).status);
    }
    expect(statuses).toEqual({ moderator: [403, 200, 200, 200], administrator: [403, 403, 200, 200], owner: [403, 403, 403, 200] });
    expect((await call(routes.moderator)).status).toBe(401);
  });
});

describe("pages", () => {
  const listOp = defineOperation({
    method: "GET",
    path: "/api/test/list",
    summary: "list",
    tag: "test",
    auth: "none",
    query: ZPageQuery.extend({ q: z.string().optional() }),
    responses: { 200: { description: "ok", schema: zPaged(z.number()) } },
  });
  const all = Array.from({ length: 60 }, (_, i) => i + 1);
  const list = route(listOp, {
    handler: async ({ req, query }) => {
      const { skip, take } = pageWindow(query.page, 25);
      return paged(req, { page: query.page, pageSize: 25, total: all.length, results: all.slice(skip, skip + take) });
    },
  });

  it("answers {results, previous, next} with absolute links that keep the other parameters", async () => {
    const first = await call(list, { path: "/api/test/list?q=abc" });
    expect(first.json).toEqual({ results: all.slice(0, 25), previous: null, next: "http://localhost:3000/api/test/list?q=abc&page=2" });
    const second = await call(list, { path: "/api/test/list?q=abc&page=2" });
    expect(second.json.previous).toBe("http://localhost:3000/api/test/list?q=abc");
    expect(second.json.next).toBe("http://localhost:3000/api/test/list?q=abc&page=3");
    const last = await call(list, { path: "/api/test/list?page=3" });
    expect(last.json).toMatchObject({ results: all.slice(50), previous: "http://localhost:3000/api/test/list?page=2", next: null });
  });

  it("builds links on SITE_URL, not on the Host the client sent", async () => {
    const r = await call(list, { path: "http://evil.example:8080/api/test/list", headers: { host: "evil.example:8080" } });
    expect(r.json.next).toBe("http://localhost:3000/api/test/list?page=2");
  });

  it("answers 400 naming `page` for a page that is not a whole number from 1", async () => {
    for (const bad of ["0", "-1", "abc", "1.5", "1e3", "9999999"]) {
      const r = await call(list, { path: `/api/test/list?page=${bad}` });
      expect(r.status, bad).toBe(400);
      expect(r.json.page, bad).toEqual(["Must be a whole page number from 1."]);
    }
  });
});

describe("typed handler results", () => {
  const typedOp = defineOperation({
    method: "GET",
    path: "/api/test/typed",
    summary: "typed",
    tag: "test",
    auth: "none",
    responses: { 200: { description: "ok", schema: z.object({ id: z.number(), name: z.string() }) } },
  });

  it("accepts the declared 200 shape and rejects another at compile time", async () => {
    const ok = route(typedOp, { handler: async () => ({ id: 1, name: "Zezima" }) });
    expect((await call(ok)).json).toEqual({ id: 1, name: "Zezima" });
    // @ts-expect-error `name` must be a string: tsc fails if the wrapper stops checking results.
    const wrong = route(typedOp, { handler: async () => ({ id: 1, name: 2 }) });
    // @ts-expect-error `id` is missing.
    route(typedOp, { handler: async () => ({ name: "x" }) });
    // A Response stays allowed (status codes other than 200, headers).
    route(typedOp, { handler: async () => new Response(null, { status: 204 }) });
    expect(typeof wrong).toBe("function");
  });
});
