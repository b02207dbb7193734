import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import * as catchAll from "@/app/api/v1/[[...path]]/route";
import { ZErrorBody } from "@/lib/schemas/api";
import { UNMATCHED_API_PATH } from "@/lib/server/http/unmatched";
import { disallowedMethod, loadApiRoutes } from "../../scripts/lib/api-requests.mjs";

// A path under /api/v1 that no operation has is answered by the API, not by the site's HTML 404
// page: 404 with the JSON error body every other refusal has, whatever the method
// (app/api/v1/[[...path]]/route.ts; Next routes every real path to its own route first).

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

describe("an unmatched path under /api/v1", () => {
  it.each(METHODS)("answers %s with 404 and the API's JSON error body", async (method) => {
    const handler = catchAll[method];
    const res = await handler(new NextRequest("http://localhost:3000/api/v1/no/such/route?x=1", { method, headers: { "x-request-id": "req-1" } }));
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-request-id")).toBe("req-1");
    const body = await res.json();
    expect(body).toEqual({ details: UNMATCHED_API_PATH });
    expect(ZErrorBody.safeParse(body).success).toBe(true);
  });

  it("is left to Next (and so to this route) by the server entry, while a real path's missing method stays a 405", () => {
    const routes = loadApiRoutes();
    expect(disallowedMethod(routes, "GET", "/api/v1/no/such/route")).toBeNull();
    expect(disallowedMethod(routes, "DELETE", "/api/v1/tickets/5/comments")).toBeNull();
    expect(disallowedMethod(routes, "DELETE", "/api/v1/forums")).toEqual(["GET", "HEAD", "OPTIONS"]);
  });
});
