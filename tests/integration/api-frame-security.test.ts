import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { POST as loginRoute } from "@/app/api/v1/login/route";
import { POST as logoutRoute } from "@/app/api/v1/logout/route";
import { POST as createTicketRoute } from "@/app/api/v1/tickets/route";
import { GET as openApiRoute } from "@/app/api/v1/openapi.json/route";
import { GET as listSessions } from "@/app/api/v1/sessions/route";
import { POST as tokenRoute } from "@/app/api/v1/token/route";
import { GET as userRoute } from "@/app/api/v1/user/route";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/errors";
import { route } from "@/lib/server/http/route";
import { log } from "@/lib/server/log";
import { defineOperation } from "@/lib/schemas/api";
import { createSessionToken, createUser, DEFAULT_PASSWORD } from "../factories/users";
import { setEnv } from "../support/env";
import { call, CROSS_SITE, freshClient, SAME_ORIGIN, sessionFrom } from "./helpers";

// Login/logout CSRF, content types, caching, the byte limit and 5xx hygiene (docs/architecture.md).

let restore: () => void;
beforeAll(() => {
  restore = setEnv({ TRUST_PROXY: "true" });
});
afterAll(() => restore());
afterEach(() => vi.restoreAllMocks());

const credentials = (u: { username: string }) => ({ username: u.username, password: DEFAULT_PASSWORD });

describe("login CSRF", () => {
  it("a cross-site text/plain form post with valid credentials sets no cookie", async () => {
    const u = await createUser();
    const r = await call(loginRoute, {
      method: "POST",
      rawBody: JSON.stringify(credentials(u)),
      headers: { ...freshClient(), ...CROSS_SITE, "content-type": "text/plain" },
    });
    expect(r.status).toBe(415);
    expect(r.json.details).toMatch(/application\/json/);
    expect(r.headers.get("set-cookie")).toBeNull();
    expect(await db.session.count({ where: { userId: u.id } })).toBe(0);
  });

  it("a text/plain post is refused even from our own origin (415, before any work)", async () => {
    const u = await createUser();
    const r = await call(loginRoute, {
      method: "POST",
      rawBody: JSON.stringify(credentials(u)),
      headers: { ...freshClient(), ...SAME_ORIGIN, "content-type": "text/plain;charset=UTF-8" },
    });
    expect(r.status).toBe(415);
    expect(r.headers.get("set-cookie")).toBeNull();
  });

  it("a form-encoded or multipart write from our own page is refused with 415 and writes nothing", async () => {
    const u = await createUser();
    const session = await createSessionToken(u.id);
    const body = new URLSearchParams({ type: "GENERAL_INQUIRY", title: "Form post", description: "Sent as a form" }).toString();
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/plain"]) {
      const r = await call(createTicketRoute, {
        method: "POST",
        rawBody: body,
        cookies: { session },
        headers: { ...freshClient(), ...SAME_ORIGIN, "content-type": type },
      });
      expect(r.status, type).toBe(415);
    }
    expect(await db.ticket.count({ where: { userId: u.id } })).toBe(0);
    // The twin: the same ticket as JSON is opened.
    const json = await call(createTicketRoute, {
      method: "POST",
      body: { type: "GENERAL_INQUIRY", title: "JSON post", description: "Sent as JSON" },
      cookies: { session },
      headers: { ...freshClient(), ...SAME_ORIGIN },
    });
    expect(json.status).toBe(201);
    expect(await db.ticket.count({ where: { userId: u.id } })).toBe(1);
  });

  it("a cross-origin JSON login is refused; same-origin and header-less clients log in", async () => {
    const u = await createUser();
    const evil = await call(loginRoute, { method: "POST", body: credentials(u), headers: { ...freshClient(), origin: "https://evil.example" } });
    expect(evil.status).toBe(403);
    expect(evil.headers.get("set-cookie")).toBeNull();
    const sameSite = await call(loginRoute, { method: "POST", body: credentials(u), headers: { ...freshClient(), "sec-fetch-site": "same-site" } });
    expect(sameSite.status).toBe(403);
    // A sandboxed frame or a privacy redirect sends `Origin: null`: not this site either.
    const nullOrigin = await call(loginRoute, { method: "POST", body: credentials(u), headers: { ...freshClient(), origin: "null" } });
    expect(nullOrigin.status).toBe(403);
    expect(nullOrigin.headers.get("set-cookie")).toBeNull();

    const ours = await call(loginRoute, { method: "POST", body: credentials(u), headers: { ...freshClient(), origin: "http://localhost:3000" } });
    expect(ours.status).toBe(200);
    expect(sessionFrom(ours.headers)).toBeTruthy();
  });

  it("bearer API clients (no cookie, no Origin) keep working", async () => {
    const u = await createUser();
    const pair = await call(tokenRoute, { method: "POST", body: credentials(u), headers: freshClient() });
    expect(pair.status).toBe(200);
    const me = await call(userRoute, { headers: { authorization: `Bearer ${pair.json.access}` } });
    expect(me.status).toBe(200);
  });

  it("a cross-site logout neither clears the cookie nor ends the session", async () => {
    const u = await createUser();
    const token = await createSessionToken(u.id);
    // With SameSite=Lax the browser sends no cookie cross-site, but would still obey a clearing Set-Cookie.
    const noCookie = await call(logoutRoute, { method: "POST", headers: { ...freshClient(), ...CROSS_SITE } });
    expect(noCookie.status).toBe(403);
    expect(noCookie.headers.get("set-cookie")).toBeNull();
    const withCookie = await call(logoutRoute, { method: "POST", cookies: { session: token }, headers: { ...freshClient(), ...CROSS_SITE } });
    expect(withCookie.status).toBe(403);
    expect(withCookie.headers.get("set-cookie")).toBeNull();
    expect((await call(userRoute, { cookies: { session: token } })).status).toBe(200);

    const ours = await call(logoutRoute, { method: "POST", cookies: { session: token }, headers: { ...freshClient(), ...SAME_ORIGIN } });
    expect(ours.status).toBe(200);
    expect(ours.headers.get("set-cookie")).toMatch(/Max-Age=0/);
  });
});

