import { afterEach, describe, expect, it, vi } from "vitest";
import {
  API_TIMEOUT_LONG_MS,
  API_TIMEOUT_MS,
  type ApiResponse,
  RATE_LIMITED,
  SERVER_ERROR,
  TIMED_OUT,
  api,
  callApi,
  endpointUrl,
  failureFrom,
  missingFields,
  readErrors,
} from "@/lib/client/api";
import * as endpoints from "@/lib/client/endpoints";
import { REQUIRED } from "@/lib/schemas/api";

const answer = (status: number, data: Record<string, unknown> = {}): ApiResponse => ({ status, ok: status >= 200 && status < 300, data });

describe("failureFrom: what a form shows for a failed answer", () => {
  it("lists each field's messages under it and shows details as the form text", () => {
    const f = failureFrom(
      answer(400, { username: ["This username is already taken."], email: ["Enter a valid email address."], details: "Some fields are invalid." }),
    );
    expect(f).toEqual({
      fieldErrors: { username: ["This username is already taken."], email: ["Enter a valid email address."] },
      formError: "Some fields are invalid.",
    });
  });

  it("shows the rate-limit text of docs/product.md §8 on 429, whatever the body says", () => {
    expect(failureFrom(answer(429, { details: "slow down" }))).toEqual({ fieldErrors: {}, formError: RATE_LIMITED });
  });

  it("shows a 403's own text (a refused cross-site request, a ban)", () => {
    expect(failureFrom(answer(403, { details: "Cross-site request refused." })).formError).toBe("Cross-site request refused.");
  });

  it("reads `error` where the endpoints of docs/product.md §7 answer with it (2FA, purchases)", () => {
    expect(failureFrom(answer(400, { error: "Invalid two-factor code. Please try again." })).formError).toBe("Invalid two-factor code. Please try again.");
  });

  it("gives the generic server text for no answer, a non-JSON answer and any 5xx, never the server's internal text", () => {
    expect(failureFrom(answer(0)).formError).toBe(SERVER_ERROR);
    expect(failureFrom(answer(502)).formError).toBe(SERVER_ERROR);
    expect(failureFrom(answer(500, { details: "Two-factor encryption is not configured.", request_id: "abc" }))).toEqual({
      fieldErrors: {},
      formError: SERVER_ERROR,
    });
    expect(failureFrom(answer(404)).formError).toBe(SERVER_ERROR);
  });

  it("never shows the request id as a field", () => {
    expect(readErrors({ details: "Not found.", request_id: "r-1" })).toEqual({ fields: {}, details: "Not found.", error: undefined });
  });

  it("renames aliased fields and moves errors for fields the form does not show into the form text", () => {
    const res = answer(400, {
      passwordConfirmation: ["Passwords do not match."],
      uid: ["This link is invalid or has expired."],
      details: "Some fields are invalid.",
    });
    const f = failureFrom(res, { fields: ["password", "password_confirmation"], aliases: { passwordConfirmation: "password_confirmation" } });
    expect(f).toEqual({ fieldErrors: { password_confirmation: ["Passwords do not match."] }, formError: "This link is invalid or has expired." });
  });

  it("leaves the form text empty when only shown fields failed and the body has no details", () => {
    expect(failureFrom(answer(400, { code: ["Invalid or already used code."] }), { fields: ["code"] })).toEqual({
      fieldErrors: { code: ["Invalid or already used code."] },
      formError: undefined,
    });
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

  it("returns a JSON array body as `list` (the plain lists of docs/product.md §7) and keeps `data` an object", async () => {
    vi.stubGlobal("fetch", () => Promise.resolve(Response.json([{ id: 1, name: "Weapons" }])));
    await expect(callApi("/api/v1/store/category")).resolves.toEqual({ status: 200, ok: true, data: {}, list: [{ id: 1, name: "Weapons" }] });
  });
});

describe("api(): typed calls by endpoint, with the timeout of docs/product.md §9", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("fills path parameters (encoded), appends the query and sends the body with the endpoint's method", async () => {
    const seen: Array<{ url: string; method?: string; body?: unknown }> = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      seen.push({ url, method: init.method, body: init.body });
      return new Response(JSON.stringify({ ok: 1 }), { status: 200 });
    });
    await api(endpoints.purchaseProduct, { body: { id: 7 } });
    await api(endpoints.getTicket, { params: { id: 12 } });
    await api(endpoints.hiscoresPlayer, { params: { name: "Iron Man" }, query: { mode: "ironman" } });
    expect(seen).toEqual([
      { url: "/api/v1/store/purchase", method: "POST", body: JSON.stringify({ id: 7 }) },
      { url: "/api/v1/tickets/12", method: "GET", body: undefined },
      { url: "/api/v1/hiscores/player/Iron%20Man?mode=ironman", method: "GET", body: undefined },
    ]);
    expect(endpointUrl("/api/v1/forums/search", undefined, { q: "a b", page: undefined })).toBe("/api/v1/forums/search?q=a+b");
    expect(() => endpointUrl("/api/v1/tickets/{id}")).toThrow(/missing path parameter id/);
  });

  it("types each endpoint's arguments from its operation", () => {
    // Compile-time checks (tsc runs over tests): each line below must be a type error.
    const never = () => {
      // @ts-expect-error the purchase body needs an id
      void api(endpoints.purchaseProduct, { body: {} });
      // @ts-expect-error a ticket needs its id
      void api(endpoints.getTicket, {});
      // @ts-expect-error GET /user takes no body
      void api(endpoints.user, { body: { x: 1 } });
    };
    expect(typeof never).toBe("function");
  });

  it("types each endpoint's answer from its operation: the 200 (else 201) body as data, a JSON array as list", () => {
    // Compile-time checks (tsc runs over tests): the lines compile only with the answers typed.
    const typed = async () => {
      const bought = await api(endpoints.purchaseProduct, { body: { id: 1 } });
      const balance: number = bought.data.credits;
      const text: string = bought.data.success;
      const categories = await api(endpoints.storeCategories, {});
      const name: string | undefined = categories.list?.[0]?.name;
      const checkout = await api(endpoints.creditPurchase, { body: { id: 1, method: "stripe" } });
      const purchase: number = checkout.data.purchase_id;
      // @ts-expect-error the balance after a purchase is a number
      const wrong: string = bought.data.credits;
      return [balance, text, name, purchase, wrong];
    };
    expect(typeof typed).toBe("function");
  });

  it("gives up after 30 s by default (60 s when asked) and says so, not the generic server text", async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      "fetch",
      (_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(new Error("aborted")))),
    );
    const pending = callApi("/api/v1/user");
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const res = await pending;
    expect(res).toMatchObject({ status: 0, ok: false, timedOut: true });
    expect(failureFrom(res).formError).toBe(TIMED_OUT);

    const slow = callApi("/api/v1/store/credits/purchase", { method: "POST", body: {}, timeoutMs: API_TIMEOUT_LONG_MS });
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS + 1);
    let slowSettled = false;
    void slow.then(() => (slowSettled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(slowSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_LONG_MS);
    expect((await slow).timedOut).toBe(true);
  });

  it("keeps a network failure apart from a timeout (the generic text)", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    const res = await callApi("/api/v1/user");
    expect(res.timedOut).toBeUndefined();
    expect(failureFrom(res).formError).toBe(SERVER_ERROR);
  });
});
