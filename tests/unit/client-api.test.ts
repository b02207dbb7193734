import { afterEach, describe, expect, it, vi } from "vitest";
import { type ApiResponse, RATE_LIMITED, SERVER_ERROR, callApi, failureFrom, missingFields, readErrors } from "@/lib/client/api";
import { REQUIRED } from "@/lib/schemas/api";

const answer = (status: number, data: Record<string, unknown> = {}): ApiResponse => ({ status, ok: status >= 200 && status < 300, data });

describe("failureFrom: what a form shows for a failed answer", () => {
  it("lists each field's messages under it and shows details as the form text", () => {
    const f = failureFrom(answer(400, { username: ["This username is already taken."], email: ["Enter a valid email address."], details: "Some fields are invalid." }));
    expect(f).toEqual({ fieldErrors: { username: ["This username is already taken."], email: ["Enter a valid email address."] }, formError: "Some fields are invalid." });
  });

  it("shows the spec's rate-limit text on 429, whatever the body says", () => {
    expect(failureFrom(answer(429, { details: "slow down" }))).toEqual({ fieldErrors: {}, formError: RATE_LIMITED });
  });

  it("shows a 403's own text (a refused cross-site request, a ban)", () => {
    expect(failureFrom(answer(403, { details: "Cross-site request refused." })).formError).toBe("Cross-site request refused.");
  });

  it("reads `error` where the spec's endpoints answer with it (2FA, purchases)", () => {
    expect(failureFrom(answer(400, { error: "Invalid two-factor code. Please try again." })).formError).toBe("Invalid two-factor code. Please try again.");
  });

  it("gives the generic server text for no answer, a non-JSON answer and any 5xx, never the server's internal text", () => {
    expect(failureFrom(answer(0)).formError).toBe(SERVER_ERROR);
    expect(failureFrom(answer(502)).formError).toBe(SERVER_ERROR);
    expect(failureFrom(answer(500, { details: "Two-factor encryption is not configured.", request_id: "abc" }))).toEqual({ fieldErrors: {}, formError: SERVER_ERROR });
    expect(failureFrom(answer(404)).formError).toBe(SERVER_ERROR);
  });

  it("never shows the request id as a field", () => {
    expect(readErrors({ details: "Not found.", request_id: "r-1" })).toEqual({ fields: {}, details: "Not found.", error: undefined });
  });

  it("renames aliased fields and moves errors for fields the form does not show into the form text", () => {
    const res = answer(400, { passwordConfirmation: ["Passwords do not match."], uid: ["This link is invalid or has expired."], details: "Some fields are invalid." });
    const f = failureFrom(res, { fields: ["password", "password_confirmation"], aliases: { passwordConfirmation: "password_confirmation" } });
    expect(f).toEqual({ fieldErrors: { password_confirmation: ["Passwords do not match."] }, formError: "This link is invalid or has expired." });
  });

  it("leaves the form text empty when only shown fields failed and the body has no details", () => {
    expect(failureFrom(answer(400, { code: ["Invalid or already used code."] }), { fields: ["code"] })).toEqual({ fieldErrors: { code: ["Invalid or already used code."] }, formError: undefined });
  });
});

describe("missingFields", () => {
  it("marks blank, whitespace-only and absent named fields as required", () => {
    expect(missingFields({ username: " ", password: "x" }, ["username", "password", "code"])).toEqual({ username: [REQUIRED], code: [REQUIRED] });
  });
});

describe("callApi", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("resolves a network failure to status 0 instead of throwing", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    await expect(callApi("/api/v1/login", { body: {} })).resolves.toEqual({ status: 0, ok: false, data: {} });
  });

  it("resolves a non-JSON body (a proxy's HTML error page) to an empty object", async () => {
    vi.stubGlobal("fetch", () => Promise.resolve(new Response("<html>Bad gateway</html>", { status: 502 })));
    const res = await callApi("/api/v1/login", { body: {} });
    expect(res).toEqual({ status: 502, ok: false, data: {} });
    expect(failureFrom(res).formError).toBe(SERVER_ERROR);
  });

  it("sends JSON on every unsafe request, a body-less DELETE included (the API refuses other content types)", async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
      seen.push(init);
      return Promise.resolve(Response.json({ success: true }));
    });
    await callApi("/api/v1/sessions/browser/1", { method: "DELETE" });
    await callApi("/api/v1/login", { body: { username: "a" } });
    expect(seen.map((i) => [i.method, (i.headers as Record<string, string>)["Content-Type"], i.body])).toEqual([
      ["DELETE", "application/json", undefined],
      ["POST", "application/json", '{"username":"a"}'],
    ]);
    expect(seen.every((i) => i.credentials === "same-origin")).toBe(true);
  });
});

describe("callApi extensions for the store", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends extra headers (Idempotency-Key) without letting them replace the JSON content type", async () => {
    const seen: RequestInit[] = [];
    vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
      seen.push(init);
      return Promise.resolve(Response.json({ success: "ok" }));
    });
    await callApi("/api/v1/store/purchase", { body: { id: 1 }, headers: { "Idempotency-Key": "k-1", "Content-Type": "text/plain" } });
    const h = seen[0]!.headers as Record<string, string>;
    expect([h["Idempotency-Key"], h["Content-Type"], h.Accept]).toEqual(["k-1", "application/json", "application/json"]);
  });

  it("returns a JSON array body as `list` (the spec's plain lists) and keeps `data` an object", async () => {
    vi.stubGlobal("fetch", () => Promise.resolve(Response.json([{ id: 1, name: "Weapons" }])));
    await expect(callApi("/api/v1/store/category")).resolves.toEqual({ status: 200, ok: true, data: {}, list: [{ id: 1, name: "Weapons" }] });
  });
});