describe("caching", () => {
  it("private answers are no-store; openapi.json keeps its own caching", async () => {
    const u = await createUser();
    const token = await createSessionToken(u.id);
    const login = await call(loginRoute, { method: "POST", body: credentials(u), headers: freshClient() });
    const pair = await call(tokenRoute, { method: "POST", body: credentials(u), headers: freshClient() });
    const me = await call(userRoute, { cookies: { session: token } });
    const sessions = await call(listSessions, { cookies: { session: token } });
    const guest = await call(userRoute);
    for (const r of [login, pair, me, sessions, guest]) expect(r.headers.get("cache-control")).toBe("no-store");
    expect([login.status, pair.status, me.status, sessions.status, guest.status]).toEqual([200, 200, 200, 200, 401]);
    expect((await call(openApiRoute)).headers.get("cache-control")).toMatch(/max-age=\d+/);
  });
});

const echoOp = defineOperation({
  method: "POST",
  path: "/api/test/echo",
  summary: "echo",
  tag: "test",
  auth: "none",
  body: z.object({ name: z.string() }),
  responses: { 200: { description: "ok" } },
});
const echo = route(echoOp, { handler: async ({ body }) => ({ length: body.name.length }) });

function post(body: BodyInit, headers: Record<string, string>) {
  const init = { method: "POST", headers: { "content-type": "application/json", ...headers }, body, duplex: "half" };
  const req = new NextRequest("http://localhost:3000/api/test/echo", init as ConstructorParameters<typeof NextRequest>[1]);
  return echo(req, {});
}

describe("body limit", () => {
  it("counts bytes, not characters: 1.2 MB of € is too large", async () => {
    const r = await call(echo, { method: "POST", body: { name: "€".repeat(400_000) } });
    expect(r.status).toBe(413);
    expect(r.json.details).toBe("The request body is too large.");
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const res = await post("{}", { "content-length": "5000000" });
    expect(res.status).toBe(413);
  });

  it("caps the stream when Content-Length lies or is absent", async () => {
    const big = JSON.stringify({ name: "€".repeat(700_000) }); // 2.1 MB in 0.7 M characters
    expect((await post(big, { "content-length": "20" })).status).toBe(413);
    const chunk = new TextEncoder().encode("x".repeat(100_000));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        // A 5 MB body: the reader must stop at the limit instead of buffering it all.
        if (sent >= 5_000_000) return c.close();
        sent += chunk.byteLength;
        c.enqueue(chunk);
      },
    });
    const res = await post(stream, {});
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(2_000_000);
    expect((await post(JSON.stringify({ name: "ok" }), {})).status).toBe(200);
  });
});

describe("server errors", () => {
  const failing = (err: unknown) =>
    route(defineOperation({ method: "GET", path: "/api/test/fail", summary: "fail", tag: "test", auth: "none", responses: { 200: { description: "ok" } } }), {
      handler: async () => {
        throw err;
      },
    });

  it("an AppError of 500 answers the generic text and logs its own", async () => {
    const spy = vi.spyOn(log, "error");
    const r = await call(failing(new AppError("INTERNAL", { userMessage: "Two-factor encryption is not configured." })), {
      path: "/api/test/fail",
      headers: { "x-request-id": "req-500" },
    });
    expect(r.status).toBe(500);
    expect(JSON.stringify(r.json)).not.toContain("Two-factor");
    expect(r.json).toEqual({ details: "Something went wrong on the server.", request_id: "req-500" });
    expect(spy).toHaveBeenCalledTimes(1);
    const [, data] = spy.mock.calls[0]!;
    expect(data).toMatchObject({ requestId: "req-500", method: "GET", path: "/api/test/fail", status: 500 });
    expect(String((data?.err as Error).message)).toContain("Two-factor encryption is not configured.");
  });

  it("echoes a client's request id only when it is short and plain, otherwise makes its own", async () => {
    const ok = route(
      defineOperation({ method: "GET", path: "/api/test/ok", summary: "ok", tag: "test", auth: "none", responses: { 200: { description: "ok" } } }),
      { handler: async () => ({}) },
    );
    expect((await call(ok, { headers: { "x-request-id": "trace-1234:ab.c_d" } })).headers.get("x-request-id")).toBe("trace-1234:ab.c_d");
    for (const sent of ["<script>alert(1)</script>", "a b", "x".repeat(65), "ok\u00e9", '} {"level":"error"']) {
      const got = (await call(ok, { headers: { "x-request-id": sent } })).headers.get("x-request-id");
      expect(got, sent).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });

  it("unexpected errors and 503s are logged too, with the request id", async () => {
    const spy = vi.spyOn(log, "error");
    const boom = await call(failing(new Error("secret detail")), { headers: { "x-request-id": "req-boom" } });
    expect(boom.status).toBe(500);
    expect(JSON.stringify(boom.json)).not.toContain("secret");
    const down = await call(failing(new AppError("UNAVAILABLE", { userMessage: "SMTP relay mail.internal:25 refused" })), {
      headers: { "x-request-id": "req-503" },
    });
    expect(down.status).toBe(503);
    expect(JSON.stringify(down.json)).not.toContain("mail.internal");
    expect(spy.mock.calls.map(([, d]) => d?.requestId)).toEqual(["req-boom", "req-503"]);
  });
});
